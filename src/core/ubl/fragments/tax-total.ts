// cac:TaxTotal of the document and of each line: one subtotal per catalog-05 scheme, with the
// TaxScheme row (ID, Name, TaxTypeCode) taken from the catalog.
import { taxScheme, type TaxSchemeCode } from '../../catalogs/index.ts';
import { formatPercent } from '../../money.ts';
import type { ComputedDocument, DocumentLine } from '../../invoice/types.ts';
import type { XmlWriter } from '../xml-writer.ts';
import { A } from './attributes.ts';

/** The catalog-05 row. Lines repeat it for every subtotal, so there it goes without the optional decorations. */
export function writeScheme(w: XmlWriter, code: TaxSchemeCode, decorated = false): void {
  const s = taxScheme(code);
  w.open('cac:TaxScheme')
    .leaf('cbc:ID', s.code, decorated ? A.taxScheme : '')
    .leaf('cbc:Name', s.name)
    .leaf('cbc:TaxTypeCode', s.taxTypeCode)
    .close();
}

export function writeDocumentTaxTotal(w: XmlWriter, doc: ComputedDocument): void {
  const cur = A.currency(doc.currency);
  w.open('cac:TaxTotal').leaf('cbc:TaxAmount', doc.totals.taxes, cur);
  for (const st of doc.taxSubtotals) {
    w.open('cac:TaxSubtotal');
    if (st.taxableAmount !== undefined) w.leaf('cbc:TaxableAmount', st.taxableAmount, cur);
    w.leaf('cbc:TaxAmount', st.taxAmount, cur);
    w.open('cac:TaxCategory');
    if (st.scheme !== '7152') w.leaf('cbc:ID', taxScheme(st.scheme).categoryCode, A.taxCategory);
    writeScheme(w, st.scheme, true);
    w.close().close();
  }
  w.close();
}

/** Opens a line's cac:TaxSubtotal down to its cac:TaxCategory, written through cbc:Percent; the caller closes it. */
export function openLineSubtotal(
  w: XmlWriter,
  tax: { base: string; amount: string },
  cur: string,
  categoryId: string,
  percent: string,
): XmlWriter {
  return w
    .open('cac:TaxSubtotal')
    .leaf('cbc:TaxableAmount', tax.base, cur)
    .leaf('cbc:TaxAmount', tax.amount, cur)
    .open('cac:TaxCategory')
    .leaf('cbc:ID', categoryId)
    .leaf('cbc:Percent', formatPercent(percent));
}

export function writeLineTaxTotal(w: XmlWriter, line: DocumentLine, currency: string): void {
  const cur = A.currency(currency);
  w.open('cac:TaxTotal').leaf('cbc:TaxAmount', line.taxes, cur);
  if (line.isc) {
    openLineSubtotal(w, line.isc, cur, 'S', line.isc.percent)
      // SUNAT 2373: sistema de cálculo del ISC (catalog 08).
      .leaf('cbc:TierRange', line.isc.systemCode);
    writeScheme(w, '2000');
    w.close().close();
  }
  // The IGV-type ("afectación") subtotal every line must carry (SUNAT 3105).
  openLineSubtotal(
    w,
    { base: line.igvBase, amount: line.igv },
    cur,
    taxScheme(line.scheme).categoryCode,
    line.igvPercent,
  ).leaf('cbc:TaxExemptionReasonCode', line.affectationCode);
  writeScheme(w, line.scheme);
  w.close().close();
  if (line.otherTaxes) {
    openLineSubtotal(w, line.otherTaxes, cur, 'S', line.otherTaxes.percent);
    writeScheme(w, '9999');
    w.close().close();
  }
  if (line.icbper) {
    // ICBPER: no TaxableAmount; bags in BaseUnitMeasure (3236), rate in PerUnitAmount (3238).
    w.open('cac:TaxSubtotal')
      .leaf('cbc:TaxAmount', line.icbper.amount, cur)
      .leaf('cbc:BaseUnitMeasure', line.icbper.bags, ' unitCode="NIU"')
      .open('cac:TaxCategory')
      .leaf('cbc:PerUnitAmount', line.icbper.rate, cur);
    writeScheme(w, '7152');
    w.close().close();
  }
  w.close();
}
