// Line rules: ids (2023/2752), quantities, unit codes, prices (2640/3224/3234/3270), values (3271), items,
// allowances (4268/3290), hospedaje (3136–3145), hydrobiological detraction properties and, through
// line-properties.ts, typed property values (3065/3135), mortgage credits (3150–3155) and operation 0112 (3181).
import { missingHotelProperties } from '../../../core/catalogs/index.ts';
import type { XmlElement } from '../../../sunat/xml.ts';
import { ALLOWANCE_REASONS, PRICE_TYPES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { all, attr, exists, first, num, stringValue, sum, text } from '../xpath.ts';
import {
  PERCENT,
  TEN_DECIMALS,
  ZERO,
  add,
  eq,
  fmt,
  gt,
  mul,
  outside,
  round,
  sub,
  toNum,
  type Num,
} from '../numbers.ts';
import { deductibleExpenseOperation, typedLineProperties } from './line-properties.ts';
import { lineTaxTotal } from './line-taxes.ts';
import {
  SIGNED_TWO_DECIMALS,
  type Shape,
  subtotalsOf,
  reasonCode,
  allowances,
  amountSum,
  observeAttr,
} from './shape.ts';

export function lines(s: Shape, f: Findings): void {
  const anyNonIvap = s.lines
    .flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal'))
    .some((st) => {
      const code = text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode');
      return code !== undefined && code !== '17' && gt(num(st, 'cbc:TaxableAmount'), 0);
    });
  s.lines.forEach((line, index) => {
    const v = lineView(s, line, index, anyNonIvap);
    for (const phase of LINE_PHASES) phase(v, f);
  });
  deductibleExpenseOperation(s, f);
}

/** What every phase of a line's rules reads (pure reads: the checks are in the phases, in the XSL's order). */
interface LineView {
  line: XmlElement;
  s: Shape;
  nro: string;
  detail: string;
  quantity: Num;
  taxTotal: XmlElement | undefined;
  /** A free line: its 9996 subtotal has a base above 0. */
  freeBase: boolean;
  prices: XmlElement[];
  /** The referential (02) prices. */
  referential: XmlElement[];
  /** Some line of the document has a subtotal of an affectation other than IVAP (17) with a base (SUNAT 2644). */
  anyNonIvap: boolean;
}

function lineView(s: Shape, line: XmlElement, index: number, anyNonIvap: boolean): LineView {
  const nro = text(line, 'cbc:ID') ?? String(index + 1);
  const taxTotal = first(line, 'cac:TaxTotal');
  const prices = all(line, 'cac:PricingReference/cac:AlternativeConditionPrice');
  return {
    line,
    s,
    nro,
    detail: `Error en la linea: ${nro}`,
    quantity: num(first(line, `cbc:${s.quantityName}`)),
    taxTotal,
    freeBase: subtotalsOf(taxTotal, '9996').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0)),
    prices,
    referential: prices.filter((p) => text(p, 'cbc:PriceTypeCode') === '02'),
    anyNonIvap,
  };
}

const LINE_PHASES = [
  lineId,
  lineQuantity,
  lineItem,
  linePrices,
  lineTaxes,
  lineAllowanceCharges,
  lineArithmetic,
  lineProperties,
];

/** SUNAT 2023: a line number of 1–3 digits, not 0; 2752: each number once. */
function lineId(v: LineView, f: Findings): void {
  const { line, s, detail } = v;
  const ids = s.lines.map((l) => text(l, 'cbc:ID'));
  const id = text(line, 'cbc:ID');
  f.check(id === undefined || !/^(?!0*$)\d{1,3}$/.test(id), '2023', `cac:${s.lineName}/cbc:ID`, id, detail); // SUNAT 2023
  f.check(
    id !== undefined &&
      /^\d+$/.test(id) &&
      ids.filter((x) => x !== undefined && /^\d+$/.test(x) && Number(x) === Number(id)).length > 1,
    '2752',
    `cac:${s.lineName}/cbc:ID`,
    id,
    detail,
  );
}

