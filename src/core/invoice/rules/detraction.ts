// Detracción (operations 1001–1004): the block must be present (3127) and only there (3128), with the
// Banco de la Nación account (3034), a catalog-54 code (3033) forced for 1002/1003/1004 (3129), the amount in PEN =
// round2(total × exchange rate × percent), legend 2006 (obs 4265) and, for 1004, the trip.
import { DETRACTION_THRESHOLD_PEN, detractionGoods, operationTypes } from '../../catalogs/index.ts';
import { Decimal, canonical, formatAmount, round2 } from '../../money.ts';
import { addIssue, addWarning, newFindings, reconcile, type Findings } from '../findings.ts';
import type { FilledBody } from '../defaults.ts';
import type { DocumentDetraction } from '../types.ts';

export function checkDetraction(
  body: FilledBody,
  payable: Decimal,
): { detraction?: DocumentDetraction; amount?: Decimal; findings: Findings } {
  const f = newFindings();
  const operation = body.codigo_tipo_operacion ? operationTypes.get(body.codigo_tipo_operacion) : undefined;
  const block = body.detraccion;
  if (!operation?.detraction) {
    if (block) {
      addIssue(
        f,
        'detraccion',
        'detraction_not_allowed',
        `El bloque detraccion solo corresponde a operaciones 1001–1004; la operación es ${body.codigo_tipo_operacion ?? 'una nota'} (SUNAT 3128).`,
        { sunatRule: '3128' },
      );
    }
    return { findings: f };
  }
  if (!block) {
    addIssue(
      f,
      'detraccion',
      'detraction_required',
      `La operación ${operation.code} (${operation.description}) requiere el bloque detraccion (SUNAT 3127).`,
      { sunatRule: '3127' },
    );
    return { findings: f };
  }
  let ok = true;
  if (!block.cuenta_bancaria) {
    addIssue(
      f,
      'detraccion.cuenta_bancaria',
      'detraction_account_required',
      'Falta la cuenta de detracciones del Banco de la Nación (SUNAT 3034).',
      { sunatRule: '3034' },
    );
    ok = false;
  }
  const code = block.codigo_tipo_detraccion ?? operation.detractionCode;
  if (!code) {
    addIssue(
      f,
      'detraccion.codigo_tipo_detraccion',
      'validation_failed',
      'Falta el código del bien o servicio sujeto a detracción (catálogo 54; SUNAT 3033).',
      { sunatRule: '3033' },
    );
    return { findings: f };
  }
  if (operation.detractionCode && code !== operation.detractionCode) {
    addIssue(
      f,
      'detraccion.codigo_tipo_detraccion',
      'detraction_code_mismatch',
      `La operación ${operation.code} exige el código de detracción ${operation.detractionCode}; se recibió ${code} (SUNAT 3129).`,
      { sunatRule: '3129' },
    );
    ok = false;
  }
  const entry = detractionGoods.get(code)!;
  const percent = block.porcentaje ?? new Decimal(entry.percent);
  if (!percent.eq(entry.percent)) {
    addWarning(
      f,
      'detraccion.porcentaje',
      'detraction_percent_differs',
      `La tasa ${percent.toFixed()} % difiere de la del catálogo 54 para ${code} (${entry.percent} %).`,
    );
  }
  const amount = detractionAmount(f, body, payable, percent);
  if (!amount) return { findings: f };
  if (!amount.gt(0)) {
    // SUNAT 3037: the detraction amount (PaymentTerms/Amount) must be greater than 0.
    addIssue(
      f,
      'detraccion.monto',
      'amount_zero_invalid',
      'El monto de la detracción resulta 0.00 (¿todas las líneas son gratuitas?): SUNAT exige un monto mayor que 0 (SUNAT 3037).',
      { sunatRule: '3037' },
    );
    return { amount, findings: f };
  }
  if (!ok) return { amount, findings: f };
  if (operation.code === '1004') {
    const missing = (['ubigeo_origen', 'direccion_origen', 'ubigeo_destino', 'direccion_destino'] as const).filter(
      (k) => !block[k],
    );
    for (const k of missing) {
      addIssue(
        f,
        `detraccion.${k}`,
        'detraction_transport_required',
        `Detracción por transporte de carga (1004): falta detraccion.${k}.`,
      );
    }
    if (missing.length) return { amount, findings: f };
  }
  const detraction: DocumentDetraction = {
    code,
    percent: canonical(percent),
    amount: formatAmount(amount),
    paymentMeansCode: block.codigo_metodo_pago ?? '001',
    account: block.cuenta_bancaria!,
  };
  if (operation.code === '1004') {
    detraction.transport = {
      detail: block.detalle_viaje,
      originAddress: block.direccion_origen,
      destinationAddress: block.direccion_destino,
      originUbigeo: block.ubigeo_origen,
      destinationUbigeo: block.ubigeo_destino,
      referenceValueUsefulLoad: block.valor_referencial_carga_util && formatAmount(block.valor_referencial_carga_util),
      referenceValueService:
        block.valor_referencial_servicio_transporte && formatAmount(block.valor_referencial_servicio_transporte),
      referenceValueEffectiveLoad:
        block.valor_referencia_carga_efectiva && formatAmount(block.valor_referencia_carga_efectiva),
    };
  }
  return { detraction, amount, findings: f };
}

/**
 * The detraction amount, always in soles (SUNAT 3208): round2(total in PEN × percent), checked against the amount
 * sent. A foreign-currency document without its exchange rate cannot be converted: the amount sent is emitted as
 * it is — SUNAT checks only its format and that it is above 0 (3035/3037), not the conversion — with a warning.
 */
function detractionAmount(f: Findings, body: FilledBody, payable: Decimal, percent: Decimal): Decimal | undefined {
  const rate = body.codigo_tipo_moneda === 'PEN' ? new Decimal(1) : body.factor_tipo_de_cambio;
  if (!rate) {
    if (!body.detraccion?.monto) {
      addIssue(
        f,
        'factor_tipo_de_cambio',
        'exchange_rate_required',
        'La detracción se paga en soles: envíe detraccion.monto (en soles) o factor_tipo_de_cambio para calcularlo.',
      );
      return undefined;
    }
    addWarning(
      f,
      'detraccion.monto',
      'exchange_rate_missing',
      `Sin factor_tipo_de_cambio la detracción en soles (S/ ${formatAmount(body.detraccion.monto)}) se emite tal como se envió, sin verificarla; el monto pendiente de pago no la descuenta (envíe totales.total_pendiente_pago si es al crédito).`,
    );
    return round2(body.detraccion.monto);
  }
  const payablePen = payable.times(rate);
  if (round2(payablePen).lte(DETRACTION_THRESHOLD_PEN)) {
    addWarning(
      f,
      'detraccion',
      'detraction_below_threshold',
      `El importe total (S/ ${formatAmount(payablePen)}) no supera S/ ${DETRACTION_THRESHOLD_PEN}: normalmente no está sujeto a detracción.`,
    );
  }
  return reconcile(f, {
    path: 'detraccion.monto',
    computed: round2(payablePen.times(percent).div(100)),
    sent: body.detraccion?.monto,
    tolerance: 1,
    label: 'Monto de la detracción (importe total en soles × tasa)',
  });
}
