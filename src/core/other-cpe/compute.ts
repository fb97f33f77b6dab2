// What computing a perception (40) and a retention (20) have in common: the issue moment, the party, a related
// document's row and its exchange rate to PEN. A related document's payment and figures (perceived adds, retained
// subtracts) are in figures.ts; the checks that only one type has stay in each type's compute.
import type { z } from 'zod';
import { daysBetween, MIDNIGHT, type DocumentContext } from '../invoice/context.ts';
import type { customerSchema } from '../invoice/schema.ts';
import { issue, warning, type Issue, type Warning } from '../issues.ts';
import { Decimal, dec, formatAmount, HUNDRED } from '../money.ts';
import { amountInWords, numberToLetter } from '../words.ts';
import type { OtherCpeHeader, RelatedDocumentRow, VoucherExchangeRate, VoucherParty } from './types.ts';

export interface Findings {
  issues: Issue[];
  warnings: Warning[];
}

/** The fields both bodies give for a related document. */
export interface RelatedDocumentBody {
  codigo_tipo_documento: string;
  serie_documento: string;
  numero_documento: string;
  fecha_de_emision: string;
  codigo_tipo_moneda: string;
  total_documento: Decimal;
  pagos?: Array<{ total_pago: Decimal; codigo_tipo_moneda: string; fecha_de_pago?: string }>;
  tipo_de_cambio?: {
    codigo_tipo_moneda_referencia: string;
    codigo_tipo_moneda_objetivo: string;
    factor: Decimal;
    fecha_tipo_de_cambio?: string;
  };
}

export function issueMoment(
  body: { fecha_de_emision?: string; hora_de_emision?: string },
  ctx: DocumentContext,
  f: Findings,
): { date: string; time: string } {
  // Without fecha_de_emision the voucher is issued today in Lima (and, without a time either, now).
  const date = body.fecha_de_emision ?? ctx.today;
  const time = body.hora_de_emision ?? (body.fecha_de_emision ? MIDNIGHT : (ctx.timeNow ?? MIDNIGHT));
  if (daysBetween(date, ctx.today) < 0) {
    const message = `La fecha de emisión ${date} es posterior a hoy (${ctx.today}).`;
    f.issues.push(issue('fecha_de_emision', 'issue_date_out_of_range', message));
  }
  return { date, time };
}

export function voucherParty(c: z.output<typeof customerSchema>): VoucherParty {
  return {
    documentType: c.codigo_tipo_documento_identidad,
    documentNumber: c.numero_documento.trim(),
    name: c.apellidos_y_nombres_o_razon_social.trim(),
    tradeName: c.nombre_comercial,
    countryCode: c.codigo_pais ?? 'PE',
    ubigeo: c.ubigeo,
    address: c.direccion,
    email: c.correo_electronico,
    phone: c.telefono,
  };
}

/** The row of a related document; credit notes and vouchers of the own type stay out of the sums. */
export function relatedRow(d: RelatedDocumentBody, ownType: '40' | '20'): RelatedDocumentRow {
  return {
    documentType: d.codigo_tipo_documento,
    series: d.serie_documento,
    number: Number(d.numero_documento),
    issueDate: d.fecha_de_emision,
    currency: d.codigo_tipo_moneda,
    total: formatAmount(d.total_documento),
    inSums: d.codigo_tipo_documento !== '07' && d.codigo_tipo_documento !== ownType,
  };
}

/** The payment is in the document's currency and not above its total; `act` is "cobro" or "pago". */
export function checkPayment(
  d: RelatedDocumentBody,
  paid: Decimal,
  path: string,
  f: Findings,
  wording: { act: 'cobro' | 'pago'; currencyRule?: string },
): void {
  const payment = d.pagos?.[0];
  if (payment && payment.codigo_tipo_moneda !== d.codigo_tipo_moneda) {
    const rule = wording.currencyRule;
    const message = `El ${wording.act} debe estar en la moneda del documento relacionado${rule ? ` (SUNAT ${rule})` : ''}.`;
    f.issues.push(
      issue(`${path}.pagos[0].codigo_tipo_moneda`, 'validation_failed', message, rule ? { sunatRule: rule } : {}),
    );
  }
  if (paid.gt(d.total_documento)) {
    const message = `El ${wording.act} (${formatAmount(paid)}) supera el total del documento (${formatAmount(d.total_documento)}).`;
    f.issues.push(issue(`${path}.pagos[0].total_pago`, 'validation_failed', message));
  }
}

/**
 * The factor to PEN of a related document and the exchange rate to write, checked as SUNAT does (2716, 2749):
 * `rules.missing` is the rule of a missing rate (2715 perception, 2721 retention), `rules.pair` the one reported for
 * a rate that is not document currency → PEN.
 */
