// Retention figures (POST /api/retentions). Per related document:
//   base in PEN = round2(paid × exchange rate)            (rate 1 when the document is in PEN)
//   retained    = round2(base in PEN × regime percent)      (catalog 23; SUNAT 2623 checks the three amounts)
//   net paid    = base in PEN − retained                    (SUNATNetTotalPaid)
// Header: TotalInvoiceAmount = Σ retained (2628), SUNATTotalPaid = Σ net paid (2629); credit notes (07) and other
// retentions (20) are listed but stay out of the sums. Amounts the client sent are checked (±0.01) and kept.
import { amountInWords, numberToLetter } from '../words.ts';
import { hasRucFormat, isValidRuc } from '../ruc.ts';
import { daysBetween, MIDNIGHT, type DocumentContext } from '../invoice/context.ts';
import { issue, warning, type Issue, type Warning } from '../issues.ts';
import { Decimal, dec, formatAmount, HUNDRED, round2, sum, ZERO } from '../money.ts';
import { RETENTION_REGIMES, SIX_PERCENT_LAST_DATE } from './catalogs.ts';
import type { RetainedDocumentBody, RetentionBody } from './schema.ts';
import type { ComputedRetention, RetainedDocument } from './types.ts';

const TOLERANCE = new Decimal('0.01');

interface Findings {
  issues: Issue[];
  warnings: Warning[];
}

function checked(path: string, sent: Decimal | undefined, expected: Decimal, f: Findings, sunatRule: string): Decimal {
  if (sent === undefined) return expected;
  if (sent.minus(expected).abs().lte(TOLERANCE)) return round2(sent);
  const message = `${path}: se esperaba ${formatAmount(expected)} y se recibió ${formatAmount(sent)} (SUNAT ${sunatRule}).`;
  const detail = { expected: formatAmount(expected), received: formatAmount(sent), sunatRule };
  f.issues.push(issue(path, 'totals_mismatch', message, detail));
  return sent;
}

/** SUNAT 2724: the supplier is identified by its RUC; 2620: it is not the issuer itself. */
function checkSupplier(body: RetentionBody, ctx: DocumentContext, f: Findings): void {
  const path = 'datos_del_proveedor.numero_documento';
  const supplier = body.datos_del_proveedor;
  const ruc = supplier.numero_documento.trim();
  if (supplier.codigo_tipo_documento_identidad !== '6' || !hasRucFormat(ruc)) {
    const message = `El proveedor se identifica con su RUC de 11 dígitos (tipo 6); se recibió "${ruc}" (SUNAT 2724).`;
    f.issues.push(issue(path, 'supplier_ruc_invalid', message, { sunatRule: '2724' }));
    return;
  }
  if (ruc === ctx.issuer.ruc) {
    const message = 'El proveedor no puede ser el mismo emisor del comprobante de retención (SUNAT 2620).';
    f.issues.push(issue(path, 'supplier_ruc_invalid', message, { sunatRule: '2620' }));
  } else if (!isValidRuc(ruc)) {
    const message = `El RUC del proveedor ${ruc} no es válido: su dígito verificador no corresponde.`;
    if (ctx.mode === 'production') f.issues.push(issue(path, 'supplier_ruc_invalid', message));
    else f.warnings.push(warning(path, 'customer_ruc_check_digit', `${message} Se acepta en modo demo.`));
  }
}

type ExchangeRate = NonNullable<RetainedDocument['retention']>['exchangeRate'];

