// The core's computed document (what was signed) → the PrintModel. Only wording and formatting happen here:
// every figure is the computed document's, so the PDF always says what the XML says.
import {
  creditNoteTypes,
  debitNoteTypes,
  detractionGoods,
  documentTypes,
  operationTypes,
  paymentMeans,
  relatedDocumentTypes,
} from '../core/catalogs/index.ts';
import type { ComputedDocument, DocumentLine, DocumentTotals, Issuer } from '../core/index.ts';
import { formatAmount, formatFlexible } from './format.ts';
import { describeCurrency, identityDocumentLabel, stateWatermark } from './labels.ts';
import type {
  PrintLabelValue,
  PrintLine,
  PrintModel,
  PrintPaymentTerms,
  PrintReference,
  PrintTotals,
} from './print-model.ts';

export interface PrintContext {
  /** DigestValue of the signed XML ("Valor resumen"). */
  hash: string;
  /** The QR payload (core/qr.ts `qrText`). */
  qrText: string;
  /** state_type_id: a rejected (09) or voided (11) document prints with a watermark. */
  state?: string;
  /** Where the customer can check the document; SUNAT's own validity check by default. */
  consultationUrl?: string;
  /** The tenant's logo, base64 PNG/JPEG. */
  logoBase64?: string;
  website?: string;
  /** "Autorizado mediante Resolución …" (OSE/PSE issuers). */
  authorization?: string;
  /** Issue date of the document a note modifies, when the service knows it. */
  affectedDocumentDate?: string;
}

/** SUNAT's public page to check an electronic payment voucher's validity. */
export const SUNAT_CONSULTATION_URL = 'https://e-consultaruc.sunat.gob.pe/cl-ti-itconsvalicpe/ConsValiCpe.htm';

/** FacturadorPro's tenant table payment_method_types; unknown codes print as sent. */
const PAYMENT_METHODS: Record<string, string> = {
  '01': 'Efectivo',
  '02': 'Tarjeta de crédito',
  '03': 'Tarjeta de débito',
  '04': 'Transferencia',
  '05': 'Factura a 30 días',
  '06': 'Tarjeta crédito Visa',
  '07': 'Contado contraentrega',
  '08': 'A 30 días',
  '09': 'Crédito',
  '10': 'Contado',
};

const isZero = (v: string | undefined): boolean => v === undefined || /^-?0*(\.0*)?$/.test(v);
const amountIfAny = (v: string | undefined): string | undefined => (isZero(v) ? undefined : formatAmount(v!));
const withCode = (code: string, description: string | undefined): string =>
  description ? `${code} - ${description}` : code;

/** The issuer block of every printed representation. */
export function printIssuer(issuer: Issuer, context: { website?: string; logoBase64?: string }): PrintModel['issuer'] {
  return {
    ruc: issuer.ruc,
    name: issuer.razonSocial,
    tradeName: issuer.nombreComercial || undefined,
    address: addressLine(issuer.fiscalAddress ?? issuer.address),
    establishment: issuer.fiscalAddress ? establishmentLine(issuer) : undefined,
    phone: issuer.telefono,
    email: issuer.email,
    website: context.website,
    logoBase64: context.logoBase64,
  };
}

function addressLine(a: Issuer['address']): string {
  const street = [a.direccion, a.urbanizacion].filter((p) => p && p.trim() !== '').join(', ');
  const place = [a.distrito, a.provincia, a.departamento].filter((p) => p && p.trim() !== '' && p !== '-').join(' - ');
  return [street, place].filter(Boolean).join(', ');
}

/** The annex a document was issued from (SUNAT 3030: its code is the XML's AddressTypeCode). */
function establishmentLine(issuer: Issuer): string {
  const a = issuer.address;
  const name = issuer.establishmentName ? ` (${issuer.establishmentName})` : '';
  return `Establecimiento ${a.codigoEstablecimiento}${name}: ${addressLine(a)}`;
}

function lineDetails(line: DocumentLine): string[] | undefined {
  const details: string[] = [];
  for (const a of line.attributes) {
    const period = [a.startDate && `desde ${a.startDate}`, a.endDate && `hasta ${a.endDate}`].filter(Boolean).join(' ');
    details.push([`${a.name}${a.value !== undefined ? `: ${a.value}` : ''}`, period].filter(Boolean).join(' '));
  }
  if (line.additionalInformation) details.push(line.additionalInformation);
  if (line.priceType === '02') details.push('Transferencia gratuita — valor referencial');
  return details.length ? details : undefined;
}

