// FormaPago (RS 193-2020): Contado, or Credito with the net pending amount and ≥ 1 cuota (3249) due after the
// issue date (3267), in the document currency (2071), each ≤ the total (3266), summing exactly the pending amount
// (3319, compared at 5 decimals). Which of those SUNAT checks depends on the document (`paymentTermsRules`): its
// invoice rules read FormaPago of facturas to a RUC customer only, its credit-note rules the Credito and cuotas of a
// RUC customer (3319 on NC 13), its boleta and debit-note rules none. A rule SUNAT does not check here is a warning,
// and the terms are emitted as sent.
import { Decimal, ZERO, formatAmount, round2, sum } from '../../money.ts';
import { joinPath } from '../../issues.ts';
import { addIssue, addWarning, newFindings, reconcile, sentAmount, type Findings } from '../findings.ts';
import { daysBetween } from '../context.ts';
import type { FilledBody } from '../defaults.ts';
import type { DocumentInstallment } from '../types.ts';

export interface PaymentTermsResult {
  paymentForm?: 'Contado' | 'Credito';
  pending: Decimal;
  installments: DocumentInstallment[];
  findings: Findings;
}

/** SUNAT's codes for FormaPago that a document's rules check (ValidaExprRegFactura / NC; none in Boleta and ND). */
export type PaymentTermsRule = '3249' | '3251' | '3252' | '3254' | '2071' | '3265' | '3266' | '3267' | '3319';

const FACTURA_TO_RUC: readonly PaymentTermsRule[] = [
  '3249',
  '3251',
  '3252',
  '3254',
  '2071',
  '3265',
  '3266',
  '3267',
  '3319',
];
// The NC rules read Credito (3249/3251/2071) and each cuota (3252/3254/2071), but compare no due date with the issue
// date and cap nothing; 3319 only on a credit note 13.
const CREDIT_NOTE_TO_RUC: readonly PaymentTermsRule[] = ['3249', '3251', '3252', '3254', '2071'];

/** The FormaPago rules SUNAT checks on this document. */
export function paymentTermsRules(documentType: string, customerType: string, nc13: boolean): Set<PaymentTermsRule> {
  if (customerType !== '6') return new Set();
  if (documentType === '01') return new Set(FACTURA_TO_RUC);
  if (documentType === '07') return new Set(nc13 ? [...CREDIT_NOTE_TO_RUC, '3319'] : CREDIT_NOTE_TO_RUC);
  return new Set();
}

export interface PaymentTermsArgs {
  body: FilledBody;
  payable: Decimal;
  /** Detraction in the document currency (0 if none). */
  detraction: Decimal;
  retention: Decimal;
  /** Whether this document carries FormaPago at all (01/03, and NC 13). */
  carriesPaymentTerms: boolean;
  /** NC 13 must be Credito with cuotas. */
  requiresCredit: boolean;
  /** The rules SUNAT checks here (paymentTermsRules). */
  rules: Set<PaymentTermsRule>;
}

interface Context {
  f: Findings;
  rules: Set<PaymentTermsRule>;
}

/** A refusal where SUNAT checks `rule`; elsewhere a warning, the terms emitted as sent. */
function breach(c: Context, rule: PaymentTermsRule, path: string, message: string, extra: object = {}): void {
  if (c.rules.has(rule)) {
    addIssue(
      c.f,
      path,
      rule === '3319' ? 'installments_mismatch' : 'installments_invalid',
      `${message} (SUNAT ${rule}).`,
      {
        ...extra,
        sunatRule: rule,
      },
    );
    return;
  }
  addWarning(
    c.f,
    path,
    'payment_terms_unchecked',
    `${message}: SUNAT lo valida solo en facturas y notas de crédito a un cliente con RUC; se emite tal como se envió.`,
  );
}

export function checkPaymentTerms(args: PaymentTermsArgs): PaymentTermsResult {
  const f = newFindings();
  const c: Context = { f, rules: args.rules };
  const { body, payable } = args;
  const cuotas = body.cuotas ?? [];
  const computedPending = round2(payable.minus(args.detraction).minus(args.retention));

  if (!args.carriesPaymentTerms) {
    if (cuotas.length > 0) {
      addIssue(
        f,
        'cuotas',
        'installments_invalid',
        'Este comprobante no lleva forma de pago: las cuotas solo corresponden a facturas, boletas y notas de crédito tipo 13.',
        { sunatRule: '3252' },
      );
    }
    return { pending: computedPending, installments: [], findings: f };
  }
  const credit = body.codigo_condicion_de_pago === '02' || args.requiresCredit;
  if (!credit) {
    if (cuotas.length > 0) {
      // Contado never carries cuotas in the XML: without SUNAT's 3252 they would be lost, so they are refused.
      addIssue(
        f,
        'cuotas',
        'installments_invalid',
        `Se enviaron cuotas en una venta al contado: use codigo_condicion_de_pago "02" (crédito)${c.rules.has('3252') ? ' (SUNAT 3252)' : ''}.`,
        c.rules.has('3252') ? { sunatRule: '3252' } : {},
      );
    }
    return { paymentForm: 'Contado', pending: ZERO, installments: [], findings: f };
  }
  const pending = pendingAmount(c, args, computedPending);
  if (pending.gt(payable)) {
    breach(
      c,
      '3265',
      'totales.total_pendiente_pago',
      `El monto pendiente (${formatAmount(pending)}) no puede superar el importe total (${formatAmount(payable)})`,
    );
  }
  if (pending.lte(0)) {
    breach(
      c,
      '3251',
      'totales.total_pendiente_pago',
      'Una venta al crédito necesita un monto pendiente de pago mayor que 0',
    );
    if (c.rules.has('3251')) return { paymentForm: 'Credito', pending, installments: [], findings: f };
  }
  const installments = cuotas.length === 0 ? singleInstallment(c, body, pending) : sentInstallments(c, args, pending);
  return { paymentForm: 'Credito', pending, installments, findings: f };
}

