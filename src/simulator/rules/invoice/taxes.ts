// Header taxes (cac:TaxTotal): each scheme's subtotal, its base and amount against the lines and the totals.
import type { XmlElement } from '../../../sunat/xml.ts';
import { EXPORT_OPERATIONS, TAX_SCHEMES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { all, exists, first, num, sum, text } from '../xpath.ts';
import { add, eq, fmt, gt, ne, outside, outsideRounded, round, sub, type Num } from '../numbers.ts';
import {
  type Shape,
  scheme,
  subtotalsOf,
  allowances,
  amountSum,
  twoDecimals,
  lineHasBase,
  lineSubtotals,
  schemeIdentity,
  subtotalSum,
} from './shape.ts';

export function headerTaxTotal(root: XmlElement, s: Shape, f: Findings): void {
  const taxTotal = first(root, 'cac:TaxTotal');
  if (!taxTotal) return;
  const v = headerTaxes(root, s, taxTotal);
  for (const phase of HEADER_TAX_PHASES) phase(v, f);
}
/** What every phase of the header's tax rules reads (pure reads; the checks are in the phases, in the XSL's order). */
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
  headerTaxAmountAndLegends,
  headerSubtotals,
  headerTaxConsistency,
  headerBasesVsLines,
  headerIgvBase,
  headerTaxAmounts,
  headerTaxesUsed,
];

/** TaxTotal/TaxAmount's format (3020); exoneration legends 2001–2003 need a 9997 base (3283–3285), 2008 none (3289). */
function headerTaxAmountAndLegends(v: HeaderTaxes, f: Findings): void {
  const { taxTotal, notes, base, has } = v;
  const amount = text(taxTotal, 'cbc:TaxAmount');
  f.check(amount === undefined || !twoDecimals(amount, false), '3020', 'cac:TaxTotal/cbc:TaxAmount', amount);

  for (const [legend, code] of [
    ['2001', '3283'],
    ['2002', '3284'],
    ['2003', '3285'],
  ] as const) {
    if (notes.includes(legend)) f.check(!has('9997') || eq(base('9997'), 0), code, 'cac:TaxScheme/cbc:ID', '9997');
  }
  if (notes.includes('2008')) f.check(!(gt(base('9997'), 0) || gt(base('9995'), 0)), '3289', 'cac:TaxScheme/cbc:ID');
}

/** Each header subtotal: base and amount formats (3003/2999/2048), 0 on exemptions (3000), scheme (3059/3007, name and type), once (3068). */
function headerSubtotals(v: HeaderTaxes, f: Findings): void {
  const { taxTotal } = v;
  const seen = new Map<string, number>();
  for (const st of all(taxTotal, 'cac:TaxSubtotal')) seen.set(scheme(st), (seen.get(scheme(st)) ?? 0) + 1);
  for (const st of all(taxTotal, 'cac:TaxSubtotal')) {
    const code = scheme(st);
    const detail = `Error Tributo ${code}`;
    if (code !== '7152') {
      const taxable = text(st, 'cbc:TaxableAmount');
      f.check(taxable === undefined, '3003', 'cac:TaxSubtotal/cbc:TaxableAmount', undefined, detail);
      f.check(
        taxable !== undefined && !twoDecimals(taxable, false),
        '2999',
        'cac:TaxSubtotal/cbc:TaxableAmount',
        taxable,
        detail,
      );
    }
    const taxAmount = text(st, 'cbc:TaxAmount');
    f.check(
      taxAmount === undefined || !twoDecimals(taxAmount, false),
      '2048',
      'cac:TaxSubtotal/cbc:TaxAmount',
      taxAmount,
      detail,
    );
    if (code === '9995' || code === '9997' || code === '9998')
      f.check(ne(num(st, 'cbc:TaxAmount'), 0), '3000', 'cac:TaxSubtotal/cbc:TaxAmount', taxAmount, detail);
    f.check(code === '', '3059', 'cac:TaxScheme/cbc:ID', undefined, detail);
    const known = TAX_SCHEMES[code];
    f.check(code !== '' && !known, '3007', 'cac:TaxScheme/cbc:ID', code, detail);
    schemeIdentity(
      f,
      st,
      known,
      { nameMissing: '2054', nameWrong: '2964', typeMissing: '2052', typeWrong: '2961' },
      detail,
    );
    f.check((seen.get(code) ?? 0) > 1, '3068', 'cac:TaxScheme/cbc:ID', code, detail); // SUNAT 3068
  }
}

