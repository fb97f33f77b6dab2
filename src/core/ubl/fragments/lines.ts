// Document lines (cac:InvoiceLine / cac:CreditNoteLine / cac:DebitNoteLine). The three types
// share their children but not their order: InvoiceLine puts AllowanceCharge before TaxTotal, the note lines
// after it (UBL 2.1 XSD). Lines carry only the attributes SUNAT requires (unitCode, currencyID): the optional
// list/scheme decorations would repeat on every line and grow the signed document by a third.
import type { DocumentLine } from '../../invoice/types.ts';
import type { XmlWriter } from '../xml-writer.ts';
import { writeAllowanceCharge } from './allowance-charges.ts';
import { A } from './attributes.ts';
import { writeLineTaxTotal } from './tax-total.ts';

export type LineKind = 'InvoiceLine' | 'CreditNoteLine' | 'DebitNoteLine';

const QUANTITY: Record<LineKind, string> = {
  InvoiceLine: 'cbc:InvoicedQuantity',
  CreditNoteLine: 'cbc:CreditedQuantity',
  DebitNoteLine: 'cbc:DebitedQuantity',
};

function gtinScheme(gtin: string): string | undefined {
  return /^\d+$/.test(gtin) && [8, 12, 13, 14].includes(gtin.length) ? `GTIN-${gtin.length}` : undefined;
}

export function writeLine(w: XmlWriter, line: DocumentLine, kind: LineKind, currency: string): void {
  const cur = A.currency(currency);
  w.open(`cac:${kind}`)
    .leaf('cbc:ID', String(line.index))
    .leaf(QUANTITY[kind], line.quantity, A.unitCode(line.unitCode))
    .leaf('cbc:LineExtensionAmount', line.lineExtensionAmount, cur)
    .open('cac:PricingReference')
    .open('cac:AlternativeConditionPrice')
    .leaf('cbc:PriceAmount', line.unitPrice, cur)
    .leaf('cbc:PriceTypeCode', line.priceType)
    .close()
    .close();
  if (kind === 'InvoiceLine') {
    for (const ac of line.allowanceCharges) writeAllowanceCharge(w, ac);
    writeLineTaxTotal(w, line, currency);
  } else {
    writeLineTaxTotal(w, line, currency);
    for (const ac of line.allowanceCharges) writeAllowanceCharge(w, ac);
  }
  w.open('cac:Item').leaf('cbc:Description', line.descriptionXml ?? line.description);
  if (line.internalCode) w.open('cac:SellersItemIdentification').leaf('cbc:ID', line.internalCode).close();
  if (line.gtin) {
    const scheme = gtinScheme(line.gtin);
    w.open('cac:StandardItemIdentification')
      .leaf('cbc:ID', line.gtin, scheme ? ` schemeID="${scheme}"` : '')
      .close();
  }
  if (line.sunatProductCode) {
    w.open('cac:CommodityClassification').leaf('cbc:ItemClassificationCode', line.sunatProductCode, A.unspsc).close();
  }
  for (const p of line.attributes) {
    w.open('cac:AdditionalItemProperty')
      .leaf('cbc:Name', p.name)
      .leaf('cbc:NameCode', p.code, A.itemProperty)
      .optionalLeaf('cbc:Value', p.value)
      .optionalLeaf('cbc:ValueQuantity', p.quantity);
    if (p.startDate || p.endDate || p.duration) {
      w.open('cac:UsabilityPeriod')
        .optionalLeaf('cbc:StartDate', p.startDate)
        .optionalLeaf('cbc:EndDate', p.endDate)
        .optionalLeaf('cbc:DurationMeasure', p.duration, ' unitCode="DAY"')
        .close();
    }
    w.close();
  }
  w.close();
  w.open('cac:Price').leaf('cbc:PriceAmount', line.unitValue, cur).close();
  w.close();
}
