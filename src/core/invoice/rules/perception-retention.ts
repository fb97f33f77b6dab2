// A perception charged inside an invoice (operation 2001, contado only: SUNAT 3093/3308/2798) and
// the IGV retention practised by the customer (catalog 53 code 62).
import { operationTypes, perceptionRegimes } from '../../catalogs/index.ts';
import { Decimal, canonical, formatAmount, round2 } from '../../money.ts';
import { addIssue, newFindings, reconcile, type Findings } from '../findings.ts';
import type { FilledBody } from '../defaults.ts';
import type { DocumentPerception, DocumentRetention } from '../types.ts';
import { toPen } from './money-context.ts';

const REGIME_BY_CODE: Record<string, string> = {
  '51': '01',
  '52': '02',
  '53': '03',
  '01': '01',
  '02': '02',
  '03': '03',
  '1': '01',
  '2': '02',
  '3': '03',
};

export function checkPerception(
  body: FilledBody,
  payable: Decimal,
): { perception?: DocumentPerception; findings: Findings } {
  const f = newFindings();
  const operation = body.codigo_tipo_operacion ? operationTypes.get(body.codigo_tipo_operacion) : undefined;
  const block = body.percepcion;
  if (!block) {
    if (operation?.perception) {
      addIssue(
        f,
        'percepcion',
        'perception_invalid',
        'La operación 2001 (sujeta a percepción) requiere el bloque percepcion (SUNAT 3093).',
        { sunatRule: '3093' },
      );
    }
    return { findings: f };
  }
  if (!operation?.perception) {
    addIssue(
      f,
      'percepcion',
      'perception_invalid',
      'El bloque percepcion solo corresponde a la operación 2001 (sujeta a percepción).',
      { sunatRule: '3093' },
    );
    return { findings: f };
  }
  if (body.codigo_condicion_de_pago === '02') {
    addIssue(
      f,
      'codigo_condicion_de_pago',
      'perception_invalid',
      'Una operación sujeta a percepción solo puede ser al contado (SUNAT 3308).',
      { sunatRule: '3308' },
    );
    return { findings: f };
  }
  const regime = perceptionRegimes.get(REGIME_BY_CODE[block.codigo ?? '51'] ?? '01')!;
  const percent = block.porcentaje ?? new Decimal(regime.percent);
  const totalPen = toPen(payable, body.codigo_tipo_moneda, body.factor_tipo_de_cambio);
  if (!totalPen) {
    addIssue(
      f,
      'factor_tipo_de_cambio',
      'exchange_rate_required',
      'La percepción se expresa en soles: envíe factor_tipo_de_cambio.',
    );
    return { findings: f };
  }
  const base = block.base ?? totalPen;
  if (base.gt(totalPen.plus(1))) {
    addIssue(
      f,
      'percepcion.base',
      'perception_invalid',
      `La base de la percepción (${formatAmount(base)}) no puede superar el importe total en soles (${formatAmount(totalPen)}) (SUNAT 2797).`,
      { sunatRule: '2797' },
    );
    return { findings: f };
  }
  const amount = rateAmount(f, 'percepcion', base, percent, block.monto, '2798');
  return {
    perception: {
      code: regime.chargeCode,
      percent: canonical(percent),
      base: formatAmount(base),
      amount: formatAmount(amount),
      totalWithPerception: formatAmount(base.plus(amount)),
    },
    findings: f,
  };
}

/** base × rate, reconciled with the amount the body sent (within 1 sol). */
function rateAmount(
  f: Findings,
  block: 'percepcion' | 'retencion',
  base: Decimal,
  percent: Decimal,
  sent: Decimal | undefined,
  sunatRule?: string,
): Decimal {
  const noun = block === 'percepcion' ? 'percepción' : 'retención';
  return reconcile(f, {
    path: `${block}.monto`,
    computed: round2(base.times(percent).div(100)),
    sent,
    tolerance: 1,
    label: `Monto de la ${noun} (base × tasa)`,
    ...(sunatRule ? { sunatRule } : {}),
  });
}

export function checkRetention(
  body: FilledBody,
  payable: Decimal,
): { retention?: DocumentRetention; amount?: Decimal; findings: Findings } {
  const f = newFindings();
  const block = body.retencion;
  if (!block) return { findings: f };
  const percent = block.porcentaje ?? new Decimal(3);
  const base = block.base ?? payable;
  const amount = rateAmount(f, 'retencion', base, percent, block.monto);
  return {
    retention: { code: '62', percent: canonical(percent), base: formatAmount(base), amount: formatAmount(amount) },
    amount,
    findings: f,
  };
}
