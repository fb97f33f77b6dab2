// A line's arithmetic (Excel v7 rejections 3270 / 3271; observations 4287/4288 on boletas and notes of boletas): the
// unit price and the line's value against what its quantity, prices, taxes, discounts and charges make.
import type { Findings } from '../context.ts';
import { applyRules, type Rule } from '../rule-table.ts';
import { all, num, sum, text } from '../xpath.ts';
import { add, fmt, mul, outside, round, sub, type Num } from '../numbers.ts';
import type { LineView } from './line-view.ts';
import { type Shape, allowanceSum } from './shape.ts';

export function lineArithmetic(v: LineView, f: Findings): void {
  applyRules(ARITHMETIC_RULES, arithmeticView(v), f);
}

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
  const acSum = (code: string) => allowanceSum(line, code);
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
