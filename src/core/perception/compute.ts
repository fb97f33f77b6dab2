// Perception figures (POST /api/perceptions). Per related document:
//   base in PEN   = round2(paid × exchange rate)           (rate 1 when the document is in PEN)
//   perceived     = round2(base in PEN × regime percent)     (our rule: SUNAT's XSL only checks the sums)
//   net cashed    = base in PEN + perceived                  (SUNATNetTotalCashed)
// Header: TotalInvoiceAmount = Σ perceived (2667), SUNATTotalCashed = Σ net cashed (2668); credit notes (07) and
// other perceptions (40) are listed but stay out of the sums. Amounts the client sent are checked (±0.01, the
// rounding-order difference between clients) and kept; what is missing is filled.
import { amountInWords, numberToLetter } from '../words.ts';
import { hasRucFormat, isValidRuc } from '../ruc.ts';
import { daysBetween, MIDNIGHT, type DocumentContext } from '../invoice/context.ts';
import { exceeds, outOfRangeMessage } from '../invoice/rules/magnitudes.ts';
import { issue, warning, type Issue, type Warning } from '../issues.ts';
import { Decimal, dec, formatAmount, HUNDRED, round2, sum, ZERO } from '../money.ts';
import { PERCEPTION_REGIMES } from './catalogs.ts';
import type { PerceptionBody } from './schema.ts';
import type { ComputedPerception, PerceivedDocument } from './types.ts';

const TOLERANCE = new Decimal('0.01');

function checked(
  path: string,
  sent: Decimal | undefined,
  expected: Decimal,
  issues: Issue[],
  sunatRule?: string,
): Decimal {
  if (sent === undefined) return expected;
  if (sent.minus(expected).abs().lte(TOLERANCE)) return round2(sent);
  issues.push(
    issue(
      path,
      'totals_mismatch',
      `${path}: se esperaba ${formatAmount(expected)} y se recibió ${formatAmount(sent)}.`,
      {
        expected: formatAmount(expected),
        received: formatAmount(sent),
        ...(sunatRule ? { sunatRule } : {}),
      },
    ),
  );
  return sent;
}

