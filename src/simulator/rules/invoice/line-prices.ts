// A line's prices: the unit value (2068/2369, 0 on free lines 2640) and the PricingReference prices (2028/2367/2409/
// 2410/3224/3234), as tables of SUNAT's rules.
import type { XmlElement } from '../../../sunat/xml.ts';
import { PRICE_TYPES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { applyRules, observedAttribute, type Rule } from '../rule-table.ts';
import { exists, first, num, text } from '../xpath.ts';
import { TEN_DECIMALS, gt } from '../numbers.ts';
import type { LineView } from './line-view.ts';

export function linePrices(v: LineView, f: Findings): void {
  applyRules(PRICE_HEAD_RULES, v, f);
  for (const price of v.prices) applyRules(PRICE_RULES, { ...v, price }, f);
  applyRules(PRICE_TYPE_RULES, v, f);
}

const priceText = (v: LineView) => text(v.line, 'cac:Price/cbc:PriceAmount');

/** The unit value (Price) and the PricingReference's presence. */
const PRICE_HEAD_RULES: readonly Rule<LineView>[] = [
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

/** A price's field at `path`, absent or not `valid`: `code`, reported under `node` with the value. */
function requiredPriceField(
  code: string,
  node: string,
  path: string,
  valid: (value: string) => boolean,
): Rule<LineView & { price: XmlElement }> {
  const value = (v: { price: XmlElement }) => text(v.price, path);
  return {
    code,
    node,
    when: (v) => {
      const found = value(v);
      return found === undefined || !valid(found);
    },
    value,
  };
}

/** Each PricingReference price: its format (2367), its type from catalog 16 (2410) and the type's attributes. */
const PRICE_RULES: readonly Rule<LineView & { price: XmlElement }>[] = [
  requiredPriceField('2367', 'cac:AlternativeConditionPrice/cbc:PriceAmount', 'cbc:PriceAmount', (amount) =>
    TEN_DECIMALS.test(amount),
  ),
  requiredPriceField('2410', 'cbc:PriceTypeCode', 'cbc:PriceTypeCode', (type) => PRICE_TYPES.has(type)),
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
