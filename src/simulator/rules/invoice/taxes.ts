// Header taxes (cac:TaxTotal): its amount and the exoneration legends, each scheme's subtotal, and the bases and amounts
// against the lines and the totals — tables of SUNAT's rules in the XSL's order.
import type { XmlElement } from '../../../sunat/xml.ts';
import { EXPORT_OPERATIONS, TAX_SCHEMES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { applyRules, type Rule } from '../rule-table.ts';
import { all, exists, first, num, sum, text } from '../xpath.ts';
import { add, eq, fmt, gt, ne, outside, outsideRounded, round, sub, type Num } from '../numbers.ts';
import {
  type Shape,
  scheme,
  subtotalsOf,
  allowanceSum,
  twoDecimals,
  lineHasBase,
  lineSubtotals,
  schemeIdentityRules,
  type SchemeView,
  subtotalSum,
} from './shape.ts';

export function headerTaxTotal(root: XmlElement, s: Shape, f: Findings): void {
  const taxTotal = first(root, 'cac:TaxTotal');
  if (!taxTotal) return;
  const v = headerTaxes(root, s, taxTotal);
  for (const phase of HEADER_TAX_PHASES) phase(v, f);
}
/** What the header's tax rules read (pure reads; the checks are the tables below, in the XSL's order). */
interface HeaderTaxes {
  root: XmlElement;
  s: Shape;
  taxTotal: XmlElement;
  /** The legends' codes (cbc:Note/@languageLocaleID). */
  notes: (string | undefined)[];
  /** The first subtotal's base and amount of a scheme, and whether the scheme is there. */
  base: (code: string) => Num;
  tax: (code: string) => Num;
  has: (code: string) => boolean;
  /** Σ LineExtensionAmount of the lines with a base above 0 in one of the schemes. */
  lineExtensionOf: (...schemes: string[]) => Num;
  /** The lines' TaxTotal with an ISC base above 0 that are not free lines. */
  iscLines: XmlElement[];
}

function headerTaxes(root: XmlElement, s: Shape, taxTotal: XmlElement): HeaderTaxes {
  return {
    root,
    s,
    taxTotal,
    notes: all(root, 'cbc:Note').map((n) => n.attrs.languageLocaleID),
    base: (code) => num(subtotalsOf(taxTotal, code)[0], 'cbc:TaxableAmount'),
    tax: (code) => num(subtotalsOf(taxTotal, code)[0], 'cbc:TaxAmount'),
    has: (code) => subtotalsOf(taxTotal, code).length > 0,
    lineExtensionOf: (...schemes) =>
      sum(
        s.lines
          .filter((l) => lineHasBase(l, ...schemes))
          .map((l) => first(l, 'cbc:LineExtensionAmount'))
          .filter((e): e is XmlElement => !!e),
      ),
    iscLines: s.lines
      .map((l) => first(l, 'cac:TaxTotal'))
      .filter(
        (tt): tt is XmlElement =>
          !!tt &&
          subtotalsOf(tt, '2000').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0)) &&
          !subtotalsOf(tt, '9996').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0)),
      ),
  };
}

const HEADER_TAX_PHASES = [
  (v: HeaderTaxes, f: Findings) => applyRules(TAX_TOTAL_RULES, v, f),
  headerSubtotals,
  (v: HeaderTaxes, f: Findings) => applyRules(HEADER_TAX_RULES, v, f),
];

/** TaxTotal/TaxAmount's format (3020); exoneration legends 2001–2003 need a 9997 base (3283–3285), 2008 none (3289). */
const TAX_TOTAL_RULES: readonly Rule<HeaderTaxes>[] = [
  {
    code: '3020',
    node: 'cac:TaxTotal/cbc:TaxAmount',
    when: (v) => {
      const amount = text(v.taxTotal, 'cbc:TaxAmount');
      return amount === undefined || !twoDecimals(amount, false);
    },
    value: (v) => text(v.taxTotal, 'cbc:TaxAmount'),
  },
  ...(
    [
      ['2001', '3283'],
      ['2002', '3284'],
      ['2003', '3285'],
    ] as const
  ).map(
    ([legend, code]): Rule<HeaderTaxes> => ({
      code,
      node: 'cac:TaxScheme/cbc:ID',
      when: (v) => v.notes.includes(legend) && (!v.has('9997') || eq(v.base('9997'), 0)),
      value: () => '9997',
    }),
  ),
  {
    code: '3289',
    node: 'cac:TaxScheme/cbc:ID',
    when: (v) => v.notes.includes('2008') && !(gt(v.base('9997'), 0) || gt(v.base('9995'), 0)),
  },
];