/** The quantity: its unit code (2883, observations 4258/4259), above 0 (2024), 10 decimals (2025). */
function lineQuantity(v: LineView, f: Findings): void {
  const { line, s, detail, quantity } = v;
  const quantityEl = first(line, `cbc:${s.quantityName}`);
  if (quantityEl)
    f.check(attr(quantityEl, 'unitCode') === undefined, '2883', `cbc:${s.quantityName}/@unitCode`, undefined, detail);
  observeAttr(f, quantityEl, 'unitCodeListID', /^(UN\/ECE rec 20)$/, '4258', detail);
  observeAttr(
    f,
    quantityEl,
    'unitCodeListAgencyName',
    /^(United Nations Economic Commission for Europe)$/,
    '4259',
    detail,
  );
  f.check(eq(quantity, 0), '2024', `cbc:${s.quantityName}`, text(quantityEl), detail);
  f.check(!quantityEl, '2024', `cbc:${s.quantityName}`, undefined, detail);
  f.check(
    !!quantityEl && !TEN_DECIMALS.test(text(quantityEl) ?? ''),
    '2025',
    `cbc:${s.quantityName}`,
    text(quantityEl),
    detail,
  );
}

/** The item: seller's code (4269), UNSPSC (4337/4254), GTIN (4333–4335), description (2026/2027). */
function lineItem(v: LineView, f: Findings): void {
  const { line, detail } = v;
  const sellersId = text(line, 'cac:Item/cac:SellersItemIdentification/cbc:ID');
  if (sellersId !== undefined)
    f.check(
      sellersId.length > 30 || sellersId.length < 1 || /^\s*$/.test(sellersId),
      '4269',
      'cac:SellersItemIdentification/cbc:ID',
      sellersId,
      detail,
      false,
    );
  const classification = first(line, 'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode');
  const classValue = text(classification);
  if (classValue !== undefined && classValue.length === 8) {
    f.check(
      classValue.slice(2) === '000000' || classValue.slice(4) === '0000',
      '4337',
      'cbc:ItemClassificationCode',
      classValue,
      detail,
      false,
    );
  }
  observeAttr(f, classification, 'listID', /^(UNSPSC)$/, '4254', detail);
  observeAttr(f, classification, 'listAgencyName', /^(GS1 US)$/, '4251', detail);
  observeAttr(f, classification, 'listName', /^(Item Classification)$/, '4252', detail);
  const gtin = first(line, 'cac:Item/cac:StandardItemIdentification/cbc:ID');
  if (gtin) {
    const schemeId = attr(gtin, 'schemeID');
    f.check(!schemeId, '4333', 'cac:StandardItemIdentification/cbc:ID/@schemeID', undefined, detail, false);
    if (schemeId !== undefined)
      f.check(
        !/^(GTIN-8|GTIN-12|GTIN-13|GTIN-14)$/.test(schemeId),
        '4335',
        'cbc:ID/@schemeID',
        schemeId,
        detail,
        false,
      );
    const length = schemeId ? Number(schemeId.replace('GTIN-', '')) : NaN;
    if (Number.isFinite(length))
      f.check(
        (text(gtin) ?? '').length !== length,
        '4334',
        'cac:StandardItemIdentification/cbc:ID',
        text(gtin),
        detail,
        false,
      );
  }

  const description = first(line, 'cac:Item/cbc:Description');
  f.check(!description, '2026', 'cac:Item/cbc:Description', undefined, detail); // SUNAT 2026
  if (description) {
    const value = stringValue(description);
    f.check(value.length > 500 || /^\s*$/.test(value), '2027', 'cac:Item/cbc:Description', value.slice(0, 60), detail);
  }
}

/** Price (2068/2369), 0 on free lines (2640); PricingReference prices and types (2028/2367/2409/2410/3224/3234). */
function linePrices(v: LineView, f: Findings): void {
  const { line, detail, freeBase, prices, referential } = v;
  const priceText = text(line, 'cac:Price/cbc:PriceAmount');
  f.check(priceText === undefined, '2068', 'cac:Price/cbc:PriceAmount', undefined, detail); // SUNAT 2068
  f.check(
    priceText !== undefined && !TEN_DECIMALS.test(priceText),
    '2369',
    'cac:Price/cbc:PriceAmount',
    priceText,
    detail,
  );
  f.check(
    freeBase && gt(num(line, 'cac:Price/cbc:PriceAmount'), 0),
    '2640',
    'cac:Price/cbc:PriceAmount',
    priceText,
    detail,
  ); // SUNAT 2640

  f.check(
    !prices.some((p) => exists(p, 'cbc:PriceAmount')),
    '2028',
    'cac:AlternativeConditionPrice/cbc:PriceAmount',
    undefined,
    detail,
  ); // SUNAT 2028
  for (const p of prices) {
    const amount = text(p, 'cbc:PriceAmount');
    f.format(amount, TEN_DECIMALS, '2367', 'cac:AlternativeConditionPrice/cbc:PriceAmount', detail);
    const type = text(p, 'cbc:PriceTypeCode');
    f.check(type === undefined || !PRICE_TYPES.has(type), '2410', 'cbc:PriceTypeCode', type, detail); // SUNAT 2410
    const typeEl = first(p, 'cbc:PriceTypeCode');
    observeAttr(f, typeEl, 'listName', /^(Tipo de Precio)$/, '4252', detail);
    observeAttr(f, typeEl, 'listAgencyName', /^(PE:SUNAT)$/, '4251', detail);
    observeAttr(f, typeEl, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo16)$/, '4253', detail);
  }
  const priceTypes = prices.map((p) => text(p, 'cbc:PriceTypeCode'));
  f.check(
    priceTypes.filter((x) => x === '01').length > 1 || priceTypes.filter((x) => x === '02').length > 1,
    '2409',
    'cbc:PriceTypeCode',
    undefined,
    detail,
  ); // SUNAT 2409
  const onerousPrices = prices.filter((p) => text(p, 'cbc:PriceTypeCode') !== '02');
  f.check(
    referential.some((p) => gt(num(p, 'cbc:PriceAmount'), 0)) && !freeBase,
    '3224',
    'cac:AlternativeConditionPrice/cbc:PriceAmount',
    undefined,
    detail,
  ); // SUNAT 3224
  f.check(
    onerousPrices.some((p) => gt(num(p, 'cbc:PriceAmount'), 0)) && freeBase,
    '3234',
    'cac:AlternativeConditionPrice/cbc:PriceAmount',
    undefined,
    detail,
  ); // SUNAT 3234
}

