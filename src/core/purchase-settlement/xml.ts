// The liquidación de compra (04) as SUNAT receives it: a UBL 2.1 SelfBilledInvoice (the root SUNAT's rules for
// the 04 key on; FacturadorPro emits the same), in the element order of UBL-SelfBilledInvoice-2.1.xsd. The
// company that buys is the AccountingCustomerParty (its RUC is the file's, SUNAT 1034/1007) and the seller
// without a RUC the AccountingSupplierParty (2800). Output is the "C14N-ready" form of src/core/ubl/xml-writer.ts.
import { taxScheme } from '../catalogs/index.ts';
import { documentId } from '../filenames.ts';
import type { Issuer } from '../issuer.ts';
import { formatPercent } from '../money.ts';
import { A } from '../ubl/fragments/attributes.ts';
import { writeSignaturePointer, writeSupplier } from '../ubl/fragments/parties.ts';
import { openLineSubtotal, writeScheme } from '../ubl/fragments/tax-total.ts';
import { openUbl21 } from '../ubl/fragments/opening.ts';
import type { XmlWriter } from '../ubl/xml-writer.ts';
import type { ComputedPurchaseSettlement, SettlementLine, SettlementSeller } from './types.ts';

export const SELF_BILLED_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:SelfBilledInvoice-2';

/** cac:Address of the seller's domicile and of the place of the operation: ubigeo, type, line, country. */
function writeAddress(
  w: XmlWriter,
  tag: string,
  a: { ubigeo: string; address: string; countryCode: string; addressTypeCode?: string },
): void {
  w.open(tag)
    .leaf('cbc:ID', a.ubigeo, A.ubigeo)
    .optionalLeaf('cbc:AddressTypeCode', a.addressTypeCode)
    .open('cac:AddressLine')
    .leaf('cbc:Line', a.address)
    .close()
    .open('cac:Country')
    .leaf('cbc:IdentificationCode', a.countryCode, A.country)
    .close()
    .close();
}

/** The seller: identity document (1, 4, 7: SUNAT 2800), name (2021) and domicile with its type (2452/2453/2456). */
function writeSeller(w: XmlWriter, s: SettlementSeller): void {
  w.open('cac:AccountingSupplierParty').open('cac:Party');
  w.open('cac:PartyIdentification').leaf('cbc:ID', s.documentNumber, A.identityDocument(s.documentType)).close();
  w.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', s.name);
  writeAddress(w, 'cac:RegistrationAddress', s);
  w.close().close().close();
}

/** Where the purchase happens (SUNAT 2458 type, 2454 line, 2455 ubigeo). */
function writePlace(w: XmlWriter, doc: ComputedPurchaseSettlement): void {
  const p = doc.place;
  w.open('cac:DeliveryTerms').open('cac:DeliveryLocation').leaf('cbc:LocationTypeCode', p.locationType);
  writeAddress(w, 'cac:Address', p);
  w.close().close();
}

/** The document's TaxTotal: the IGV (4301; the retention is not a tax the buyer charges) and one subtotal per
 *  IGV type present, then the retention's subtotal 3000 (4346). */
function writeTaxTotal(w: XmlWriter, doc: ComputedPurchaseSettlement): void {
  const cur = A.currency(doc.currency);
  const t = doc.totals;
  const subtotals: Array<['1000' | '9997' | '9998' | '3000', string, string]> = [
    ['1000', t.taxed, t.igv],
    ['9997', t.exonerated, '0.00'],
    ['9998', t.unaffected, '0.00'],
    ['3000', t.incomeTaxBase, t.incomeTax],
  ];
  w.open('cac:TaxTotal').leaf('cbc:TaxAmount', t.igv, cur);
  for (const [scheme, base, amount] of subtotals) {
    if (Number(base) === 0) continue;
    w.open('cac:TaxSubtotal')
      .leaf('cbc:TaxableAmount', base, cur)
      .leaf('cbc:TaxAmount', amount, cur)
      .open('cac:TaxCategory')
      .leaf('cbc:ID', taxScheme(scheme).categoryCode, A.taxCategory);
    writeScheme(w, scheme, true);
    w.close().close();
  }
  w.close();
}

