// FormaPago (RS 193-2020): Contado, or Credito with the net pending amount and ≥ 1 cuota
// (3249) due after the issue date (3267), in the document currency (2071), each ≤ the total on invoices (3266), summing
// exactly the pending amount (3319, compared at 5 decimals). Cuotas without Credito are refused (3252).
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

export function checkPaymentTerms(args: {
  body: FilledBody;
  payable: Decimal;
  /** Detraction in the document currency (0 if none). */
  detraction: Decimal;
  retention: Decimal;
  /** Whether this document carries FormaPago at all (01/03, and NC 13). */
  carriesPaymentTerms: boolean;
  /** NC 13 must be Credito with cuotas. */
  requiresCredit: boolean;
  /**
   * Whether the pending amount and each cuota are capped at the total (3265/3266): SUNAT's invoice rules (facturas
   * and boletas, FormaPago of a RUC customer) cap them; its NC/ND rules do not.
   */
  capped: boolean;
}): PaymentTermsResult {
  const f = newFindings();
  const { body, payable } = args;
  const sent = body.codigo_condicion_de_pago;
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
  const credit = sent === '02' || args.requiresCredit;
  if (!credit) {
    if (cuotas.length > 0) {
      addIssue(
        f,
        'cuotas',
        'installments_invalid',
        'Se enviaron cuotas en una venta al contado: use codigo_condicion_de_pago "02" (crédito) (SUNAT 3252).',
        { sunatRule: '3252' },
      );
    }
    return { paymentForm: 'Contado', pending: ZERO, installments: [], findings: f };
  }

  const t = body.totales ?? {};
  // A credit note 13 adjusts the factura's credit: its PayableAmount is 0 and its Credito amount is the factura's new
  // pending amount (sent in total_pendiente_pago, or Σ cuotas). SUNAT's NC rules check 3319 only, not 3265/3266.
  const nc13 = args.requiresCredit;
  const pending = nc13
    ? (sentAmount(f, 'totales.total_pendiente_pago', t.total_pendiente_pago) ??
      round2(sum(cuotas.map((c) => c.monto ?? ZERO))))
    : reconcile(f, {
        path: 'totales.total_pendiente_pago',
        computed: computedPending,
        sent: t.total_pendiente_pago,
        tolerance: 1,
        label: 'Monto neto pendiente de pago (importe total − detracción − retención)',
        // SUNAT compares the cuotas with this amount (3319) and caps it at the total (3265), nothing else.
        informational: 'sent',
      });
  if (args.capped && pending.gt(payable)) {
    addIssue(
      f,
      'totales.total_pendiente_pago',
      'installments_invalid',
      `El monto pendiente (${formatAmount(pending)}) no puede superar el importe total (${formatAmount(payable)}) (SUNAT 3265).`,
      { sunatRule: '3265' },
    );
  }
  if (pending.lte(0)) {
    addIssue(
      f,
      'totales.total_pendiente_pago',
      'installments_invalid',
      'Una venta al crédito necesita un monto pendiente de pago mayor que 0 (SUNAT 3251).',
      { sunatRule: '3251' },
    );
    return { paymentForm: 'Credito', pending, installments: [], findings: f };
  }

  let list = cuotas.map((c, i) => ({ c, i }));
  const installments: DocumentInstallment[] = [];
  if (list.length === 0) {
    const due = body.fecha_de_vencimiento;
    if (due && daysBetween(body.fecha_de_emision, due) > 0) {
      installments.push({
        id: 'Cuota001',
        dueDate: due,
        currency: body.codigo_tipo_moneda,
        amount: formatAmount(pending),
      });
      addWarning(
        f,
        'cuotas',
        'default_applied',
        `Venta al crédito sin cuotas: se generó una cuota única por ${formatAmount(pending)} con vencimiento ${due}.`,
      );
      return { paymentForm: 'Credito', pending, installments, findings: f };
    }
    addIssue(
      f,
      'cuotas',
      'installments_invalid',
      'Una venta al crédito requiere al menos una cuota con fecha posterior a la emisión (SUNAT 3249).',
      { sunatRule: '3249' },
    );
    return { paymentForm: 'Credito', pending, installments: [], findings: f };
  }
  if (list.length > 999) {
    addIssue(f, 'cuotas', 'installments_invalid', 'Como máximo 999 cuotas (Cuota001…Cuota999; SUNAT 3246).', {
      sunatRule: '3246',
    });
    list = list.slice(0, 999);
  }
  for (const { c, i } of list) {
    const p = joinPath('cuotas', i);
    if (daysBetween(body.fecha_de_emision, c.fecha) <= 0) {
      addIssue(
        f,
        joinPath(p, 'fecha'),
        'installments_invalid',
        `La cuota vence el ${c.fecha}: debe ser posterior a la fecha de emisión ${body.fecha_de_emision} (SUNAT 3267).`,
        { sunatRule: '3267' },
      );
    }
    if (c.codigo_tipo_moneda && c.codigo_tipo_moneda !== body.codigo_tipo_moneda) {
      addIssue(
        f,
        joinPath(p, 'codigo_tipo_moneda'),
        'installments_invalid',
        `La cuota está en ${c.codigo_tipo_moneda} y el comprobante en ${body.codigo_tipo_moneda} (SUNAT 2071).`,
        { sunatRule: '2071' },
      );
    }
    const amount = sentAmount(f, joinPath(p, 'monto'), c.monto)!;
    if (amount.lte(0))
      addIssue(
        f,
        joinPath(p, 'monto'),
        'installments_invalid',
        'El monto de la cuota debe ser mayor que 0 (SUNAT 3254).',
        { sunatRule: '3254' },
      );
    if (args.capped && amount.gt(payable))
      addIssue(
        f,
        joinPath(p, 'monto'),
        'installments_invalid',
        `La cuota (${formatAmount(amount)}) supera el importe total (${formatAmount(payable)}) (SUNAT 3266).`,
        { sunatRule: '3266' },
      );
    installments.push({
      id: `Cuota${String(installments.length + 1).padStart(3, '0')}`,
      dueDate: c.fecha,
      currency: body.codigo_tipo_moneda,
      amount: formatAmount(amount),
      ...(c.codigo_metodo_de_pago ? { paymentMethod: c.codigo_metodo_de_pago } : {}),
    });
  }
  const total = sum(installments.map((x) => new Decimal(x.amount)));
  if (!total.eq(pending)) {
    addIssue(
      f,
      'cuotas',
      'installments_mismatch',
      `La suma de las cuotas (${formatAmount(total)}) debe ser igual al monto neto pendiente de pago (${formatAmount(pending)}) (SUNAT 3319).`,
      { expected: formatAmount(pending), received: formatAmount(total), sunatRule: '3319' },
    );
  }
  return { paymentForm: 'Credito', pending, installments, findings: f };
}
