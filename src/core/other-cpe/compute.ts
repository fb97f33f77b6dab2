// What computing a perception (40) and a retention (20) have in common: the issue moment, the party, a related
// document's row, and the steps from the body to the computed voucher. A related document's payment, exchange rate
// and figures (perceived adds, retained subtracts) and the header sums are in figures.ts; the checks that only one
// type has stay in each type's compute.
import type { z } from 'zod';
import { daysBetween, MIDNIGHT, type DocumentContext } from '../invoice/context.ts';
import type { customerSchema } from '../invoice/schema.ts';
import { issue, type Issue, type IssueCode, type Warning, warning } from '../issues.ts';
import { type Decimal, dec, formatAmount, HUNDRED } from '../money.ts';
import { isValidRuc } from '../ruc.ts';
import { amountInWords, numberToLetter } from '../words.ts';
import { type FigureRules, voucherTotals } from './figures.ts';
import type { OtherCpeHeader, RelatedDocumentRow, VoucherParty } from './types.ts';

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

/** A RUC of valid format (`whose`: "del cliente") whose check digit fails: rejected in production, a warning in demo
 *  mode. */
export function checkRucCheckDigit(
  ruc: string,
  whose: string,
  code: IssueCode,
  path: string,
  ctx: DocumentContext,
  f: Findings,
): void {
  if (isValidRuc(ruc)) return;
  const message = `El RUC ${whose} ${ruc} no es válido: su dígito verificador no corresponde.`;
  if (ctx.mode === 'production') f.issues.push(issue(path, code, message));
  else f.warnings.push(warning(path, 'customer_ruc_check_digit', `${message} Se acepta en modo demo.`));
}

/** A related document may not be issued after the voucher (`voucher`: "la percepción", "la retención"). */
export function checkRelatedNotLater(
  d: RelatedDocumentBody,
  issueDate: string,
  path: string,
  voucher: string,
  f: Findings,
): void {
  if (daysBetween(d.fecha_de_emision, issueDate) < 0) {
    const message = `El documento relacionado no puede ser posterior a ${voucher}.`;
    f.issues.push(issue(`${path}.fecha_de_emision`, 'validation_failed', message));
  }
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
  /** The header's figures the body sent: Σ perceived or retained (under FigureRules.amountField) and Σ net. */
  totales?: Partial<Record<FigureRules['amountField'] | 'total_pagado', Decimal>>;
}

/** Σ perceived or retained (TotalInvoiceAmount) and Σ net (SUNATTotalCashed / SUNATTotalPaid). */
export interface VoucherTotals {
  amount: Decimal;
  net: Decimal;
}

/** What each type brings to the shared steps of computeOtherCpe. */
export interface OtherCpeCompute<B, R extends RelatedDocumentRow, D> {
  regimes: Record<string, { percent: string; description: string }>;
  regimeOf(body: B): string;
  checkParty(body: B, ctx: DocumentContext, f: Findings): void;
  row(d: B extends VoucherBody<infer X> ? X : never, i: number, issueDate: string, rate: Decimal, f: Findings): R;
  /** The figures' rules: the sign of the net, the field names, SUNAT's codes. */
  figures: FigureRules;
  /** A row's amount and net once computed, under neutral names. */
  rowFigures(row: R): { amount: string; net: string } | undefined;
  document(header: OtherCpeHeader, body: B, rows: R[], totals: VoucherTotals): D;
}

/** Issue moment → party → each related document → totals (./figures.ts) → the computed voucher, unless an issue was found. */
export function computeOtherCpe<B extends VoucherBody<unknown>, R extends RelatedDocumentRow, D>(
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
  const counted = rows.map((r) => r.inSums && spec.rowFigures(r));
  const sent = { amount: body.totales?.[spec.figures.amountField], total_pagado: body.totales?.total_pagado };
  const totals = voucherTotals(sent, counted, f, spec.figures);
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