export function computePerception(
  body: PerceptionBody,
  ctx: DocumentContext,
): { document?: ComputedPerception; issues: Issue[]; warnings: Warning[] } {
  const issues: Issue[] = [];
  const warnings: Warning[] = [];
  const regime = PERCEPTION_REGIMES[body.codigo_tipo_percepcion];
  const rate = dec(regime.percent).div(HUNDRED);

  // Without fecha_de_emision the voucher is issued today in Lima (and, without a time either, now).
  const issueDate = body.fecha_de_emision ?? ctx.today;
  const issueTime = body.hora_de_emision ?? (body.fecha_de_emision ? MIDNIGHT : (ctx.timeNow ?? MIDNIGHT));
  if (daysBetween(issueDate, ctx.today) < 0) {
    const message = `La fecha de emisión ${issueDate} es posterior a hoy (${ctx.today}).`;
    issues.push(issue('fecha_de_emision', 'issue_date_out_of_range', message));
  }

  const receiver = body.datos_del_cliente_o_receptor;
  if (receiver.codigo_tipo_documento_identidad === '6') {
    const ruc = receiver.numero_documento.trim();
    if (!hasRucFormat(ruc)) {
      issues.push(
        issue(
          'datos_del_cliente_o_receptor.numero_documento',
          'customer_ruc_invalid',
          `El RUC del cliente debe tener 11 dígitos; se recibió "${ruc}" (SUNAT 2679).`,
          { sunatRule: '2679' },
        ),
      );
    } else if (!isValidRuc(ruc)) {
      const message = `El RUC del cliente ${ruc} no es válido: su dígito verificador no corresponde.`;
      if (ctx.mode === 'production')
        issues.push(issue('datos_del_cliente_o_receptor.numero_documento', 'customer_ruc_invalid', message));
      else
        warnings.push(
          warning(
            'datos_del_cliente_o_receptor.numero_documento',
            'customer_ruc_check_digit',
            `${message} Se acepta en modo demo.`,
          ),
        );
    }
  }

  const documents: PerceivedDocument[] = body.documentos.map((d, i) => {
    const path = `documentos[${i}]`;
    const inSums = d.codigo_tipo_documento !== '07' && d.codigo_tipo_documento !== '40';
    const row: PerceivedDocument = {
      documentType: d.codigo_tipo_documento,
      series: d.serie_documento,
      number: Number(d.numero_documento),
      issueDate: d.fecha_de_emision,
      currency: d.codigo_tipo_moneda,
      total: formatAmount(d.total_documento),
      inSums,
    };
    if (daysBetween(d.fecha_de_emision, issueDate) < 0) {
      issues.push(
        issue(
          `${path}.fecha_de_emision`,
          'validation_failed',
          'El documento relacionado no puede ser posterior a la percepción.',
        ),
      );
    }
    // The perception, its payment and its exchange rate are dated the voucher's day unless the body says otherwise.
    const date = d.fecha_de_percepcion ?? issueDate;
    const payment = d.pagos?.[0];
    if (!payment && !inSums) return row; // credit notes may be listed without payment (SUNAT leaves them out of the sums)
    const paid = payment ? payment.total_pago : d.total_documento;
    if (payment && payment.codigo_tipo_moneda !== d.codigo_tipo_moneda) {
      issues.push(
        issue(
          `${path}.pagos[0].codigo_tipo_moneda`,
          'validation_failed',
          'El cobro debe estar en la moneda del documento relacionado.',
        ),
      );
    }
    if (paid.gt(d.total_documento)) {
      issues.push(
        issue(
          `${path}.pagos[0].total_pago`,
          'validation_failed',
          `El cobro (${formatAmount(paid)}) supera el total del documento (${formatAmount(d.total_documento)}).`,
        ),
      );
    }
    let factor = new Decimal(1);
    let exchangeRate: NonNullable<PerceivedDocument['perception']>['exchangeRate'];
    if (d.codigo_tipo_moneda !== 'PEN') {
      if (!d.tipo_de_cambio) {
        issues.push(
          issue(
            `${path}.tipo_de_cambio`,
            'validation_failed',
            'Falta el tipo de cambio: el documento no está en soles (SUNAT 2715).',
            { sunatRule: '2715' },
          ),
        );
      } else {
        if (
          d.tipo_de_cambio.codigo_tipo_moneda_referencia !== d.codigo_tipo_moneda ||
          d.tipo_de_cambio.codigo_tipo_moneda_objetivo !== 'PEN'
        ) {
          issues.push(
            issue(
              `${path}.tipo_de_cambio`,
              'validation_failed',
              `El tipo de cambio debe ir de ${d.codigo_tipo_moneda} a PEN (SUNAT 2749/2720).`,
              { sunatRule: '2720' },
            ),
          );
        }
        if (d.tipo_de_cambio.factor.decimalPlaces() > 6 || d.tipo_de_cambio.factor.gte(10_000)) {
          issues.push(
            issue(
              `${path}.tipo_de_cambio.factor`,
              'validation_failed',
              'El tipo de cambio admite hasta 4 enteros y 6 decimales (SUNAT 2716).',
              { sunatRule: '2716' },
            ),
          );
        }
        factor = d.tipo_de_cambio.factor;
        exchangeRate = {
          source: d.codigo_tipo_moneda,
          target: 'PEN',
          rate: d.tipo_de_cambio.factor.toFixed(6),
          date: d.tipo_de_cambio.fecha_tipo_de_cambio ?? date,
        };
      }
    } else if (d.tipo_de_cambio && !d.tipo_de_cambio.factor.eq(1)) {
      warnings.push(
        warning(
          `${path}.tipo_de_cambio.factor`,
          'value_normalized',
          'Documento en soles: el tipo de cambio se toma como 1.',
        ),
      );
    }
    const basePen = round2(paid.times(factor));
    // Amounts have at most 12 integer digits (SUNAT's format; the database's columns too).
    const expectedNet = basePen.plus(round2(basePen.times(rate)));
    if (exceeds(expectedNet, 2)) {
      issues.push(issue(`${path}.total_a_pagar`, 'amount_out_of_range', outOfRangeMessage(expectedNet)));
      return row;
    }
    const perceived = checked(`${path}.total_percibido`, d.total_percibido, round2(basePen.times(rate)), issues);
    const net = basePen.plus(perceived);
    checked(`${path}.total_a_pagar`, d.total_a_pagar, net, issues);
    checked(`${path}.total_pagado`, d.total_pagado, net, issues);
    row.payment = { number: 1, amount: formatAmount(paid), date: payment?.fecha_de_pago ?? date };
    row.perception = {
      amount: formatAmount(perceived),
      date,
      netCashed: formatAmount(net),
      basePen: formatAmount(basePen),
      exchangeRate,
    };
    return row;
  });

  const counted = documents.filter((d) => d.inSums && d.perception);
  const perceivedSum = sum(counted.map((d) => d.perception!.amount));
  const cashedSum = sum(counted.map((d) => d.perception!.netCashed));
  if (counted.length === 0)
    issues.push(
      issue(
        'documentos',
        'validation_failed',
        'Ningún documento relacionado genera percepción (se requiere al menos una factura, boleta o nota de débito cobrada).',
      ),
    );
  if (exceeds(cashedSum, 2)) {
    issues.push(issue('totales.total_pagado', 'amount_out_of_range', outOfRangeMessage(cashedSum)));
    return { issues, warnings };
  }
  const totalPerceived = checked(
    'totales.total_percibido',
    body.totales?.total_percibido,
    perceivedSum,
    issues,
    '2667',
  );
  const totalCashed = checked('totales.total_pagado', body.totales?.total_pagado, cashedSum, issues, '2668');
  if (totalPerceived.lte(ZERO) && counted.length > 0)
    issues.push(
      issue('totales.total_percibido', 'totals_mismatch', 'El total percibido debe ser mayor que cero (SUNAT 2683).', {
        sunatRule: '2683',
      }),
    );

  if (issues.length > 0) return { issues, warnings };
  return {
    issues,
    warnings,
    document: {
      schemaVersion: 1,
      kind: 'perception',
      documentType: '40',
      series: body.serie_documento,
      number: body.numero_documento === '#' ? null : body.numero_documento,
      issueDate,
      issueTime,
      receiver: {
        documentType: receiver.codigo_tipo_documento_identidad,
        documentNumber: receiver.numero_documento.trim(),
        name: receiver.apellidos_y_nombres_o_razon_social.trim(),
        tradeName: receiver.nombre_comercial,
        countryCode: receiver.codigo_pais ?? 'PE',
        ubigeo: receiver.ubigeo,
        address: receiver.direccion,
        email: receiver.correo_electronico,
        phone: receiver.telefono,
      },
      regime: body.codigo_tipo_percepcion,
      regimeDescription: regime.description,
      percent: regime.percent,
      note: body.observaciones,
      totalPerceived: formatAmount(totalPerceived),
      totalCashed: formatAmount(totalCashed),
      documents,
      amountInWords: amountInWords(totalCashed, 'PEN'),
      numberToLetter: numberToLetter(totalCashed),
      pdfFormat: body.acciones?.formato_pdf ?? 'a4',
    },
  };
}
