// cac:TaxTotal of the document and of each line (sunat.md §1.10): one subtotal per catalog-05 scheme, with the
// TaxScheme row (ID, Name, TaxTypeCode) taken from the catalog.
import { taxScheme, type TaxSchemeCode } from '../../catalogs/index.ts';
import { formatPercent } from '../../money.ts';
import type { ComputedDocument, DocumentLine } from '../../invoice/types.ts';
import type { XmlWriter } from '../xml-writer.ts';
import { A } from './attributes.ts';

/** The catalog-05 row. Lines repeat it for every subtotal, so there it goes without the optional decorations. */
function writeScheme(w: XmlWriter, code: TaxSchemeCode, decorated = false): void {
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

export function writeLineTaxTotal(w: XmlWriter, line: DocumentLine, currency: string): void {
  const cur = A.currency(currency);
  w.open('cac:TaxTotal').leaf('cbc:TaxAmount', line.taxes, cur);
  if (line.isc) {
    w.open('cac:TaxSubtotal')
      .leaf('cbc:TaxableAmount', line.isc.base, cur)
      .leaf('cbc:TaxAmount', line.isc.amount, cur)
      .open('cac:TaxCategory')
      .leaf('cbc:ID', 'S')
      .leaf('cbc:Percent', formatPercent(line.isc.percent))
      // SUNAT 2373: sistema de cálculo del ISC (catalog 08).
      .leaf('cbc:TierRange', line.isc.systemCode);
    writeScheme(w, '2000');
    w.close().close();
  }
  // The IGV-type ("afectación") subtotal every line must carry (SUNAT 3105).
  w.open('cac:TaxSubtotal')
    .leaf('cbc:TaxableAmount', line.igvBase, cur)
    .leaf('cbc:TaxAmount', line.igv, cur)
    .open('cac:TaxCategory')
    .leaf('cbc:ID', taxScheme(line.scheme).categoryCode)
    .leaf('cbc:Percent', formatPercent(line.igvPercent))
    .leaf('cbc:TaxExemptionReasonCode', line.affectationCode);
  writeScheme(w, line.scheme);
  w.close().close();
  if (line.otherTaxes) {
    w.open('cac:TaxSubtotal')
      .leaf('cbc:TaxableAmount', line.otherTaxes.base, cur)
      .leaf('cbc:TaxAmount', line.otherTaxes.amount, cur)
      .open('cac:TaxCategory')
      .leaf('cbc:ID', 'S')
      .leaf('cbc:Percent', formatPercent(line.otherTaxes.percent));
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