export function exchangeOf(
  d: RelatedDocumentBody,
  path: string,
  date: string,
  f: Findings,
  rules: { missing: string; pair: string },
): { factor: Decimal; rate?: VoucherExchangeRate } {
  const fx = d.tipo_de_cambio;
  if (d.codigo_tipo_moneda === 'PEN') {
    if (fx && !fx.factor.eq(1)) {
      const message = 'Documento en soles: el tipo de cambio se toma como 1.';
      f.warnings.push(warning(`${path}.tipo_de_cambio.factor`, 'value_normalized', message));
    }
    return { factor: new Decimal(1) };
  }
  if (!fx) {
    const message = `Falta el tipo de cambio: el documento no está en soles (SUNAT ${rules.missing}).`;
    f.issues.push(issue(`${path}.tipo_de_cambio`, 'validation_failed', message, { sunatRule: rules.missing }));
    return { factor: new Decimal(1) };
  }
  if (fx.codigo_tipo_moneda_referencia !== d.codigo_tipo_moneda || fx.codigo_tipo_moneda_objetivo !== 'PEN') {
    const message = `El tipo de cambio debe ir de ${d.codigo_tipo_moneda} a PEN (SUNAT 2749/2720).`;
    f.issues.push(issue(`${path}.tipo_de_cambio`, 'validation_failed', message, { sunatRule: rules.pair }));
  }
  if (fx.factor.decimalPlaces() > 6 || fx.factor.gte(10_000)) {
    const message = 'El tipo de cambio admite hasta 4 enteros y 6 decimales (SUNAT 2716).';
    f.issues.push(issue(`${path}.tipo_de_cambio.factor`, 'validation_failed', message, { sunatRule: '2716' }));
  }
  const rate = {
    source: d.codigo_tipo_moneda,
    target: 'PEN',
    rate: fx.factor.toFixed(6),
    date: fx.fecha_tipo_de_cambio ?? date,
  };
  return { factor: fx.factor, rate };
}

/** The body fields the skeleton reads; each type's body has them under these names. */
interface VoucherBody<R> {
  serie_documento: string;
  numero_documento: number | '#';
  fecha_de_emision?: string;
  hora_de_emision?: string;
  observaciones?: string;
  documentos: R[];
  acciones?: { formato_pdf?: 'a4' | 'ticket' };
}

/** Σ perceived or retained (TotalInvoiceAmount) and Σ net (SUNATTotalCashed / SUNATTotalPaid). */
export interface VoucherTotals {
  amount: Decimal;
  net: Decimal;
}

/** What each type brings to the shared steps of computeOtherCpe. */
export interface OtherCpeCompute<B, R, D> {
  regimes: Record<string, { percent: string; description: string }>;
  regimeOf(body: B): string;
  checkParty(body: B, ctx: DocumentContext, f: Findings): void;
  row(d: B extends VoucherBody<infer X> ? X : never, i: number, issueDate: string, rate: Decimal, f: Findings): R;
  /** Undefined when the sums cannot be computed (too large). */
  totals(body: B, rows: R[], f: Findings): VoucherTotals | undefined;
  document(header: OtherCpeHeader, body: B, rows: R[], totals: VoucherTotals): D;
}

/** Issue moment → party → each related document → totals → the computed voucher, unless an issue was found. */
export function computeOtherCpe<B extends VoucherBody<unknown>, R, D>(
  body: B,
  ctx: DocumentContext,
  spec: OtherCpeCompute<B, R, D>,
): { document?: D; issues: Issue[]; warnings: Warning[] } {
  const f: Findings = { issues: [], warnings: [] };
  const code = spec.regimeOf(body);
  const regime = spec.regimes[code];
  const rate = dec(regime.percent).div(HUNDRED);
  const when = issueMoment(body, ctx, f);
  spec.checkParty(body, ctx, f);
  const rows = body.documentos.map((d, i) => spec.row(d as never, i, when.date, rate, f));
  const totals = spec.totals(body, rows, f);
  if (!totals || f.issues.length > 0) return f;
  const header: OtherCpeHeader = {
    schemaVersion: 1,
    series: body.serie_documento,
    number: body.numero_documento === '#' ? null : body.numero_documento,
    issueDate: when.date,
    issueTime: when.time,
    regime: code,
    regimeDescription: regime.description,
    percent: regime.percent,
    note: body.observaciones,
    amountInWords: amountInWords(totals.net, 'PEN'),
    numberToLetter: numberToLetter(totals.net),
    pdfFormat: body.acciones?.formato_pdf ?? 'a4',
  };
  return { ...f, document: spec.document(header, body, rows, totals) };
}
