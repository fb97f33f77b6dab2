// A line's cac:TaxTotal: its amount (3021), each subtotal (line-subtotal.ts), their sums (2644/3292), the base
// (3272) and the schemes a line may combine (3105/3223).
import type { XmlElement } from '../../../sunat/xml.ts';
import type { Findings } from '../context.ts';
import { all, exists, num, sum, text } from '../xpath.ts';
import { ZERO, add, eq, fmt, gt, ne, outside, outsideRounded, type Num } from '../numbers.ts';
import { lineSubtotal } from './line-subtotal.ts';
import { type Shape, scheme, twoDecimals, ONEROUS_SCHEMES } from './shape.ts';

export function lineTaxTotal(
  line: XmlElement,
  taxTotal: XmlElement,
  s: Shape,
  f: Findings,
  nro: string,
  quantity: Num,
  anyNonIvap: boolean,
): void {
  const detail = `Error en la linea: ${nro}`;
  const amountText = text(taxTotal, 'cbc:TaxAmount');
  f.check(
    amountText === undefined || !twoDecimals(amountText, false),
    '3021',
    'cac:TaxTotal/cbc:TaxAmount',
    amountText,
    detail,
  );
  const subtotals = all(taxTotal, 'cac:TaxSubtotal');
  const schemeCount = new Map<string, number>();
  for (const st of subtotals) schemeCount.set(scheme(st), (schemeCount.get(scheme(st)) ?? 0) + 1);

  for (const st of subtotals) lineSubtotal(st, s, detail, quantity, schemeCount, f);

  lineTaxSums(subtotals, taxTotal, anyNonIvap, detail, f);
  const bases = lineTaxBase(subtotals, line, detail, f);
  lineTaxSchemes(subtotals, bases, s, detail, f);
}

/** SUNAT 2644 (an IVAP line alone among affectations) and 3292 (TaxAmount = Σ of the taxes' amounts, ±1). */
function lineTaxSums(
  subtotals: XmlElement[],
  taxTotal: XmlElement,
  anyNonIvap: boolean,
  detail: string,
  f: Findings,
): void {
  // SUNAT 2644: an IVAP line (17) cannot share the document with other affectations.
  f.check(
    subtotals.some(
      (st) => text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') === '17' && gt(num(st, 'cbc:TaxableAmount'), 0),
    ) && anyNonIvap,
    '2644',
    'cbc:TaxExemptionReasonCode',
    undefined,
    detail,
  );

  // SUNAT 3292: line TaxAmount = Σ 1000/7152/1016/2000/9999 subtotal amounts (±1), when one of them is present.
  const counted = subtotals.filter((st) => ['1000', '7152', '1016', '2000', '9999'].includes(scheme(st)));
  if (counted.length > 0) {
    const declared = num(taxTotal, 'cbc:TaxAmount');
    const components = sum(counted.flatMap((st) => all(st, 'cbc:TaxAmount')));
    f.check(outsideRounded(declared, components), '3292', 'cac:TaxTotal/cbc:TaxAmount', fmt(declared), detail);
  }
}

/** SUNAT 3272: the IGV-type base = line value (+ ISC): exact without ISC, ±1 with it. Returns the bases above 0. */
function lineTaxBase(subtotals: XmlElement[], line: XmlElement, detail: string, f: Findings): XmlElement[] {
  const isc = subtotals.find(
    (st) => scheme(st) === '2000' && exists(st, 'cbc:TaxAmount') && gt(num(st, 'cbc:TaxableAmount'), 0),
  );
  const iscAmount = isc ? num(isc, 'cbc:TaxAmount') : ZERO;
  const bases = subtotals.filter((st) => ONEROUS_SCHEMES.includes(scheme(st)) && gt(num(st, 'cbc:TaxableAmount'), 0));
  if (bases.length > 0) {
    const computed = add(num(line, 'cbc:LineExtensionAmount'), iscAmount);
    f.check(
      gt(iscAmount, 0) && outside(num(bases[0], 'cbc:TaxableAmount'), computed),
      '3272',
      'cac:TaxSubtotal/cbc:TaxableAmount',
      text(bases[0], 'cbc:TaxableAmount'),
      detail,
    );
    f.check(
      eq(iscAmount, 0) && bases.some((st) => ne(num(st, 'cbc:TaxableAmount'), computed)),
      '3272',
      'cac:TaxSubtotal/cbc:TaxableAmount',
      text(bases[0], 'cbc:TaxableAmount'),
      detail,
    );
  }
  return bases;
}

/** SUNAT 3105 (an IGV-type subtotal with a base; notes: one of the schemes) and 3223 (allowed combinations). */
function lineTaxSchemes(subtotals: XmlElement[], bases: XmlElement[], s: Shape, detail: string, f: Findings): void {
  // SUNAT 3105: at least one IGV-type subtotal with a base > 0 (banking operation types excepted).
  if (!['2100', '2101', '2102', '2103', '2104', '0112'].includes(s.operation ?? '')) {
    // NC/ND only ask for one of the schemes 1000/1016/9995–9998 on the line, whatever its base (an NC 13 is 0.00).
    const noteSchemes = subtotals.filter((st) => ['1000', '1016', '9995', '9996', '9997', '9998'].includes(scheme(st)));
    f.check(s.isInvoice ? bases.length < 1 : noteSchemes.length < 1, '3105', 'cac:TaxScheme/cbc:ID', undefined, detail);
  }
  // SUNAT 3223: only some combinations of taxes with a base may share a line.
  const withBase = subtotals
    .filter((st) => gt(num(st, 'cbc:TaxableAmount'), 0))
    .map(scheme)
    .sort()
    .join('+');
  if (subtotals.filter((st) => gt(num(st, 'cbc:TaxableAmount'), 0)).length > 1) {
    const allowed = new Set([
      '1000+2000',
      '1000+9999',
      '1000+2000+9999',
      '1016+9999',
      '9995+9999',
      '2000+9996',
      '2000+9996+9999',
      '9996+9999',
      '2000+9997',
      '2000+9997+9999',
      '9997+9999',
      '2000+9998',
      '2000+9998+9999',
      '9998+9999',
    ]);
    f.check(!allowed.has(withBase), '3223', 'cac:TaxScheme/cbc:ID', withBase, detail);
  }
}