function writeMonetaryTotal(w: XmlWriter, doc: ComputedPurchaseSettlement): void {
  const cur = A.currency(doc.currency);
  w.open('cac:LegalMonetaryTotal')
    .leaf('cbc:LineExtensionAmount', doc.totals.value, cur)
    .leaf('cbc:TaxInclusiveAmount', doc.totals.total, cur)
    .leaf('cbc:PayableAmount', doc.totals.payable, cur)
    .close();
}

/** A line's TaxTotal: its IGV-type subtotal (3105) and, when retained, the retention 3000 on the same base (4294). */
function writeLineTaxes(w: XmlWriter, line: SettlementLine, cur: string): void {
  w.open('cac:TaxTotal').leaf('cbc:TaxAmount', line.igv, cur);
  const base = { base: line.value, amount: line.igv };
  openLineSubtotal(w, base, cur, taxScheme(line.scheme).categoryCode, line.igvPercent).leaf(
    'cbc:TaxExemptionReasonCode',
    line.affectationCode,
  );
  writeScheme(w, line.scheme);
  w.close().close();
  if (line.incomeTax) {
    // No TaxExemptionReasonCode on the retention (SUNAT 3050); its Percent is 1.5 or 4 (4237).
    const retention = { base: line.value, amount: line.incomeTax.amount };
    openLineSubtotal(w, retention, cur, taxScheme('3000').categoryCode, formatPercent(line.incomeTax.percent));
    writeScheme(w, '3000');
    w.close().close();
  }
  w.close();
}

function writeLine(w: XmlWriter, line: SettlementLine, currency: string): void {
  const cur = A.currency(currency);
  w.open('cac:InvoiceLine')
    .leaf('cbc:ID', String(line.index))
    .leaf('cbc:InvoicedQuantity', line.quantity, A.unitCode(line.unitCode))
    .leaf('cbc:LineExtensionAmount', line.value, cur)
    .open('cac:PricingReference')
    .open('cac:AlternativeConditionPrice')
    .leaf('cbc:PriceAmount', line.unitPrice, cur)
    .leaf('cbc:PriceTypeCode', '01')
    .close()
    .close();
  writeLineTaxes(w, line, cur);
  w.open('cac:Item').leaf('cbc:Description', line.description);
  if (line.internalCode) w.open('cac:SellersItemIdentification').leaf('cbc:ID', line.internalCode).close();
  if (line.sunatProductCode) {
    w.open('cac:CommodityClassification').leaf('cbc:ItemClassificationCode', line.sunatProductCode, A.unspsc).close();
  }
  w.close();
  w.open('cac:Price').leaf('cbc:PriceAmount', line.unitValue, cur).close();
  w.close();
}

/** The unsigned "C14N-ready" XML of a numbered settlement. */
export function buildPurchaseSettlementXml(doc: ComputedPurchaseSettlement, issuer: Issuer): string {
  if (doc.number === null) throw new Error('buildPurchaseSettlementXml: the settlement has no number yet ("#")');
  const w = openUbl21('SelfBilledInvoice', SELF_BILLED_INVOICE_NS, documentId(doc.series, doc.number), doc);
  w.leaf('cbc:InvoiceTypeCode', '04', A.invoiceTypeCode(doc.operationType))
    .leaf('cbc:Note', doc.amountInWords, A.legend('1000'))
    .optionalLeaf('cbc:Note', doc.note)
    .leaf('cbc:DocumentCurrencyCode', doc.currency, A.currencyCode);
  writeSignaturePointer(w, issuer);
  writeSupplier(w, issuer, 'cac:AccountingCustomerParty');
  writeSeller(w, doc.seller);
  writePlace(w, doc);
  writeTaxTotal(w, doc);
  writeMonetaryTotal(w, doc);
  for (const line of doc.lines) writeLine(w, line, doc.currency);
  return w.toString();
}