function printLine(line: DocumentLine): PrintLine {
  const free = line.priceType === '02';
  return {
    quantity: formatFlexible(line.quantity),
    unit: line.unitCode,
    code: line.internalCode || undefined,
    description: line.description,
    details: lineDetails(line),
    // A free line's unit price (PriceTypeCode 02) is its referential value; what the customer pays is 0.
    unitValue: formatFlexible(free ? line.unitPrice : line.unitValue),
    unitPrice: free ? formatAmount(0) : formatFlexible(line.unitPrice),
    discount: amountIfAny(line.discountTotal),
    amount: formatAmount(line.total),
  };
}

/** The IGV rate printed next to the label: the rate of the taxed lines (18, or 10 for MYPE restaurants). */
function igvRate(lines: DocumentLine[]): string | undefined {
  const taxed = lines.find((l) => l.scheme === '1000' && l.onerous);
  return taxed ? taxed.igvPercent : undefined;
}

function printTotals(t: DocumentTotals, lines: DocumentLine[], credit: boolean): PrintTotals {
  const taxed = amountIfAny(t.taxed);
  const igv = taxed || !isZero(t.igv) ? formatAmount(t.igv) : undefined;
  return {
    taxed,
    ivapBase: amountIfAny(t.ivapBase),
    ivap: amountIfAny(t.ivap),
    exonerated: amountIfAny(t.exonerated),
    unaffected: amountIfAny(t.unaffected),
    export: amountIfAny(t.exportation),
    free: amountIfAny(t.free),
    discounts: amountIfAny(t.discountTotal),
    charges: amountIfAny(t.chargeTotal),
    advances: amountIfAny(t.prepaid),
    rounding: t.rounding,
    subtotal: t.taxInclusive !== t.payable && !isZero(t.taxInclusive) ? formatAmount(t.taxInclusive) : undefined,
    igvRate: igv ? igvRate(lines) : undefined,
    igv,
    isc: amountIfAny(t.isc),
    icbper: amountIfAny(t.icbper),
    otherTaxes: amountIfAny(t.otherTaxes),
    total: formatAmount(t.payable),
    pendingPayment: credit && t.pending !== t.payable && !isZero(t.pending) ? formatAmount(t.pending) : undefined,
  };
}

function paymentTerms(d: ComputedDocument): PrintPaymentTerms | undefined {
  const invoice = d.documentType === '01' || d.documentType === '03';
  if (!invoice && !d.paymentForm && d.installments.length === 0) return undefined;
  const credit = (d.paymentForm ?? (d.paymentCondition === '02' ? 'Credito' : 'Contado')) === 'Credito';
  return {
    condition: credit ? 'Crédito' : 'Contado',
    instalments:
      d.installments.length === 0
        ? undefined
        : d.installments.map((c) => ({
            label: c.id.replace(/^Cuota(\d+)$/, 'Cuota $1'),
            dueDate: c.dueDate,
            amount: formatAmount(c.amount),
          })),
    payments:
      d.payments.length === 0
        ? undefined
        : d.payments.map((p) => ({
            method: PAYMENT_METHODS[p.methodCode] ?? p.methodCode,
            reference: p.reference,
            amount: formatAmount(p.amount),
          })),
  };
}

function references(
  refs: { number: string; documentType: string; amount?: string }[],
  labelOf: (code: string) => string | undefined,
): PrintReference[] | undefined {
  if (refs.length === 0) return undefined;
  return refs.map((r) => ({
    label: labelOf(r.documentType) ?? r.documentType,
    number: r.number,
    amount: amountIfAny(r.amount),
  }));
}

