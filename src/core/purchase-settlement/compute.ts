// Figures of a liquidación de compra (04), as SUNAT's rules for it compute them (ValidaExprRegLiquidacion):
//   line value     = round2(quantity × unit value)                 LineExtensionAmount (4288)
//   line IGV       = round2(value × 18 %) on taxed lines (10)      TaxSubtotal 1000, base = value (3103, 4294)
//   line retention = round2(value × rate), rate 1.5 % or 4 %       TaxSubtotal 3000, base = value (2464, 4237, 4294)
//   total          = Σ values + Σ IGV                              TaxInclusiveAmount (4309, 4310)
//   payable        = total − IGV − retention                       PayableAmount (4312)
// The buyer issues the document, keeps the retention and pays the IGV to SUNAT, so the seller is paid the
// value less the retention. Figures the client sent are checked against ours (±0.01) and ours are kept.
import { issue, warning, type Issue, type Warning } from '../issues.ts';
import type { DocumentContext } from '../invoice/context.ts';
import { exceeds } from '../invoice/rules/magnitudes.ts';
import { Decimal, formatAmount, formatDecimal, formatUnitAmount, HUNDRED, round2, sum, ZERO } from '../money.ts';
import { issueMoment, type Findings } from '../other-cpe/compute.ts';
import { amountInWords, numberToLetter } from '../words.ts';
import { DEFAULT_INCOME_TAX_RATE, SETTLEMENT_AFFECTATIONS, SETTLEMENT_IGV_PERCENT } from './catalogs.ts';
import { SETTLEMENT_RULES } from './rules.ts';
import type { PurchaseSettlementBody } from './schema.ts';
import type { ComputedPurchaseSettlement, SettlementLine, SettlementTotals } from './types.ts';

type ItemBody = PurchaseSettlementBody['items'][number];

const TOLERANCE = new Decimal('0.01');

/** A figure the client may have sent, the one we computed and SUNAT's rule that compares them. */
interface Figure {
  path: string;
  sent: Decimal | undefined;
  expected: Decimal;
  rule: string;
}

function checkFigures(figures: Figure[], f: Findings): void {
  for (const { path, sent, expected, rule } of figures) {
    if (sent === undefined || sent.minus(expected).abs().lte(TOLERANCE)) continue;
    const [e, r] = [formatAmount(expected), formatAmount(sent)];
    const message = `${path}: se esperaba ${e} y se recibió ${r} (SUNAT ${rule}).`;
    f.issues.push(issue(path, 'totals_mismatch', message, { expected: e, received: r, sunatRule: rule }));
  }
}

/** The line's IGV rate: 18 % on taxed lines (SUNAT computes the settlement's IGV at 18 %, 4290); another is warned. */
function igvPercentOf(item: ItemBody, path: string, f: Findings): Decimal {
  const standard = new Decimal(SETTLEMENT_IGV_PERCENT);
  const sent = item.porcentaje_igv;
  if (sent === undefined || sent.eq(standard) || item.codigo_tipo_afectacion_igv !== '10') return standard;
  const message = `IGV de ${sent.toString()} %: SUNAT calcula el IGV de la liquidación de compra al 18 % y observará el comprobante (4290).`;
  f.warnings.push(warning(`${path}.porcentaje_igv`, 'igv_rate_unusual', message, '4290'));
  return sent;
}

function computeLine(item: ItemBody, i: number, defaultRate: Decimal, f: Findings): SettlementLine {
  const path = `items[${i}]`;
  const scheme = SETTLEMENT_AFFECTATIONS[item.codigo_tipo_afectacion_igv].scheme;
  const percent = igvPercentOf(item, path, f);
  const value = round2(item.cantidad.times(item.valor_unitario));
  const igv = scheme === '1000' ? round2(value.times(percent).div(HUNDRED)) : ZERO;
  const rate = item.porcentaje_retencion_renta ?? defaultRate;
  const retention = round2(value.times(rate).div(HUNDRED));
  const unitPrice = value.plus(igv).div(item.cantidad);
  checkFigures(
    [
      { path: `${path}.total_valor_item`, sent: item.total_valor_item, expected: value, rule: '4288' },
      { path: `${path}.total_base_igv`, sent: item.total_base_igv, expected: value, rule: '4294' },
      { path: `${path}.total_igv`, sent: item.total_igv, expected: igv, rule: '3103' },
      { path: `${path}.total_impuestos`, sent: item.total_impuestos, expected: igv, rule: '4293' },
      { path: `${path}.total_item`, sent: item.total_item, expected: value.plus(igv), rule: '4288' },
      { path: `${path}.precio_unitario`, sent: item.precio_unitario, expected: unitPrice, rule: '4287' },
      { path: `${path}.total_retencion_renta`, sent: item.total_retencion_renta, expected: retention, rule: '2464' },
    ],
    f,
  );
  return {
    index: i + 1,
    internalCode: item.codigo_interno?.trim(),
    sunatProductCode: item.codigo_producto_sunat,
    description: item.descripcion.trim(),
    unitCode: item.unidad_de_medida,
    quantity: formatDecimal(item.cantidad),
    unitValue: formatUnitAmount(item.valor_unitario),
    unitPrice: formatUnitAmount(unitPrice),
    affectationCode: item.codigo_tipo_afectacion_igv,
    scheme,
    igvPercent: percent.toString(),
    value: formatAmount(value),
    igv: formatAmount(igv),
    incomeTax: rate.isZero() ? undefined : { percent: rate.toString(), amount: formatAmount(retention) },
    total: formatAmount(value.plus(igv)),
  };
}