/** The line's TaxTotal, once (3195/3026), checked in line-taxes.ts. */
function lineTaxes(v: LineView, f: Findings): void {
  const { line, s, nro, detail, quantity, taxTotal, anyNonIvap } = v;
  const taxTotals = all(line, 'cac:TaxTotal');
  f.check(taxTotals.length === 0, '3195', 'cac:TaxTotal', undefined, detail); // SUNAT 3195
  f.check(taxTotals.length > 1, '3026', 'cac:TaxTotal/cbc:TaxAmount', undefined, detail); // SUNAT 3026
  if (taxTotal) lineTaxTotal(line, taxTotal, s, f, nro, quantity, anyNonIvap);
}

/** LineExtensionAmount's format (2370); the line's discounts and charges (3114/3073/2954/4268/3052/3290). */
function lineAllowanceCharges(v: LineView, f: Findings): void {
  const { line, detail } = v;
  const extensionText = text(line, 'cbc:LineExtensionAmount');
  f.format(extensionText, SIGNED_TWO_DECIMALS, '2370', 'cbc:LineExtensionAmount', detail);

  for (const ac of all(line, 'cac:AllowanceCharge')) {
    const code = reasonCode(ac);
    const acDetail = `${detail} Cargo/Descuento: ${code}`;
    const indicator = text(ac, 'cbc:ChargeIndicator');
    if (code === '47' || code === '48')
      f.check(indicator === 'false', '3114', 'cbc:ChargeIndicator', indicator, acDetail);
    if (code === '00' || code === '01')
      f.check(indicator === 'true', '3114', 'cbc:ChargeIndicator', indicator, acDetail);
    f.check(!exists(ac, 'cbc:AllowanceChargeReasonCode'), '3073', 'cbc:AllowanceChargeReasonCode', undefined, acDetail);
    f.check(code !== '' && !ALLOWANCE_REASONS[code], '2954', 'cbc:AllowanceChargeReasonCode', code, acDetail);
    f.check(
      ALLOWANCE_REASONS[code] !== undefined && !ALLOWANCE_REASONS[code].item,
      '4268',
      'cbc:AllowanceChargeReasonCode',
      code,
      acDetail,
      false,
    );
    const factorText = text(ac, 'cbc:MultiplierFactorNumeric');
    if (factorText !== undefined)
      f.check(!PERCENT.test(factorText), '3052', 'cbc:MultiplierFactorNumeric', factorText, acDetail);
    const factor = num(ac, 'cbc:MultiplierFactorNumeric');
    const computed = mul(toNum(`0${text(ac, 'cbc:BaseAmount') ?? ''}`) ?? ZERO, toNum(`0${factorText ?? ''}`) ?? ZERO);
    f.check(
      gt(factor, 0) && outside(computed, num(ac, 'cbc:Amount')),
      '3290',
      'cbc:Amount',
      text(ac, 'cbc:Amount'),
      acDetail,
    ); // SUNAT 3290
  }
}

