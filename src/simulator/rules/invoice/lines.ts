// Line rules: ids (2023/2752), quantities, unit codes, prices (2640/3224/3234/3270), values (3271), items,
// allowances (4268/3290), hospedaje (3136–3145), hydrobiological detraction properties and, through
// line-properties.ts, typed property values (3065/3135), mortgage credits (3150–3155) and operation 0112 (3181).
import { missingHotelProperties } from '../../../core/catalogs/index.ts';
import type { XmlElement } from '../../../sunat/xml.ts';
import { ALLOWANCE_REASONS, PRICE_TYPES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { applyRules, observedAttribute, type Rule } from '../rule-table.ts';
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
import { SIGNED_TWO_DECIMALS, type Shape, subtotalsOf, reasonCode, allowances, amountSum } from './shape.ts';

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
  (v: LineView, f: Findings) => applyRules(LINE_RULES, v, f),
  (v: LineView, f: Findings) => {
    for (const price of v.prices) applyRules(PRICE_RULES, { ...v, price }, f);
  },
  (v: LineView, f: Findings) => applyRules(PRICE_TYPE_RULES, v, f),
  lineTaxes,
  lineAllowanceCharges,
  (v: LineView, f: Findings) => applyRules(ARITHMETIC_RULES, arithmeticView(v), f),
  lineProperties,
];

const quantityNode = (v: LineView) => `cbc:${v.s.quantityName}`;
const quantityOf = (v: LineView) => first(v.line, `cbc:${v.s.quantityName}`);
const classification = (v: LineView) =>
  first(v.line, 'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode');
const gtin = (v: LineView) => first(v.line, 'cac:Item/cac:StandardItemIdentification/cbc:ID');
const gtinScheme = (v: LineView) => attr(gtin(v), 'schemeID');
const description = (v: LineView) => first(v.line, 'cac:Item/cbc:Description');
const priceText = (v: LineView) => text(v.line, 'cac:Price/cbc:PriceAmount');