function totalsOf(body: PurchaseSettlementBody, lines: SettlementLine[], f: Findings): SettlementTotals {
  const valuesOf = (scheme: SettlementLine['scheme']) =>
    sum(lines.filter((l) => l.scheme === scheme).map((l) => l.value));
  const withTax = lines.filter((l) => l.incomeTax);
  const [taxed, exonerated, unaffected] = [valuesOf('1000'), valuesOf('9997'), valuesOf('9998')];
  const igv = sum(lines.map((l) => l.igv));
  const value = sum(lines.map((l) => l.value));
  const incomeTax = sum(withTax.map((l) => l.incomeTax!.amount));
  const total = value.plus(igv);
  const payable = total.minus(igv).minus(incomeTax);
  const sent = body.totales ?? {};
  checkFigures(
    [
      {
        path: 'totales.total_operaciones_gravadas',
        sent: sent.total_operaciones_gravadas,
        expected: taxed,
        rule: '4299',
      },
      {
        path: 'totales.total_operaciones_exoneradas',
        sent: sent.total_operaciones_exoneradas,
        expected: exonerated,
        rule: '4297',
      },
      {
        path: 'totales.total_operaciones_inafectas',
        sent: sent.total_operaciones_inafectas,
        expected: unaffected,
        rule: '4296',
      },
      { path: 'totales.total_igv', sent: sent.total_igv, expected: igv, rule: '4290' },
      { path: 'totales.total_impuestos', sent: sent.total_impuestos, expected: igv, rule: '4301' },
      { path: 'totales.total_valor', sent: sent.total_valor, expected: value, rule: '4309' },
      { path: 'totales.total_venta', sent: sent.total_venta, expected: total, rule: '4310' },
      { path: 'totales.total_retencion_renta', sent: sent.total_retencion_renta, expected: incomeTax, rule: '4346' },
      { path: 'totales.total_a_pagar', sent: sent.total_a_pagar, expected: payable, rule: '4312' },
    ],
    f,
  );
  return {
    taxed: formatAmount(taxed),
    exonerated: formatAmount(exonerated),
    unaffected: formatAmount(unaffected),
    igv: formatAmount(igv),
    value: formatAmount(value),
    total: formatAmount(total),
    incomeTaxBase: formatAmount(sum(withTax.map((l) => l.value))),
    incomeTax: formatAmount(incomeTax),
    payable: formatAmount(payable),
  };
}

export function computePurchaseSettlement(
  body: PurchaseSettlementBody,
  ctx: DocumentContext,
): { document?: ComputedPurchaseSettlement; issues: Issue[]; warnings: Warning[] } {
  const f: Findings = { issues: [], warnings: [] };
  const moment = issueMoment(body, ctx, f);
  const defaultRate = body.porcentaje_retencion_renta ?? new Decimal(DEFAULT_INCOME_TAX_RATE);
  const lines = body.items.map((item, i) => computeLine(item, i, defaultRate, f));
  const totals = totalsOf(body, lines, f);
  const s = body.datos_del_proveedor;
  const p = body.datos_de_la_operacion;
  const currency = body.codigo_tipo_moneda ?? 'PEN';
  const inRange = !exceeds(new Decimal(totals.total), 2);
  const document: ComputedPurchaseSettlement = {
    kind: 'purchase-settlement',
    documentType: '04',
    series: body.serie_documento,
    number: body.numero_documento === '#' ? null : body.numero_documento,
    issueDate: moment.date,
    issueTime: moment.time,
    operationType: body.codigo_tipo_operacion ?? '0501',
    currency,
    seller: {
      documentType: s.codigo_tipo_documento_identidad,
      documentNumber: s.numero_documento.trim(),
      name: s.apellidos_y_nombres_o_razon_social.trim(),
      address: s.direccion.trim(),
      ubigeo: s.ubigeo,
      addressTypeCode: s.codigo_tipo_direccion ?? p.codigo_tipo_lugar,
      countryCode: s.codigo_pais ?? 'PE',
      email: s.correo_electronico,
      phone: s.telefono,
    },
    place: {
      locationType: p.codigo_tipo_lugar,
      address: p.direccion.trim(),
      ubigeo: p.ubigeo,
      countryCode: p.codigo_pais ?? 'PE',
    },
    lines,
    totals,
    // Past 12 integer digits there are no words (the amountsInRange rule refuses such a settlement).
    amountInWords: inRange ? amountInWords(totals.payable, currency) : '',
    numberToLetter: inRange ? numberToLetter(totals.payable) : '',
    note: body.informacion_adicional,
    actions: {
      sendEmail: body.acciones?.enviar_email ?? false,
      sendXmlSigned: body.acciones?.enviar_xml_firmado ?? true,
      pdfFormat: body.acciones?.formato_pdf ?? 'a4',
    },
  };
  for (const rule of SETTLEMENT_RULES) rule.check(document, f);
  return { document: f.issues.length === 0 ? document : undefined, issues: f.issues, warnings: f.warnings };
}
