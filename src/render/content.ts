// The wording of each part of the printed representation, shared by the A4 and ticket layouts so both say
// the same thing in the same words; the layouts only decide where it goes.
import { formatDate } from './format.ts';
import { documentTitle, partyLabel, voucherWording } from './labels.ts';
import type { PrintLabelValue, PrintModel, PrintTotals } from './print-model.ts';

export function documentNumber(model: PrintModel): string {
  return `${model.series}-${model.number}`;
}

export function rucLine(model: PrintModel): string {
  return `R.U.C. N° ${model.issuer.ruc}`;
}

export interface TotalRow {
  label: string;
  value: string;
  /** The final amount, printed bold. */
  strong?: boolean;
}

type AmountKey = Exclude<keyof PrintTotals, 'igvRate' | 'incomeTaxRate'>;

/** The bases and discounts printed above the IGV row, in print order. */
const INVOICE_TOTAL_ROWS: Array<[AmountKey, string]> = [
  ['free', 'Op. gratuitas'],
  ['export', 'Op. exportación'],
  ['exonerated', 'Op. exoneradas'],
  ['unaffected', 'Op. inafectas'],
  ['taxed', 'Op. gravadas'],
  ['ivapBase', 'Op. gravadas IVAP'],
  ['discounts', 'Descuentos (-)'],
  ['isc', 'ISC'],
];

/** The rows below the IGV row, in print order. */
const TAX_AND_ADJUSTMENT_ROWS: Array<[AmountKey, string]> = [
  ['ivap', 'IVAP'],
  ['icbper', 'ICBPER'],
  ['otherTaxes', 'Otros tributos'],
  ['subtotal', 'Subtotal'],
  ['charges', 'Otros cargos (+)'],
  ['advances', 'Anticipos (-)'],
  ['rounding', 'Redondeo'],
];

/** Totals rows in print order: only the keys present in the model. */
export function totalRows(model: PrintModel): TotalRow[] {
  const t: PrintTotals = model.totals;
  const s = model.currency.symbol;
  const rows: TotalRow[] = [];
  const add = (value: string | undefined, label: string, strong = false): void => {
    if (value !== undefined) rows.push({ label, value: `${s} ${value}`, strong });
  };
  const voucher = voucherWording(model.documentType);
  if (voucher) {
    add(t.perceived, voucher.totalAmount);
    add(t.total, voucher.totalNet, true);
    return rows;
  }
  for (const [key, label] of INVOICE_TOTAL_ROWS) add(t[key], label);
  add(t.igv, t.igvRate !== undefined ? `IGV ${t.igvRate}%` : 'IGV');
  for (const [key, label] of TAX_AND_ADJUSTMENT_ROWS) add(t[key], label);
  add(t.total, 'IMPORTE TOTAL', true);
  // Liquidación de compra: the buyer keeps the retention and pays the IGV to SUNAT; the seller gets the rest.
  add(t.incomeTax, t.incomeTaxRate !== undefined ? `Retención IR ${t.incomeTaxRate}% (-)` : 'Retención IR (-)');
  add(t.netPaid, 'NETO A PAGAR AL VENDEDOR', true);
  return rows;
}

/** Legend 1000, printed as the document carries it ("SON QUINIENTOS OCHENTA CON 91/100 SOLES"). */
export function amountInWordsLine(model: PrintModel): string {
  return model.amountInWords;
}

/** Header pairs for the document side: dates, currency, operation, order, payment condition, extras. */
export function documentFields(model: PrintModel): PrintLabelValue[] {
  const fields: PrintLabelValue[] = [];
  fields.push({
    label: 'Fecha de emisión',
    value: formatDate(model.issueDate) + (model.issueTime ? ` ${model.issueTime}` : ''),
  });
  if (model.dueDate) fields.push({ label: 'Fecha de vencimiento', value: formatDate(model.dueDate) });
  // A guide moves goods: it has no currency (nor amounts).
  if (!model.dispatch) fields.push({ label: 'Moneda', value: model.currency.name });
  if (model.exchangeRate) fields.push({ label: 'Tipo de cambio', value: model.exchangeRate });
  if (model.operationType) fields.push({ label: 'Tipo de operación', value: model.operationType });
  if (model.perception)
    fields.push({ label: 'Régimen', value: `${model.perception.regime} (${model.perception.rate}%)` });
  if (model.purchaseOrder) fields.push({ label: 'Orden de compra', value: model.purchaseOrder });
  fields.push(...(model.headerFields ?? []));
  return fields;
}