/** FacturadorPro's convention for informacion_adicional: "Forma de pago:Efectivo|Caja: 1". */
function labelValuePairs(text: string): PrintLabelValue[] {
  return text
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((pair) => {
      const at = pair.indexOf(':');
      return at <= 0
        ? { label: 'Información', value: pair }
        : { label: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
    });
}

function extraText(extra: Record<string, unknown>, key: string): string | undefined {
  const v = extra[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
}

function additionalInformation(d: ComputedDocument): PrintLabelValue[] | undefined {
  const rows = d.additionalInformation ? labelValuePairs(d.additionalInformation) : [];
  const pen = (v: string): string => `S/ ${formatAmount(v)}`;
  if (d.perception) {
    rows.push({
      label: 'Percepción',
      value: `${pen(d.perception.amount)} (${d.perception.percent}% de ${pen(d.perception.base)}); total a cobrar ${pen(d.perception.totalWithPerception)}`,
    });
  }
  if (d.retention) {
    rows.push({
      label: 'Retención del IGV',
      value: `${describeCurrency(d.currency).symbol} ${formatAmount(d.retention.amount)} (${d.retention.percent}% de ${formatAmount(d.retention.base)})`,
    });
  }
  return rows.length ? rows : undefined;
}

/**
 * Maps a computed (and numbered, signed) sales document — factura, boleta, nota de crédito or débito — to what
 * its PDF prints. Throws when the document has no number yet: nothing is printed before it is issued.
 */
export function printModelFromComputed(document: ComputedDocument, issuer: Issuer, context: PrintContext): PrintModel {
  const d = document;
  if (d.number === null) throw new Error('printModelFromComputed: the document has no number yet');
  const currency = describeCurrency(d.currency);
  const terms = paymentTerms(d);
  const headerFields: PrintLabelValue[] = [];
  const plate = extraText(d.extra, 'numero_de_placa');
  if (plate) headerFields.push({ label: 'Placa', value: plate });
  const note = d.note;
  const affected = note?.affectedDocument;
  return {
    documentType: d.documentType,
    series: d.series,
    number: String(d.number),
    issuer: printIssuer(issuer, context),
    customer: {
      documentTypeCode: d.customer.documentType,
      documentTypeLabel: identityDocumentLabel(d.customer.documentType),
      documentNumber: d.customer.documentNumber,
      name: d.customer.name,
      address: d.customer.address,
    },
    issueDate: d.issueDate,
    issueTime: d.issueTime,
    dueDate: d.dueDate,
    currency,
    exchangeRate: d.currency !== 'PEN' && d.exchangeRate && d.exchangeRate !== '1' ? d.exchangeRate : undefined,
    operationType: d.operationType ? operationTypes.get(d.operationType)?.description : undefined,
    purchaseOrder: d.purchaseOrder,
    guides: references(d.guides, (c) => documentTypes.get(c)?.description),
    relatedDocuments: references(d.related, (c) => relatedDocumentTypes.get(c)?.description),
    advances: d.advances.length
      ? d.advances.map((a) => ({
          label: relatedDocumentTypes.get(a.documentType)?.description ?? a.documentType,
          number: a.number,
          amount: formatAmount(a.total),
        }))
      : undefined,
    headerFields: headerFields.length ? headerFields : undefined,
    lines: d.lines.map(printLine),
    totals: printTotals(d.totals, d.lines, terms?.condition === 'Crédito'),
    amountInWords: d.amountInWords,
    legends: d.legends.some((l) => l.code !== '1000')
      ? d.legends.filter((l) => l.code !== '1000').map((l) => ({ code: l.code, text: l.value }))
      : undefined,
    paymentTerms: terms,
    detraction: d.detraction
      ? {
          goodsOrService: withCode(d.detraction.code, detractionGoods.get(d.detraction.code)?.description),
          percent: d.detraction.percent,
          amount: formatAmount(d.detraction.amount),
          account: d.detraction.account,
          paymentMethod: withCode(
            d.detraction.paymentMeansCode,
            paymentMeans.get(d.detraction.paymentMeansCode)?.description,
          ),
        }
      : undefined,
    note:
      note && affected
        ? {
            affectedDocumentLabel:
              (affected.documentType && documentTypes.get(affected.documentType)?.printedName) || 'DOCUMENTO',
            affectedDocumentNumber: `${affected.series ?? ''}-${affected.number ?? ''}`,
            affectedDocumentDate: context.affectedDocumentDate,
            noteType: withCode(
              note.typeCode,
              (d.documentType === '08' ? debitNoteTypes : creditNoteTypes).get(note.typeCode)?.description,
            ),
            reason: note.reason,
          }
        : undefined,
    qrText: context.qrText,
    hash: context.hash,
    consultationUrl: context.consultationUrl ?? SUNAT_CONSULTATION_URL,
    observations: extraText(d.extra, 'terminos_condiciones'),
    additionalInformation: additionalInformation(d),
    authorization: context.authorization,
    watermark: stateWatermark(context.state),
  };
}