/** Each header subtotal, with its scheme's catalog-05 entry and how many subtotals share the scheme. */
function headerSubtotals(v: HeaderTaxes, f: Findings): void {
  const seen = new Map<string, number>();
  for (const st of all(v.taxTotal, 'cac:TaxSubtotal')) seen.set(scheme(st), (seen.get(scheme(st)) ?? 0) + 1);
  for (const st of all(v.taxTotal, 'cac:TaxSubtotal')) {
    const code = scheme(st);
    applyRules(
      HEADER_SUBTOTAL_RULES,
      { st, code, known: TAX_SCHEMES[code], count: seen.get(code) ?? 0, detail: `Error Tributo ${code}` },
      f,
    );
  }
}

interface HeaderSubtotal extends SchemeView {
  code: string;
  /** Subtotals of this scheme in the header. */
  count: number;
  detail: string;
}

const subtotalTaxable = (v: HeaderSubtotal) => text(v.st, 'cbc:TaxableAmount');
const subtotalAmount = (v: HeaderSubtotal) => text(v.st, 'cbc:TaxAmount');

/** Base and amount formats (3003/2999/2048), 0 on exemptions (3000), scheme (3059/3007, name and type), once (3068). */
const HEADER_SUBTOTAL_RULES: readonly Rule<HeaderSubtotal>[] = [
  {
    code: '3003',
    node: 'cac:TaxSubtotal/cbc:TaxableAmount',
    when: (v) => v.code !== '7152' && subtotalTaxable(v) === undefined,
  },
  {
    code: '2999',
    node: 'cac:TaxSubtotal/cbc:TaxableAmount',
    when: (v) => v.code !== '7152' && subtotalTaxable(v) !== undefined && !twoDecimals(subtotalTaxable(v), false),
    value: subtotalTaxable,
  },
  {
    code: '2048',
    node: 'cac:TaxSubtotal/cbc:TaxAmount',
    when: (v) => subtotalAmount(v) === undefined || !twoDecimals(subtotalAmount(v), false),
    value: subtotalAmount,
  },
  {
    code: '3000',
    node: 'cac:TaxSubtotal/cbc:TaxAmount',
    when: (v) => ['9995', '9997', '9998'].includes(v.code) && ne(num(v.st, 'cbc:TaxAmount'), 0),
    value: subtotalAmount,
  },
  { code: '3059', node: 'cac:TaxScheme/cbc:ID', when: (v) => v.code === '' },
  { code: '3007', node: 'cac:TaxScheme/cbc:ID', when: (v) => v.code !== '' && !v.known, value: (v) => v.code },
  ...schemeIdentityRules<HeaderSubtotal>({
    nameMissing: '2054',
    nameWrong: '2964',
    typeMissing: '2052',
    typeWrong: '2961',
  }),
  // SUNAT 3068: each scheme once.
  { code: '3068', node: 'cac:TaxScheme/cbc:ID', when: (v) => v.count > 1, value: (v) => v.code },
];

/** A header base against a sum of the lines, ±1 (SUNAT's Excel-v7 tolerance). */
function baseAgainst(code: string, scheme: string, computed: (v: HeaderTaxes) => Num): Rule<HeaderTaxes> {
  return {
    code,
    node: 'cac:TaxSubtotal/cbc:TaxableAmount',
    when: (v) => outside(v.base(scheme), computed(v)),
    value: (v) => fmt(v.base(scheme)),
  };
}

/** A note's IGV base against round2(Σ IGV line values), for the notes at `level` (3277 error, 4299 observation). */
function noteIgvBase(level: 'error' | 'observation'): Rule<HeaderTaxes> {
  return {
    code: level === 'error' ? '3277' : '4299',
    ...(level === 'observation' && { observation: true as const }),
    node: 'cac:TaxSubtotal/cbc:TaxableAmount',
    when: (v) =>
      hasBase(v, '1000') &&
      v.s.noteLevel === level &&
      outside(headerBase(v, '1000'), round(v.lineExtensionOf('1000'), 2)),
    value: (v) => fmt(headerBase(v, '1000')),
  };
}