/** The line's id, quantity, item and price, in the XSL's order. */
const LINE_RULES: readonly Rule<LineView>[] = [
  // SUNAT 2023: a line number of 1–3 digits, not 0.
  {
    code: '2023',
    node: (v) => `cac:${v.s.lineName}/cbc:ID`,
    when: (v) => {
      const id = text(v.line, 'cbc:ID');
      return id === undefined || !/^(?!0*$)\d{1,3}$/.test(id);
    },
    value: (v) => text(v.line, 'cbc:ID'),
  },
  // SUNAT 2752: each line number once.
  {
    code: '2752',
    node: (v) => `cac:${v.s.lineName}/cbc:ID`,
    when: ({ line, s }) => {
      const id = text(line, 'cbc:ID');
      const ids = s.lines.map((l) => text(l, 'cbc:ID'));
      return (
        id !== undefined &&
        /^\d+$/.test(id) &&
        ids.filter((x) => x !== undefined && /^\d+$/.test(x) && Number(x) === Number(id)).length > 1
      );
    },
    value: (v) => text(v.line, 'cbc:ID'),
  },
  // SUNAT 2883: the quantity's unit code.
  {
    code: '2883',
    node: (v) => `cbc:${v.s.quantityName}/@unitCode`,
    when: (v) => !!quantityOf(v) && attr(quantityOf(v), 'unitCode') === undefined,
  },
  observedAttribute(quantityOf, 'unitCodeListID', /^(UN\/ECE rec 20)$/, '4258'),
  observedAttribute(quantityOf, 'unitCodeListAgencyName', /^(United Nations Economic Commission for Europe)$/, '4259'),
  // SUNAT 2024: a quantity above 0…
  { code: '2024', node: quantityNode, when: (v) => eq(v.quantity, 0), value: (v) => text(quantityOf(v)) },
  { code: '2024', node: quantityNode, when: (v) => !quantityOf(v) },
  // SUNAT 2025: … of up to 10 decimals.
  {
    code: '2025',
    node: quantityNode,
    when: (v) => !!quantityOf(v) && !TEN_DECIMALS.test(text(quantityOf(v)) ?? ''),
    value: (v) => text(quantityOf(v)),
  },
  // SUNAT 4269 (observation): the seller's code of 1 to 30 characters.
  {
    code: '4269',
    observation: true,
    node: 'cac:SellersItemIdentification/cbc:ID',
    when: (v) => {
      const id = text(v.line, 'cac:Item/cac:SellersItemIdentification/cbc:ID');
      return id !== undefined && (id.length > 30 || id.length < 1 || /^\s*$/.test(id));
    },
    value: (v) => text(v.line, 'cac:Item/cac:SellersItemIdentification/cbc:ID'),
  },
  // SUNAT 4337 (observation): a UNSPSC code at the level of a product (not a segment or family).
  {
    code: '4337',
    observation: true,
    node: 'cbc:ItemClassificationCode',
    when: (v) => {
      const code = text(classification(v));
      return code !== undefined && code.length === 8 && (code.slice(2) === '000000' || code.slice(4) === '0000');
    },
    value: (v) => text(classification(v)),
  },
  observedAttribute(classification, 'listID', /^(UNSPSC)$/, '4254'),
  observedAttribute(classification, 'listAgencyName', /^(GS1 US)$/, '4251'),
  observedAttribute(classification, 'listName', /^(Item Classification)$/, '4252'),
  // SUNAT 4333 / 4335 / 4334 (observations): a GTIN names its kind, one of GTIN-8/12/13/14, and has its length.
  {
    code: '4333',
    observation: true,
    node: 'cac:StandardItemIdentification/cbc:ID/@schemeID',
    when: (v) => !!gtin(v) && !gtinScheme(v),
  },
  {
    code: '4335',
    observation: true,
    node: 'cbc:ID/@schemeID',
    when: (v) => !!gtin(v) && gtinScheme(v) !== undefined && !/^(GTIN-8|GTIN-12|GTIN-13|GTIN-14)$/.test(gtinScheme(v)!),
    value: gtinScheme,
  },
  {
    code: '4334',
    observation: true,
    node: 'cac:StandardItemIdentification/cbc:ID',
    when: (v) => {
      const scheme = gtinScheme(v);
      const length = scheme ? Number(scheme.replace('GTIN-', '')) : NaN;
      return !!gtin(v) && Number.isFinite(length) && (text(gtin(v)) ?? '').length !== length;
    },
    value: (v) => text(gtin(v)),
  },
  // SUNAT 2026: the item's description…
  { code: '2026', node: 'cac:Item/cbc:Description', when: (v) => !description(v) },
  // SUNAT 2027: … of up to 500 characters, not blank.
  {
    code: '2027',
    node: 'cac:Item/cbc:Description',
    when: (v) => {
      const el = description(v);
      return !!el && (stringValue(el).length > 500 || /^\s*$/.test(stringValue(el)));
    },
    value: (v) => stringValue(description(v)).slice(0, 60),
  },
  // SUNAT 2068 / 2369: the unit value (Price), of up to 10 decimals…
  { code: '2068', node: 'cac:Price/cbc:PriceAmount', when: (v) => priceText(v) === undefined },
  {
    code: '2369',
    node: 'cac:Price/cbc:PriceAmount',
    when: (v) => priceText(v) !== undefined && !TEN_DECIMALS.test(priceText(v)!),
    value: priceText,
  },
  // SUNAT 2640: … 0 on a free line.
  {
    code: '2640',
    node: 'cac:Price/cbc:PriceAmount',
    when: (v) => v.freeBase && gt(num(v.line, 'cac:Price/cbc:PriceAmount'), 0),
    value: priceText,
  },
  // SUNAT 2028: a PricingReference price.
  {
    code: '2028',
    node: 'cac:AlternativeConditionPrice/cbc:PriceAmount',
    when: (v) => !v.prices.some((p) => exists(p, 'cbc:PriceAmount')),
  },
];

/** Each PricingReference price: its format (2367), its type from catalog 16 (2410) and the type's attributes. */
const PRICE_RULES: readonly Rule<LineView & { price: XmlElement }>[] = [
  {
    code: '2367',
    node: 'cac:AlternativeConditionPrice/cbc:PriceAmount',
    when: (v) => {
      const amount = text(v.price, 'cbc:PriceAmount');
      return amount === undefined || !TEN_DECIMALS.test(amount);
    },
    value: (v) => text(v.price, 'cbc:PriceAmount'),
  },
  {
    code: '2410',
    node: 'cbc:PriceTypeCode',
    when: (v) => {
      const type = text(v.price, 'cbc:PriceTypeCode');
      return type === undefined || !PRICE_TYPES.has(type);
    },
    value: (v) => text(v.price, 'cbc:PriceTypeCode'),
  },
  observedAttribute((v) => first(v.price, 'cbc:PriceTypeCode'), 'listName', /^(Tipo de Precio)$/, '4252'),
  observedAttribute((v) => first(v.price, 'cbc:PriceTypeCode'), 'listAgencyName', /^(PE:SUNAT)$/, '4251'),
  observedAttribute(
    (v) => first(v.price, 'cbc:PriceTypeCode'),
    'listURI',
    /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo16)$/,
    '4253',
  ),
];