/** Line arithmetic (Excel v7 rejections 3270 / 3271; 4287/4288 observations on boletas and notes of boletas). */
function lineArithmetic(v: LineView, f: Findings): void {
  const { line, s, detail, quantity, taxTotal, freeBase, prices, referential } = v;
  // Line arithmetic (Excel v7 rejections 3270 / 3271).
  const lineValue = num(line, 'cbc:LineExtensionAmount');
  const lineTax = num(taxTotal, 'cbc:TaxAmount');
  const acSum = (code: string) => amountSum(allowances(line, code));
  const unitPrice = sum(
    prices.filter((p) => text(p, 'cbc:PriceTypeCode') === '01').flatMap((p) => all(p, 'cbc:PriceAmount')),
  );
  const referentialPrice = sum(referential.flatMap((p) => all(p, 'cbc:PriceAmount')));
  // SUNAT 3270 on facturas and debit notes of facturas; observation 4287 on boletas (Boleta XSL) and debit notes of
  // boletas; credit notes compute the price but compare nothing (NC XSL).
  const priceLevel = s.tipo === '07' ? undefined : s.tipo === '03' || s.noteLevel === 'observation' ? '4287' : '3270';
  if (priceLevel && quantity !== null && !quantity.isZero()) {
    // Debit notes (ND 3270): (value + taxes) ÷ quantity, no line discounts 01 nor charges 48.
    const priceComputed = round(
      (s.tipo === '08' ? add(lineValue, lineTax) : add(sub(add(lineValue, lineTax), acSum('01')), acSum('48')))?.div(
        quantity,
      ) ?? null,
      5,
    );
    // Its XPath precedence kept: the second comparison also runs on free lines.
    f.check(
      (!freeBase && unitPrice !== null && priceComputed !== null && unitPrice.plus(1).lt(priceComputed)) ||
        (unitPrice !== null && priceComputed !== null && unitPrice.minus(1).gt(priceComputed)),
      priceLevel,
      'cac:AlternativeConditionPrice/cbc:PriceAmount',
      fmt(unitPrice),
      detail,
      priceLevel === '3270',
    );
  }
  const referentialValue = round(add(sub(mul(referentialPrice, quantity), acSum('00')), acSum('47')), 2);
  // Notes (NC/ND 3271): LineExtensionAmount = round2(Price × quantity), no discounts 00 nor charges 47.
  const priceTimesQuantity = mul(num(line, 'cac:Price/cbc:PriceAmount'), quantity);
  const value = round(s.noteLevel ? priceTimesQuantity : add(sub(priceTimesQuantity, acSum('00')), acSum('47')), 2);
  // SUNAT 3271; the Boleta XSL only observes it (4288), as the NC/ND rules do on notes of boletas.
  const valueObserved = s.tipo === '03' || s.noteLevel === 'observation';
  f.check(
    freeBase && outside(lineValue, referentialValue),
    s.tipo === '03' ? '4288' : '3271',
    'cbc:LineExtensionAmount',
    fmt(lineValue),
    detail,
    s.tipo !== '03',
  ); // SUNAT 3271 (free)
  f.check(
    !freeBase && outside(lineValue, value),
    valueObserved ? '4288' : '3271',
    'cbc:LineExtensionAmount',
    fmt(lineValue),
    detail,
    !valueObserved,
  ); // SUNAT 3271
}

/** Item properties: hospedaje (3136–3145) and hydrobiological detraction 1002 (3063, 3130–3134). */
function lineProperties(v: LineView, f: Findings): void {
  const { line, s, detail } = v;
  // SUNAT 3136–3145 (hospedaje 0202/0205): each line carries the item properties of catalog 55.
  const nameCodes = all(line, 'cac:Item/cac:AdditionalItemProperty/cbc:NameCode').map((n) => text(n));
  for (const [concept, code] of missingHotelProperties(s.isInvoice ? s.operation : undefined, nameCodes))
    f.error(code, 'cac:AdditionalItemProperty/cbc:NameCode', undefined, `${detail} Concepto: ${concept}`);
  // SUNAT 3150–3155, 3065/3135, 4280–4282, 4313: mortgage-credit lines and properties read from typed elements.
  typedLineProperties(line, s, detail, f);
  if (s.operation === '1002') {
    const nameCodes = all(line, 'cac:Item/cac:AdditionalItemProperty/cbc:NameCode').map((n) => text(n));
    for (const [concept, code] of [
      ['3001', '3063'],
      ['3002', '3130'],
      ['3003', '3131'],
      ['3004', '3132'],
      ['3005', '3134'],
      ['3006', '3133'],
    ] as const) {
      f.check(
        !nameCodes.includes(concept),
        code,
        'cac:AdditionalItemProperty/cbc:NameCode',
        undefined,
        `${detail} Concepto: ${concept}`,
      );
    }
  }
}