/** Exports carry no IGV/IVAP/ISC subtotal (3107); ISC never with IVAP lines (2650); free transfers need their 9996 base (2416/2641). */
function headerTaxConsistency(v: HeaderTaxes, f: Findings): void {
  const { s, taxTotal, notes, base, has } = v;
  if (s.operation && EXPORT_OPERATIONS.has(s.operation)) {
    f.check(
      subtotalsOf(taxTotal, '1000', '1016', '9997', '9998', '9999', '2000').length > 0,
      '3107',
      'cac:TaxScheme/cbc:ID',
      undefined,
      `Error tipoOperacion ${s.operation}`,
    );
  }
  const ivapLines = s.lines
    .flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal'))
    .filter((st) => text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') === '17');
  f.check(
    gt(base('2000'), 0) && ivapLines.some((st) => gt(num(st, 'cbc:TaxableAmount'), 0)),
    '2650',
    'cac:TaxSubtotal/cbc:TaxAmount',
  );
  if (notes.includes('1002')) f.check(has('9996') && eq(base('9996'), 0), '2416', 'cac:TaxSubtotal/cbc:TaxableAmount'); // SUNAT 2416
  // SUNAT 2641: a referential (02) price > 0 needs a free-transfer total.
  const referential = s.lines
    .flatMap((l) => all(l, 'cac:PricingReference/cac:AlternativeConditionPrice'))
    .filter((p) => text(p, 'cbc:PriceTypeCode') === '02');
  f.check(
    referential.some((p) => gt(num(p, 'cbc:PriceAmount'), 0)) && has('9996') && eq(base('9996'), 0),
    '2641',
    'cac:TaxScheme/cbc:ID',
    '9996',
  );
}

/** The header bases against the lines' values: exportation 3273, exonerated 3275, unaffected 3274, free 3276, ISC 3296, other 3297. */
function headerBasesVsLines(v: HeaderTaxes, f: Findings): void {
  const { root, s, base, lineExtensionOf, iscLines } = v;
  // Sums of line values against the header subtotals (Excel v7 rejections).
  f.check(
    outside(base('9995'), lineExtensionOf('9995')),
    '3273',
    'cac:TaxSubtotal/cbc:TaxableAmount',
    fmt(base('9995')),
  ); // SUNAT 3273
  const exonerated = sub(lineExtensionOf('9997'), amountSum(allowances(root, '05')));
  f.check(outsideRounded(base('9997'), exonerated), '3275', 'cac:TaxSubtotal/cbc:TaxableAmount', fmt(base('9997'))); // SUNAT 3275
  const unaffected = sub(lineExtensionOf('9998'), amountSum(allowances(root, '06')));
  f.check(outside(base('9998'), unaffected), '3274', 'cac:TaxSubtotal/cbc:TaxableAmount', fmt(base('9998'))); // SUNAT 3274
  f.check(
    outside(base('9996'), lineExtensionOf('9996')),
    '3276',
    'cac:TaxSubtotal/cbc:TaxableAmount',
    fmt(base('9996')),
  ); // SUNAT 3276
  // ISC base: lines with an ISC base > 0 that are not free lines.
  const iscBase = sum(iscLines.flatMap((tt) => subtotalsOf(tt, '2000').flatMap((st) => all(st, 'cbc:TaxableAmount'))));
  f.check(outside(base('2000'), iscBase), '3296', 'cac:TaxSubtotal/cbc:TaxableAmount', fmt(base('2000'))); // SUNAT 3296
  f.check(
    outside(base('9999'), subtotalSum(lineSubtotals(s, '9999'), 'cbc:TaxableAmount')),
    '3297',
    'cac:TaxSubtotal/cbc:TaxableAmount',
    fmt(base('9999')),
  );
}

/** The IGV/IVAP base against the lines and the global 02/04/49 (3277/3293; notes 3277/4299), the free IGV (3302). */
function headerIgvBase(v: HeaderTaxes, f: Findings): void {
  const { root, s, taxTotal, tax, lineExtensionOf } = v;
  const globalDiscounts = amountSum(allowances(root, '02', '04'));
  const globalCharges = amountSum(allowances(root, '49'));
  const igvBase = subtotalSum(subtotalsOf(taxTotal, '1000'), 'cbc:TaxableAmount');
  const ivapBase = subtotalSum(subtotalsOf(taxTotal, '1016'), 'cbc:TaxableAmount');
  if (subtotalsOf(taxTotal, '1000').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0))) {
    if (s.noteLevel) {
      // SUNAT 3277 (NC/ND, Excel v7): a note's IGV base = round2(Σ IGV line values), global discounts and charges
      // left out; an observation (4299) when the note modifies a boleta.
      const computed = round(lineExtensionOf('1000'), 2);
      const isError = s.noteLevel === 'error';
      f.check(
        outside(igvBase, computed),
        isError ? '3277' : '4299',
        'cac:TaxSubtotal/cbc:TaxableAmount',
        fmt(igvBase),
        undefined,
        isError,
      );
    } else {
      // SUNAT 3277: header IGV base = Σ IGV line values − global discounts 02/04 + global charges 49 (±1).
      const computed = round(add(sub(lineExtensionOf('1000'), globalDiscounts), globalCharges), 2);
      f.check(outside(igvBase, computed), '3277', 'cac:TaxSubtotal/cbc:TaxableAmount', fmt(igvBase));
    }
  }
  if (subtotalsOf(taxTotal, '1016').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0))) {
    const computed = round(add(sub(lineExtensionOf('1016'), globalDiscounts), globalCharges), 2);
    f.check(outside(ivapBase, computed), '3293', 'cac:TaxSubtotal/cbc:TaxableAmount', fmt(ivapBase)); // SUNAT 3293
  }
  const freeTax = sum(
    lineSubtotals(s, '9996')
      .filter((st) => gt(num(st, 'cbc:TaxableAmount'), 0))
      .flatMap((st) => all(st, 'cbc:TaxAmount')),
  );
  f.check(outside(tax('9996'), freeTax), '3302', 'cac:TaxSubtotal/cbc:TaxAmount', fmt(tax('9996'))); // SUNAT 3302
}