const typeCount = (v: LineView, type: string) => v.prices.filter((p) => text(p, 'cbc:PriceTypeCode') === type).length;

/** The prices' types: each once (2409), a referential price only on free lines (3224), an onerous one never (3234). */
const PRICE_TYPE_RULES: readonly Rule<LineView>[] = [
  {
    code: '2409',
    node: 'cbc:PriceTypeCode',
    when: (v) => typeCount(v, '01') > 1 || typeCount(v, '02') > 1,
  },
  {
    code: '3224',
    node: 'cac:AlternativeConditionPrice/cbc:PriceAmount',
    when: (v) => v.referential.some((p) => gt(num(p, 'cbc:PriceAmount'), 0)) && !v.freeBase,
  },
  {
    code: '3234',
    node: 'cac:AlternativeConditionPrice/cbc:PriceAmount',
    when: (v) =>
      v.prices.filter((p) => text(p, 'cbc:PriceTypeCode') !== '02').some((p) => gt(num(p, 'cbc:PriceAmount'), 0)) &&
      v.freeBase,
  },
];

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
    applyRules(LINE_ALLOWANCE_RULES, { ac, code, detail: `${detail} Cargo/Descuento: ${code}` }, f);
  }
}

interface LineAllowanceView {
  ac: XmlElement;
  /** Its reason (catalog 53). */
  code: string;
  detail: string;
}

const indicator = (v: LineAllowanceView) => text(v.ac, 'cbc:ChargeIndicator');
const factorText = (v: LineAllowanceView) => text(v.ac, 'cbc:MultiplierFactorNumeric');

const LINE_ALLOWANCE_RULES: readonly Rule<LineAllowanceView>[] = [
  // SUNAT 3114: charges (47, 48) have ChargeIndicator true, discounts (00, 01) false.
  {
    code: '3114',
    node: 'cbc:ChargeIndicator',
    when: (v) => (v.code === '47' || v.code === '48') && indicator(v) === 'false',
    value: indicator,
  },
  {
    code: '3114',
    node: 'cbc:ChargeIndicator',
    when: (v) => (v.code === '00' || v.code === '01') && indicator(v) === 'true',
    value: indicator,
  },
  // SUNAT 3073: a reason code…
  { code: '3073', node: 'cbc:AllowanceChargeReasonCode', when: (v) => !exists(v.ac, 'cbc:AllowanceChargeReasonCode') },
  // SUNAT 2954: … from catalog 53…
  {
    code: '2954',
    node: 'cbc:AllowanceChargeReasonCode',
    when: (v) => v.code !== '' && !ALLOWANCE_REASONS[v.code],
    value: (v) => v.code,
  },
  // SUNAT 4268 (observation): … of a line's discount or charge.
  {
    code: '4268',
    observation: true,
    node: 'cbc:AllowanceChargeReasonCode',
    when: (v) => ALLOWANCE_REASONS[v.code] !== undefined && !ALLOWANCE_REASONS[v.code].item,
    value: (v) => v.code,
  },
  // SUNAT 3052: the factor's format.
  {
    code: '3052',
    node: 'cbc:MultiplierFactorNumeric',
    when: (v) => factorText(v) !== undefined && !PERCENT.test(factorText(v)!),
    value: factorText,
  },
  // SUNAT 3290: Amount = BaseAmount × factor (±1), when a factor above 0 is given.
  {
    code: '3290',
    node: 'cbc:Amount',
    when: (v) => {
      const computed = mul(
        toNum(`0${text(v.ac, 'cbc:BaseAmount') ?? ''}`) ?? ZERO,
        toNum(`0${factorText(v) ?? ''}`) ?? ZERO,
      );
      return gt(num(v.ac, 'cbc:MultiplierFactorNumeric'), 0) && outside(computed, num(v.ac, 'cbc:Amount'));
    },
    value: (v) => text(v.ac, 'cbc:Amount'),
  },
];

/** Line arithmetic as its rules compare it (Excel v7 rejections 3270 / 3271; observations 4287/4288). */
interface ArithmeticView {
  s: Shape;
  detail: string;
  freeBase: boolean;
  /**
   * Where the unit price is compared: a rejection (3270) on facturas and debit notes of facturas, an observation
   * (4287) on boletas (Boleta XSL) and debit notes of boletas; credit notes compute the price but compare nothing
   * (NC XSL), nor does a line of no quantity.
   */
  priceLevel: '3270' | '4287' | undefined;
  unitPrice: Num;
  priceComputed: Num;
  lineValue: Num;
  /** A free line's value: referential price × quantity − discounts 00 + charges 47. */
  referentialValue: Num;
  /** An onerous line's value: Price × quantity (− discounts 00 + charges 47 on invoices). */
  value: Num;
  /** SUNAT 3271 is only observed (4288) on boletas, as the NC/ND rules do on notes of boletas. */
  valueObserved: boolean;
}