/** Customer pairs. */
export function customerFields(model: PrintModel): PrintLabelValue[] {
  const c = model.customer;
  const fields: PrintLabelValue[] = [
    { label: partyLabel(model.documentType), value: c.name },
    { label: c.documentTypeLabel, value: c.documentNumber },
  ];
  if (c.address) fields.push({ label: 'Dirección', value: c.address });
  if (c.email) fields.push({ label: 'Correo', value: c.email });
  if (c.phone) fields.push({ label: 'Teléfono', value: c.phone });
  return fields;
}

/** Guides, related documents and advances as printed pairs. */
export function referenceFields(model: PrintModel): PrintLabelValue[] {
  const fields: PrintLabelValue[] = [];
  const join = (refs: { label: string; number: string; amount?: string }[]): string =>
    refs
      .map((r) => `${r.label} ${r.number}${r.amount !== undefined ? ` (${model.currency.symbol} ${r.amount})` : ''}`)
      .join('; ');
  if (model.guides?.length)
    fields.push({ label: model.guides.length > 1 ? 'Guías' : 'Guía', value: join(model.guides) });
  if (model.relatedDocuments?.length) fields.push({ label: 'Doc. relacionados', value: join(model.relatedDocuments) });
  if (model.advances?.length) fields.push({ label: 'Anticipos', value: join(model.advances) });
  return fields;
}

/** For credit and debit notes: what they modify and why. */
export function noteFields(model: PrintModel): PrintLabelValue[] {
  const n = model.note;
  if (!n) return [];
  const fields: PrintLabelValue[] = [
    { label: 'Documento que modifica', value: `${n.affectedDocumentLabel} ${n.affectedDocumentNumber}` },
  ];
  if (n.affectedDocumentDate) fields.push({ label: 'Fecha del documento', value: formatDate(n.affectedDocumentDate) });
  fields.push({ label: 'Tipo de nota', value: n.noteType });
  fields.push({ label: 'Motivo', value: n.reason });
  return fields;
}

export const DETRACTION_TITLE = 'OPERACIÓN SUJETA A DETRACCIÓN (SPOT)';

export function detractionFields(model: PrintModel): PrintLabelValue[] {
  const d = model.detraction;
  if (!d) return [];
  const fields: PrintLabelValue[] = [
    { label: 'Bien o servicio', value: d.goodsOrService },
    { label: 'Porcentaje', value: `${d.percent}%` },
    { label: 'Monto de la detracción', value: `S/ ${d.amount}` },
    { label: 'Cta. Banco de la Nación', value: d.account },
  ];
  if (d.paymentMethod) fields.push({ label: 'Medio de pago', value: d.paymentMethod });
  return fields;
}

/** RS 193-2020: a credit sale prints the net amount pending payment next to its instalments. */
export function pendingPaymentLine(model: PrintModel): string | undefined {
  const pending = model.totals.pendingPayment;
  return pending === undefined ? undefined : `Monto neto pendiente de pago: ${model.currency.symbol} ${pending}`;
}

export function paymentLines(model: PrintModel): string[] {
  const payments = model.paymentTerms?.payments ?? [];
  return payments.map(
    (p) => `${p.method}${p.reference ? ` (${p.reference})` : ''}: ${model.currency.symbol} ${p.amount}`,
  );
}

/** Legends other than the amount in words, which has its own line. */
export function legendTexts(model: PrintModel): string[] {
  return (model.legends ?? []).filter((l) => l.code !== '1000').map((l) => l.text);
}

export function footerLegend(model: PrintModel, representation: string): string {
  return `${representation}, consulte en ${model.consultationUrl}`;
}

export function continuationTitle(model: PrintModel): string {
  return `${documentTitle(model.documentType)} ${documentNumber(model)}`;
}