/**
 * The Credito amount. A credit note 13 adjusts the factura's credit: its PayableAmount is 0 and its Credito amount
 * is the factura's new pending amount (sent in total_pendiente_pago, or Σ cuotas).
 */
function pendingAmount(c: Context, args: PaymentTermsArgs, computed: Decimal): Decimal {
  const t = args.body.totales ?? {};
  if (args.requiresCredit) {
    return (
      sentAmount(c.f, 'totales.total_pendiente_pago', t.total_pendiente_pago) ??
      round2(sum((args.body.cuotas ?? []).map((q) => q.monto ?? ZERO)))
    );
  }
  return reconcile(c.f, {
    path: 'totales.total_pendiente_pago',
    computed,
    sent: t.total_pendiente_pago,
    tolerance: 1,
    label: 'Monto neto pendiente de pago (importe total − detracción − retención)',
    // SUNAT compares the cuotas with this amount (3319) and caps it at the total (3265), nothing else.
    informational: 'sent',
  });
}

/** Credito without cuotas: one cuota at the due date when it is after the issue date; else SUNAT's 3249. */
function singleInstallment(c: Context, body: FilledBody, pending: Decimal): DocumentInstallment[] {
  const due = body.fecha_de_vencimiento;
  if (due && daysBetween(body.fecha_de_emision, due) > 0 && pending.gt(0)) {
    addWarning(
      c.f,
      'cuotas',
      'default_applied',
      `Venta al crédito sin cuotas: se generó una cuota única por ${formatAmount(pending)} con vencimiento ${due}.`,
    );
    return [{ id: 'Cuota001', dueDate: due, currency: body.codigo_tipo_moneda, amount: formatAmount(pending) }];
  }
  breach(c, '3249', 'cuotas', 'Una venta al crédito requiere al menos una cuota con fecha posterior a la emisión');
  return [];
}

function sentInstallments(c: Context, args: PaymentTermsArgs, pending: Decimal): DocumentInstallment[] {
  const { body, payable } = args;
  let list = (body.cuotas ?? []).map((q, i) => ({ q, i }));
  if (list.length > 999) {
    addIssue(c.f, 'cuotas', 'installments_invalid', 'Como máximo 999 cuotas (Cuota001…Cuota999; SUNAT 3246).', {
      sunatRule: '3246',
    });
    list = list.slice(0, 999);
  }
  const installments: DocumentInstallment[] = [];
  for (const { q, i } of list) {
    const p = joinPath('cuotas', i);
    if (daysBetween(body.fecha_de_emision, q.fecha) <= 0) {
      breach(
        c,
        '3267',
        joinPath(p, 'fecha'),
        `La cuota vence el ${q.fecha}: debe ser posterior a la fecha de emisión ${body.fecha_de_emision}`,
      );
    }
    if (q.codigo_tipo_moneda && q.codigo_tipo_moneda !== body.codigo_tipo_moneda) {
      breach(
        c,
        '2071',
        joinPath(p, 'codigo_tipo_moneda'),
        `La cuota está en ${q.codigo_tipo_moneda} y el comprobante en ${body.codigo_tipo_moneda}; se emite en ${body.codigo_tipo_moneda}`,
      );
    }
    const amount = sentAmount(c.f, joinPath(p, 'monto'), q.monto)!;
    if (amount.lte(0)) breach(c, '3254', joinPath(p, 'monto'), 'El monto de la cuota debe ser mayor que 0');
    if (amount.gt(payable))
      breach(
        c,
        '3266',
        joinPath(p, 'monto'),
        `La cuota (${formatAmount(amount)}) supera el importe total (${formatAmount(payable)})`,
      );
    installments.push({
      id: `Cuota${String(installments.length + 1).padStart(3, '0')}`,
      dueDate: q.fecha,
      currency: body.codigo_tipo_moneda,
      amount: formatAmount(amount),
      ...(q.codigo_metodo_de_pago ? { paymentMethod: q.codigo_metodo_de_pago } : {}),
    });
  }
  const total = sum(installments.map((x) => new Decimal(x.amount)));
  if (!total.eq(pending)) {
    breach(
      c,
      '3319',
      'cuotas',
      `La suma de las cuotas (${formatAmount(total)}) debe ser igual al monto neto pendiente de pago (${formatAmount(pending)})`,
      { expected: formatAmount(pending), received: formatAmount(total) },
    );
  }
  return installments;
}