function arithmeticView(v: LineView): ArithmeticView {
  const { line, s, detail, quantity, taxTotal, freeBase, prices, referential } = v;
  const lineValue = num(line, 'cbc:LineExtensionAmount');
  const lineTax = num(taxTotal, 'cbc:TaxAmount');
  const acSum = (code: string) => amountSum(allowances(line, code));
  const unitPrice = sum(
    prices.filter((p) => text(p, 'cbc:PriceTypeCode') === '01').flatMap((p) => all(p, 'cbc:PriceAmount')),
  );
  const referentialPrice = sum(referential.flatMap((p) => all(p, 'cbc:PriceAmount')));
  const priceLevel = s.tipo === '07' ? undefined : s.tipo === '03' || s.noteLevel === 'observation' ? '4287' : '3270';
  // Debit notes (ND 3270): (value + taxes) ÷ quantity, no line discounts 01 nor charges 48.
  const priceComputed =
    quantity !== null && !quantity.isZero()
      ? round(
          (s.tipo === '08'
            ? add(lineValue, lineTax)
            : add(sub(add(lineValue, lineTax), acSum('01')), acSum('48'))
          )?.div(quantity) ?? null,
          5,
        )
      : null;
  // Notes (NC/ND 3271): LineExtensionAmount = round2(Price × quantity), no discounts 00 nor charges 47.
  const priceTimesQuantity = mul(num(line, 'cac:Price/cbc:PriceAmount'), quantity);
  return {
    s,
    detail,
    freeBase,
    priceLevel: quantity !== null && !quantity.isZero() ? priceLevel : undefined,
    unitPrice,
    priceComputed,
    lineValue,
    referentialValue: round(add(sub(mul(referentialPrice, quantity), acSum('00')), acSum('47')), 2),
    value: round(s.noteLevel ? priceTimesQuantity : add(sub(priceTimesQuantity, acSum('00')), acSum('47')), 2),
    valueObserved: s.tipo === '03' || s.noteLevel === 'observation',
  };
}

/** The unit price (type 01) against (value + taxes − discounts 01 + charges 48) ÷ quantity, ±1. Its XPath precedence
 *  kept: the second comparison also runs on free lines. */
function unitPriceMismatch({ freeBase, unitPrice, priceComputed }: ArithmeticView): boolean {
  if (unitPrice === null || priceComputed === null) return false;
  return (!freeBase && unitPrice.plus(1).lt(priceComputed)) || unitPrice.minus(1).gt(priceComputed);
}

const freeValueMismatch = (v: ArithmeticView) => v.freeBase && outside(v.lineValue, v.referentialValue);
const valueMismatch = (v: ArithmeticView) => !v.freeBase && outside(v.lineValue, v.value);

const ARITHMETIC_RULES: readonly Rule<ArithmeticView>[] = [
  // SUNAT 3270 / 4287: the unit price.
  {
    code: '3270',
    node: 'cac:AlternativeConditionPrice/cbc:PriceAmount',
    when: (v) => v.priceLevel === '3270' && unitPriceMismatch(v),
    value: (v) => fmt(v.unitPrice),
  },
  {
    code: '4287',
    observation: true,
    node: 'cac:AlternativeConditionPrice/cbc:PriceAmount',
    when: (v) => v.priceLevel === '4287' && unitPriceMismatch(v),
    value: (v) => fmt(v.unitPrice),
  },
  // SUNAT 3271 / 4288 (boletas): a free line's value.
  {
    code: '3271',
    node: 'cbc:LineExtensionAmount',
    when: (v) => v.s.tipo !== '03' && freeValueMismatch(v),
    value: (v) => fmt(v.lineValue),
  },
  {
    code: '4288',
    observation: true,
    node: 'cbc:LineExtensionAmount',
    when: (v) => v.s.tipo === '03' && freeValueMismatch(v),
    value: (v) => fmt(v.lineValue),
  },
  // SUNAT 3271 / 4288 (boletas, notes of boletas): an onerous line's value.
  {
    code: '3271',
    node: 'cbc:LineExtensionAmount',
    when: (v) => !v.valueObserved && valueMismatch(v),
    value: (v) => fmt(v.lineValue),
  },
  {
    code: '4288',
    observation: true,
    node: 'cbc:LineExtensionAmount',
    when: (v) => v.valueObserved && valueMismatch(v),
    value: (v) => fmt(v.lineValue),
  },
];

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