const ivapLineWithBase = (v: HeaderTaxes) =>
  v.s.lines
    .flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal'))
    .filter((st) => text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') === '17')
    .some((st) => gt(num(st, 'cbc:TaxableAmount'), 0));
const referentialPriceAboveZero = (v: HeaderTaxes) =>
  v.s.lines
    .flatMap((l) => all(l, 'cac:PricingReference/cac:AlternativeConditionPrice'))
    .filter((p) => text(p, 'cbc:PriceTypeCode') === '02')
    .some((p) => gt(num(p, 'cbc:PriceAmount'), 0));
const hasBase = (v: HeaderTaxes, code: string) =>
  subtotalsOf(v.taxTotal, code).some((st) => gt(num(st, 'cbc:TaxableAmount'), 0));
const headerBase = (v: HeaderTaxes, code: string) => subtotalSum(subtotalsOf(v.taxTotal, code), 'cbc:TaxableAmount');
const iscLineSum = (v: HeaderTaxes, path: string) =>
  sum(v.iscLines.flatMap((tt) => subtotalsOf(tt, '2000').flatMap((st) => all(st, path))));
/** The IGV/IVAP base the lines make: Σ line values − global discounts 02/04 + global charges 49. */
const ratedBase = (v: HeaderTaxes, scheme: string) =>
  round(add(sub(v.lineExtensionOf(scheme), allowanceSum(v.root, '02', '04')), allowanceSum(v.root, '49')), 2);
const isExport = (v: HeaderTaxes) => !!v.s.operation && EXPORT_OPERATIONS.has(v.s.operation);

/** The header's taxes against the lines and the document, in the XSL's order. */
const HEADER_TAX_RULES: readonly Rule<HeaderTaxes>[] = [
  // SUNAT 3107: exports carry no IGV/IVAP/ISC/exonerated/unaffected/other subtotal.
  {
    code: '3107',
    node: 'cac:TaxScheme/cbc:ID',
    when: (v) => isExport(v) && subtotalsOf(v.taxTotal, '1000', '1016', '9997', '9998', '9999', '2000').length > 0,
    detail: (v) => `Error tipoOperacion ${v.s.operation}`,
  },
  // SUNAT 2650: ISC never with IVAP lines.
  {
    code: '2650',
    node: 'cac:TaxSubtotal/cbc:TaxAmount',
    when: (v) => gt(v.base('2000'), 0) && ivapLineWithBase(v),
  },
  // SUNAT 2416: legend 1002 (free transfer) needs a 9996 base.
  {
    code: '2416',
    node: 'cac:TaxSubtotal/cbc:TaxableAmount',
    when: (v) => v.notes.includes('1002') && v.has('9996') && eq(v.base('9996'), 0),
  },
  // SUNAT 2641: a referential (02) price > 0 needs a free-transfer total.
  {
    code: '2641',
    node: 'cac:TaxScheme/cbc:ID',
    when: (v) => referentialPriceAboveZero(v) && v.has('9996') && eq(v.base('9996'), 0),
    value: () => '9996',
  },
  // SUNAT 3273: exportation base = Σ export line values.
  baseAgainst('3273', '9995', (v) => v.lineExtensionOf('9995')),
  // SUNAT 3275: exonerated base = Σ exonerated line values − global discounts 05 (bounds rounded).
  {
    code: '3275',
    node: 'cac:TaxSubtotal/cbc:TaxableAmount',
    when: (v) => outsideRounded(v.base('9997'), sub(v.lineExtensionOf('9997'), allowanceSum(v.root, '05'))),
    value: (v) => fmt(v.base('9997')),
  },
  // SUNAT 3274: unaffected base = Σ unaffected line values − global discounts 06.
  baseAgainst('3274', '9998', (v) => sub(v.lineExtensionOf('9998'), allowanceSum(v.root, '06'))),
  // SUNAT 3276: free base = Σ free line values.
  baseAgainst('3276', '9996', (v) => v.lineExtensionOf('9996')),
  // SUNAT 3296: ISC base = Σ ISC bases of the lines that are not free.
  baseAgainst('3296', '2000', (v) => iscLineSum(v, 'cbc:TaxableAmount')),
  // SUNAT 3297: other taxes' base = Σ of the lines'.
  baseAgainst('3297', '9999', (v) => subtotalSum(lineSubtotals(v.s, '9999'), 'cbc:TaxableAmount')),
  // SUNAT 3277 (NC/ND, Excel v7): a note's IGV base = round2(Σ IGV line values), global discounts and charges left
  // out; an observation (4299) when the note modifies a boleta.
  noteIgvBase('error'),
  noteIgvBase('observation'),
  // SUNAT 3277: header IGV base = Σ IGV line values − global discounts 02/04 + global charges 49 (±1).
  {
    code: '3277',
    node: 'cac:TaxSubtotal/cbc:TaxableAmount',
    when: (v) => hasBase(v, '1000') && !v.s.noteLevel && outside(headerBase(v, '1000'), ratedBase(v, '1000')),
    value: (v) => fmt(headerBase(v, '1000')),
  },
  // SUNAT 3293: the same for the IVAP base.
  {
    code: '3293',
    node: 'cac:TaxSubtotal/cbc:TaxableAmount',
    when: (v) => hasBase(v, '1016') && outside(headerBase(v, '1016'), ratedBase(v, '1016')),
    value: (v) => fmt(headerBase(v, '1016')),
  },
  // SUNAT 3302: the free transfers' IGV = Σ of the free lines'.
  {
    code: '3302',
    node: 'cac:TaxSubtotal/cbc:TaxAmount',
    when: (v) =>
      outside(
        v.tax('9996'),
        sum(
          lineSubtotals(v.s, '9996')
            .filter((st) => gt(num(st, 'cbc:TaxableAmount'), 0))
            .flatMap((st) => all(st, 'cbc:TaxAmount')),
        ),
      ),
    value: (v) => fmt(v.tax('9996')),
  },
  // SUNAT 3294: TaxTotal/TaxAmount = Σ subtotals of 1000, 1016, 7152, 9999, 2000 (free-transfer IGV excluded).
  {
    code: '3294',
    node: 'cac:TaxTotal/cbc:TaxAmount',
    when: (v) =>
      outsideRounded(
        num(v.taxTotal, 'cbc:TaxAmount'),
        round(subtotalSum(subtotalsOf(v.taxTotal, '1000', '1016', '7152', '9999', '2000'), 'cbc:TaxAmount'), 2),
      ),
    value: (v) => fmt(num(v.taxTotal, 'cbc:TaxAmount')),
  },
  // SUNAT 3298: ISC = Σ ISC of the lines that are not free − ISC advances (20).
  {
    code: '3298',
    node: 'cac:TaxSubtotal/cbc:TaxAmount',
    when: (v) =>
      outside(
        subtotalSum(subtotalsOf(v.taxTotal, '2000'), 'cbc:TaxAmount'),
        round(sub(iscLineSum(v, 'cbc:TaxAmount'), allowanceSum(v.root, '20')), 2),
      ),
  },
  // SUNAT 3299: other taxes = Σ of the lines'.
  {
    code: '3299',
    node: 'cac:TaxSubtotal/cbc:TaxAmount',
    when: (v) => outside(v.tax('9999'), subtotalSum(lineSubtotals(v.s, '9999'), 'cbc:TaxAmount')),
    value: (v) => fmt(v.tax('9999')),
  },
  // SUNAT 2638: a tax used in the lines appears in the header.
  ...['1000', '1016', '9998', '9997', '9995', '9996'].map(
    (scheme): Rule<HeaderTaxes> => ({
      code: '2638',
      node: 'cac:TaxSubtotal/cbc:TaxableAmount',
      when: (v) =>
        gt(subtotalSum(lineSubtotals(v.s, scheme), 'cbc:TaxableAmount'), 0) &&
        !subtotalsOf(v.taxTotal, scheme).some((st) => exists(st, 'cbc:TaxableAmount')),
      value: () => scheme,
    }),
  ),
];
