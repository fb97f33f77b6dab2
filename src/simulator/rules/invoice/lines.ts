// Line rules, phase by phase in the XSL's order: ids (2023/2752), quantities, unit codes and items (a table here),
// prices (line-prices.ts: 2640/3224/3234), taxes (line-taxes.ts), discounts and charges (line-allowances.ts:
// 4268/3290), arithmetic (line-arithmetic.ts: 3270/3271), hospedaje (3136–3145), hydrobiological detraction
// properties and, through line-properties.ts, typed property values (3065/3135), mortgage credits (3150–3155) and
// operation 0112 (3181).
import { missingHotelProperties } from '../../../core/catalogs/index.ts';
import type { Findings } from '../context.ts';
import { applyRules, observedAttribute, type Rule } from '../rule-table.ts';
import { all, attr, first, num, stringValue, text } from '../xpath.ts';
import { TEN_DECIMALS, eq, gt } from '../numbers.ts';
import { lineAllowanceCharges } from './line-allowances.ts';
import { lineArithmetic } from './line-arithmetic.ts';
import { linePrices } from './line-prices.ts';
import { deductibleExpenseOperation, typedLineProperties } from './line-properties.ts';
import { lineTaxTotal } from './line-taxes.ts';
import { type LineView, lineView } from './line-view.ts';
import type { Shape } from './shape.ts';

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

const LINE_PHASES = [
  (v: LineView, f: Findings) => applyRules(LINE_RULES, v, f),
  linePrices,
  lineTaxes,
  lineAllowanceCharges,
  lineArithmetic,
  lineProperties,
];

const quantityNode = (v: LineView) => `cbc:${v.s.quantityName}`;
const quantityOf = (v: LineView) => first(v.line, `cbc:${v.s.quantityName}`);
const classification = (v: LineView) =>
  first(v.line, 'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode');
const gtin = (v: LineView) => first(v.line, 'cac:Item/cac:StandardItemIdentification/cbc:ID');
const gtinScheme = (v: LineView) => attr(gtin(v), 'schemeID');
const description = (v: LineView) => first(v.line, 'cac:Item/cbc:Description');

/** The line's id, quantity and item, in the XSL's order. */
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
];

/** The line's TaxTotal, once (3195/3026), checked in line-taxes.ts. */
function lineTaxes(v: LineView, f: Findings): void {
  const { line, s, nro, detail, quantity, taxTotal, anyNonIvap } = v;
  const taxTotals = all(line, 'cac:TaxTotal');
  f.check(taxTotals.length === 0, '3195', 'cac:TaxTotal', undefined, detail); // SUNAT 3195
  f.check(taxTotals.length > 1, '3026', 'cac:TaxTotal/cbc:TaxAmount', undefined, detail); // SUNAT 3026
  if (taxTotal) lineTaxTotal(line, taxTotal, s, f, nro, quantity, anyNonIvap);
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