/** TaxAmount = Σ of the taxes (3294); ISC (3298) and other taxes (3299) = Σ of the lines. */
function headerTaxAmounts(v: HeaderTaxes, f: Findings): void {
  const { root, s, taxTotal, tax, iscLines } = v;
  // SUNAT 3294: TaxTotal/TaxAmount = Σ subtotals of 1000, 1016, 7152, 9999, 2000 (free-transfer IGV excluded).
  const declared = num(taxTotal, 'cbc:TaxAmount');
  const components = round(
    subtotalSum(subtotalsOf(taxTotal, '1000', '1016', '7152', '9999', '2000'), 'cbc:TaxAmount'),
    2,
  );
  f.check(outsideRounded(declared, components), '3294', 'cac:TaxTotal/cbc:TaxAmount', fmt(declared));

  const iscAdvances = amountSum(allowances(root, '20'));
  const iscLineTax = round(
    sub(sum(iscLines.flatMap((tt) => subtotalsOf(tt, '2000').flatMap((st) => all(st, 'cbc:TaxAmount')))), iscAdvances),
    2,
  );
  f.check(
    outside(subtotalSum(subtotalsOf(taxTotal, '2000'), 'cbc:TaxAmount'), iscLineTax),
    '3298',
    'cac:TaxSubtotal/cbc:TaxAmount',
  );
  f.check(
    outside(tax('9999'), subtotalSum(lineSubtotals(s, '9999'), 'cbc:TaxAmount')),
    '3299',
    'cac:TaxSubtotal/cbc:TaxAmount',
    fmt(tax('9999')),
  );
}

/** SUNAT 2638: a tax used in the lines appears in the header. */
function headerTaxesUsed(v: HeaderTaxes, f: Findings): void {
  const { s, taxTotal } = v;
  // SUNAT 2638: a tax used in the lines must appear in the header.
  for (const code of ['1000', '1016', '9998', '9997', '9995', '9996']) {
    const lineBase = subtotalSum(lineSubtotals(s, code), 'cbc:TaxableAmount');
    if (gt(lineBase, 0))
      f.check(
        !subtotalsOf(taxTotal, code).some((st) => exists(st, 'cbc:TaxableAmount')),
        '2638',
        'cac:TaxSubtotal/cbc:TaxableAmount',
        code,
      );
  }
}
