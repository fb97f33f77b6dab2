// SUNAT 3462 (PAS20221U210700304, facturas, boletas and their notes): the lines that carry IGV — scheme 1000 with a
// base, and free taxed lines (9996 with afectación 11–16) with a base — share ONE rate, and that rate is in force
// on the issue date (src/core/igv-rates.ts). IVAP (1016) lines are not counted.
import { allowedIgvRates, describeRates, igvRatePeriod } from '../../igv-rates.ts';
import { joinPath } from '../../issues.ts';
import type { Decimal } from '../../money.ts';
import { addIssue, addWarning, newFindings, type Findings } from '../findings.ts';
import type { WorkLine } from '../lines.ts';

const numbered = (lines: WorkLine[]) => {
  const ids = lines.map((l) => String(l.index));
  return ids.length === 1 ? `la línea ${ids[0]}` : `las líneas ${ids.slice(0, -1).join(', ')} y ${ids.at(-1)}`;
};

/** The lines SUNAT's 3462 counts. */
function igvLines(lines: WorkLine[]): WorkLine[] {
  return lines.filter((l) => l.affectation.taxed && l.affectation.scheme !== '1016' && l.igvBase.gt(0));
}

export function checkIgvRates(lines: WorkLine[], issueDate: string, isNote: boolean): Findings {
  const f = newFindings();
  const counted = igvLines(lines);
  if (counted.length === 0) return f;
  const groups = new Map<string, WorkLine[]>();
  for (const l of counted) {
    const key = l.igvPercent.toFixed();
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  if (groups.size > 1) {
    mixedRates(f, groups);
    return f;
  }
  const rate: Decimal = counted[0].igvPercent;
  const allowed = allowedIgvRates(issueDate, isNote);
  if (allowed.some((r) => r.eq(rate))) return f;
  const period = igvRatePeriod(issueDate);
  if (period.reducedUnverified) {
    addWarning(
      f,
      joinPath(counted[0].path, 'porcentaje_igv'),
      'igv_rate_unusual',
      `Tasa de IGV ${rate.toFixed()} %: la general el ${issueDate} es ${describeRates(allowed)}; la tasa especial de la Ley 31556 de ese año no está verificada (SUNAT 3462).`,
      '3462',
    );
    return f;
  }
  for (const l of counted) {
    addIssue(
      f,
      joinPath(l.path, 'porcentaje_igv'),
      'igv_rate_invalid',
      `La tasa de IGV ${rate.toFixed()} % no está vigente el ${issueDate}: las vigentes son ${describeRates(allowed)} (SUNAT 3462).`,
      { sunatRule: '3462' },
    );
  }
  return f;
}

/** One issue per line outside the largest group (the first line's on a tie), the message naming every group. */
function mixedRates(f: Findings, groups: Map<string, WorkLine[]>): void {
  const parts = [...groups].map(([rate, ls]) => `${numbered(ls)} al ${rate} %`);
  const message = `Un comprobante lleva una sola tasa de IGV: ${parts.join('; ')} (SUNAT 3462).`;
  const largest = Math.max(...[...groups.values()].map((ls) => ls.length));
  const kept = [...groups.values()].find((ls) => ls.length === largest);
  const others = [...groups.values()].filter((ls) => ls !== kept);
  for (const l of others.flat().sort((a, b) => a.index - b.index)) {
    addIssue(f, joinPath(l.path, 'porcentaje_igv'), 'igv_rate_invalid', message, { sunatRule: '3462' });
  }
}
