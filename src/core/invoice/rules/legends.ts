// Legends (catalog 52; sunat.md §1.3): 1000 is always generated from the total and never duplicated (pain point
// 20.1 #7); 1002 is added for a fully free invoice, 2006 for detraction (obs 4265), 2000 for perception, 2007 for
// IVAP (obs 4264). Each code at most once (3014).
import { legends as legendCatalog } from '../../catalogs/index.ts';
import { joinPath } from '../../issues.ts';
import { addIssue, addWarning, newFindings, type Findings } from '../findings.ts';
import type { DocumentLegend } from '../types.ts';
import type { FilledBody } from '../defaults.ts';

export function buildLegends(args: { body: FilledBody; amountInWords: string; required: string[] }): {
  legends: DocumentLegend[];
  findings: Findings;
} {
  const f = newFindings();
  const out: DocumentLegend[] = [{ code: '1000', value: args.amountInWords }];
  const seen = new Set<string>(['1000']);
  (args.body.leyendas ?? []).forEach((l, i) => {
    if (l.codigo === '1000') {
      if (l.valor.trim() !== args.amountInWords) {
        addWarning(
          f,
          joinPath(joinPath('leyendas', i), 'valor'),
          'legend_replaced',
          `La leyenda 1000 se genera del importe total: se usó "${args.amountInWords}".`,
        );
      }
      return;
    }
    if (seen.has(l.codigo)) {
      addIssue(
        f,
        joinPath(joinPath('leyendas', i), 'codigo'),
        'legend_duplicated',
        `La leyenda ${l.codigo} aparece más de una vez (SUNAT 3014).`,
        { sunatRule: '3014' },
      );
      return;
    }
    seen.add(l.codigo);
    out.push({ code: l.codigo, value: l.valor });
  });
  for (const code of args.required) {
    if (seen.has(code)) continue;
    seen.add(code);
    const entry = legendCatalog.get(code)!;
    out.push({ code, value: entry.text ?? entry.description });
    addWarning(f, 'leyendas', 'legend_added', `Se agregó la leyenda ${code} (${entry.description}).`);
  }
  return { legends: out, findings: f };
}