/** The factor to PEN of a related document (SUNAT 2719–2722, 2749), or undefined when it is missing or wrong. */
function exchangeOf(
  d: RetainedDocumentBody,
  path: string,
  date: string,
  f: Findings,
): { factor: Decimal; rate?: ExchangeRate } {
  const fx = d.tipo_de_cambio;
  if (d.codigo_tipo_moneda === 'PEN') {
    if (fx && !fx.factor.eq(1))
      f.warnings.push(
        warning(
          `${path}.tipo_de_cambio.factor`,
          'value_normalized',
          'Documento en soles: el tipo de cambio se toma como 1.',
        ),
      );
    return { factor: new Decimal(1) };
  }
  if (!fx) {
    const message = 'Falta el tipo de cambio: el documento no está en soles (SUNAT 2721).';
    f.issues.push(issue(`${path}.tipo_de_cambio`, 'validation_failed', message, { sunatRule: '2721' }));
    return { factor: new Decimal(1) };
  }
  if (fx.codigo_tipo_moneda_referencia !== d.codigo_tipo_moneda || fx.codigo_tipo_moneda_objetivo !== 'PEN') {
    const message = `El tipo de cambio debe ir de ${d.codigo_tipo_moneda} a PEN (SUNAT 2749/2720).`;
    f.issues.push(issue(`${path}.tipo_de_cambio`, 'validation_failed', message, { sunatRule: '2749' }));
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

/** SUNAT 2661: payments of the same period as the voucher and not after it; 2625: not before the document. */
function checkPaymentDate(paidOn: string, d: RetainedDocumentBody, issueDate: string, path: string, f: Findings): void {
  if (daysBetween(paidOn, issueDate) < 0 || paidOn.slice(0, 7) !== issueDate.slice(0, 7)) {
    const message = `El pago (${paidOn}) debe ser del mes de la retención y no posterior a ella (${issueDate}) (SUNAT 2661).`;
    f.issues.push(issue(`${path}.pagos[0].fecha_de_pago`, 'validation_failed', message, { sunatRule: '2661' }));
  } else if (daysBetween(d.fecha_de_emision, paidOn) < 0) {
    const message = `El pago (${paidOn}) no puede ser anterior al documento (${d.fecha_de_emision}) (SUNAT 2625).`;
    f.issues.push(issue(`${path}.pagos[0].fecha_de_pago`, 'validation_failed', message, { sunatRule: '2625' }));
  }
}

function checkDocumentHeader(
  d: RetainedDocumentBody,
  regime: string,
  issueDate: string,
  path: string,
  f: Findings,
): void {
  if (daysBetween(d.fecha_de_emision, issueDate) < 0) {
    const message = 'El documento relacionado no puede ser posterior a la retención.';
    f.issues.push(issue(`${path}.fecha_de_emision`, 'validation_failed', message));
  }
  if (regime === '02' && d.fecha_de_emision > SIX_PERCENT_LAST_DATE) {
    const message = 'La tasa de 6 % solo aplica a comprobantes emitidos hasta el 28/02/2014 (SUNAT 2985).';
    f.issues.push(issue('codigo_tipo_retencion', 'validation_failed', message, { sunatRule: '2985' }));
  }
}

function checkPayment(d: RetainedDocumentBody, paid: Decimal, path: string, f: Findings): void {
  const payment = d.pagos?.[0];
  if (payment && payment.codigo_tipo_moneda !== d.codigo_tipo_moneda) {
    const message = 'El pago debe estar en la moneda del documento relacionado (SUNAT 2622).';
    f.issues.push(issue(`${path}.pagos[0].codigo_tipo_moneda`, 'validation_failed', message, { sunatRule: '2622' }));
  }
  if (paid.gt(d.total_documento)) {
    const message = `El pago (${formatAmount(paid)}) supera el total del documento (${formatAmount(d.total_documento)}).`;
    f.issues.push(issue(`${path}.pagos[0].total_pago`, 'validation_failed', message));
  }
}

function retainedDocument(
  d: RetainedDocumentBody,
  i: number,
  body: RetentionBody,
  issueDate: string,
  rate: Decimal,
  f: Findings,
): RetainedDocument {
  const path = `documentos[${i}]`;
  const inSums = d.codigo_tipo_documento !== '07' && d.codigo_tipo_documento !== '20';
  const row: RetainedDocument = {
    documentType: d.codigo_tipo_documento,
    series: d.serie_documento,
    number: Number(d.numero_documento),
    issueDate: d.fecha_de_emision,
    currency: d.codigo_tipo_moneda,
    total: formatAmount(d.total_documento),
    inSums,
  };
  checkDocumentHeader(d, body.codigo_tipo_retencion, issueDate, path, f);
  // The retention, its payment and its exchange rate are dated the voucher's day unless the body says otherwise.
  const date = d.fecha_de_retencion ?? issueDate;
  const payment = d.pagos?.[0];
  if (!payment && !inSums) return row; // credit notes may be listed without payment (out of the sums)
  const paid = payment ? payment.total_pago : d.total_documento;
  const paidOn = payment?.fecha_de_pago ?? date;
  checkPayment(d, paid, path, f);
  checkPaymentDate(paidOn, d, issueDate, path, f);
  const { factor, rate: exchangeRate } = exchangeOf(d, path, date, f);
  const basePen = round2(paid.times(factor));
  const retained = checked(`${path}.total_retenido`, d.total_retenido, round2(basePen.times(rate)), f, '2623');
  const net = basePen.minus(retained);
  checked(`${path}.total_a_pagar`, d.total_a_pagar, net, f, '2623');
  checked(`${path}.total_pagado`, d.total_pagado, net, f, '2623');
  row.payment = { number: 1, amount: formatAmount(paid), date: paidOn };
  row.retention = {
    amount: formatAmount(retained),
    date,
    netPaid: formatAmount(net),
    basePen: formatAmount(basePen),
    exchangeRate,
  };
  return row;
}

function totalsOf(
  body: RetentionBody,
  documents: RetainedDocument[],
  f: Findings,
): { retained: Decimal; paid: Decimal } {
  const counted = documents.filter((d) => d.inSums && d.retention);
  if (counted.length === 0) {
    const message =
      'Ningún documento relacionado genera retención (se requiere al menos una factura o nota de débito pagada).';
    f.issues.push(issue('documentos', 'validation_failed', message));
  }
  const retainedSum = sum(counted.map((d) => d.retention!.amount));
  const paidSum = sum(counted.map((d) => d.retention!.netPaid));
  const retained = checked('totales.total_retenido', body.totales?.total_retenido, retainedSum, f, '2628');
  const paid = checked('totales.total_pagado', body.totales?.total_pagado, paidSum, f, '2629');
  if (retained.lte(ZERO) && counted.length > 0) {
    const message = 'El total retenido debe ser mayor que cero (SUNAT 2725).';
    f.issues.push(issue('totales.total_retenido', 'totals_mismatch', message, { sunatRule: '2725' }));
  }
  return { retained, paid };
}

function issueMoment(body: RetentionBody, ctx: DocumentContext, f: Findings): { date: string; time: string } {
  // Without fecha_de_emision the voucher is issued today in Lima (and, without a time either, now).
  const date = body.fecha_de_emision ?? ctx.today;
  const time = body.hora_de_emision ?? (body.fecha_de_emision ? MIDNIGHT : (ctx.timeNow ?? MIDNIGHT));
  if (daysBetween(date, ctx.today) < 0) {
    const message = `La fecha de emisión ${date} es posterior a hoy (${ctx.today}).`;
    f.issues.push(issue('fecha_de_emision', 'issue_date_out_of_range', message));
  }
  return { date, time };
}

export function computeRetention(
  body: RetentionBody,
  ctx: DocumentContext,
): { document?: ComputedRetention; issues: Issue[]; warnings: Warning[] } {
  const f: Findings = { issues: [], warnings: [] };
  const regime = RETENTION_REGIMES[body.codigo_tipo_retencion];
  const rate = dec(regime.percent).div(HUNDRED);
  const when = issueMoment(body, ctx, f);
  checkSupplier(body, ctx, f);
  const documents = body.documentos.map((d, i) => retainedDocument(d, i, body, when.date, rate, f));
  const totals = totalsOf(body, documents, f);
  if (f.issues.length > 0) return f;
  const s = body.datos_del_proveedor;
  return {
    ...f,
    document: {
      schemaVersion: 1,
      kind: 'retention',
      documentType: '20',
      series: body.serie_documento,
      number: body.numero_documento === '#' ? null : body.numero_documento,
      issueDate: when.date,
      issueTime: when.time,
      supplier: {
        documentType: s.codigo_tipo_documento_identidad,
        documentNumber: s.numero_documento.trim(),
        name: s.apellidos_y_nombres_o_razon_social.trim(),
        tradeName: s.nombre_comercial,
        countryCode: s.codigo_pais ?? 'PE',
        ubigeo: s.ubigeo,
        address: s.direccion,
        email: s.correo_electronico,
        phone: s.telefono,
      },
      regime: body.codigo_tipo_retencion,
      regimeDescription: regime.description,
      percent: regime.percent,
      note: body.observaciones,
      totalRetained: formatAmount(totals.retained),
      totalPaid: formatAmount(totals.paid),
      documents,
      amountInWords: amountInWords(totals.paid, 'PEN'),
      numberToLetter: numberToLetter(totals.paid),
      pdfFormat: body.acciones?.formato_pdf ?? 'a4',
    },
  };
}
