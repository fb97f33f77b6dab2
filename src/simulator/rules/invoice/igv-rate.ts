// SUNAT 3462 (PAS20221U210700304; facturas, boletas and their notes): the line subtotals that carry IGV — 1000 with
// TaxableAmount > 0, and 9996 of afectación 11–16 with TaxableAmount > 0 — share one cbc:Percent, a rate in force on
// the document's IssueDate. SUNAT's 2022 rule lists 10 and 18; the dated table of the core (src/core/igv-rates.ts)
// carries the rates of each year since. Where that table has no verified special rate (from 2027), one rate is let
// through as SUNAT's rule would accept it.
import { allowedIgvRates, igvRatePeriod } from '../../../core/igv-rates.ts';
import type { XmlElement } from '../../../sunat/xml.ts';
import type { Findings } from '../context.ts';
import { all, num, text } from '../xpath.ts';
import { Decimal, gt } from '../numbers.ts';
import { type Shape, scheme } from './shape.ts';

const FREE_TAXED = new Set(['11', '12', '13', '14', '15', '16']);

/** The Percent of each line subtotal SUNAT's 3462 counts. */
function countedRates(s: Shape): string[] {
  const rates: string[] = [];
  for (const st of s.lines.flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal'))) {
    const code = scheme(st);
    const counted =
      code === '1000' ||
      (code === '9996' && FREE_TAXED.has(text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') ?? ''));
    if (!counted || !gt(num(st, 'cbc:TaxableAmount'), 0)) continue;
    const percent = num(st, 'cac:TaxCategory/cbc:Percent');
    rates.push(percent === null ? 'NaN' : percent.toFixed());
  }
  return rates;
}

export function igvRate(root: XmlElement, s: Shape, f: Findings): void {
  const rates = [...new Set(countedRates(s))];
  if (rates.length === 0) return;
  const node = 'cac:TaxCategory/cbc:Percent';
  if (rates.length > 1) {
    f.error('3462', node, rates.join(' y '));
    return;
  }
  const issueDate = text(root, 'cbc:IssueDate') ?? '';
  const allowed = allowedIgvRates(issueDate, !s.isInvoice).map((r) => new Decimal(r.toFixed()));
  if (rates[0] !== 'NaN' && allowed.some((r) => r.eq(rates[0]))) return;
  if (igvRatePeriod(issueDate).reducedUnverified) return;
  f.error('3462', node, rates[0]);
}
