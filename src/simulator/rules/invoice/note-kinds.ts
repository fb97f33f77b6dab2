// Note types with their own rules: a credit note 13 totals 0 (NC 3315); credit and debit notes 11 (exportación) and
// 12 (IVAP) refuse some header subtotals (3221 / 3107) and lines of another afectación (2642 / 2644).
import type { XmlElement } from '../../../sunat/xml.ts';
import type { Findings } from '../context.ts';
import { all, first, num, text } from '../xpath.ts';
import { gt, ne } from '../numbers.ts';
import { scheme, subtotalsOf, type Shape } from './shape.ts';

interface Kind {
  /** 3221: schemes refused with TaxableAmount > 0. */
  base3221: string[];
  /** 3107: schemes refused with TaxableAmount > 0, and schemes refused whenever present. */
  based3107: string[];
  present3107: string[];
  /** The afectación every line subtotal must carry, and its code. */
  reason: string;
  lineCode: string;
}

const KINDS: Record<string, Kind> = {
  '11': {
    base3221: ['9997', '9998'],
    based3107: ['1000', '1016'],
    present3107: ['2000', '9999'],
    reason: '40',
    lineCode: '2642',
  },
  '12': {
    base3221: ['9995', '9997', '9998'],
    based3107: ['1000', '2000'],
    present3107: [],
    reason: '17',
    lineCode: '2644',
  },
};

export function noteKinds(root: XmlElement, s: Shape, f: Findings): void {
  if (s.isInvoice) return;
  const type = text(root, 'cac:DiscrepancyResponse/cbc:ResponseCode');
  // SUNAT 3315 (NC): a credit note 13 has PayableAmount 0.
  if (s.tipo === '07' && type === '13')
    f.check(ne(num(s.totals, 'cbc:PayableAmount'), 0), '3315', 'cac:LegalMonetaryTotal/cbc:PayableAmount');
  const found = type ? KINDS[type] : undefined;
  if (!found) return;
  // ND 3107 on a debit note 12: only a 1000 base (the NC rules also refuse an ISC base).
  const kind = s.tipo === '08' && type === '12' ? { ...found, based3107: ['1000'] } : found;
  const taxTotal = first(root, 'cac:TaxTotal');
  const based = (schemes: string[]) =>
    subtotalsOf(taxTotal, ...schemes).filter((st) => gt(num(st, 'cbc:TaxableAmount'), 0));
  // SUNAT 3221 (header TaxTotal) before 3107 (each header TaxSubtotal).
  const refused = based(kind.base3221);
  f.check(refused.length > 0, '3221', 'cac:TaxScheme/cbc:ID', refused.map(scheme)[0]);
  for (const st of [...based(kind.based3107), ...subtotalsOf(taxTotal, ...kind.present3107)])
    f.check(true, '3107', 'cac:TaxScheme/cbc:ID', scheme(st));
  // SUNAT 2642 / 2644: every line subtotal carrying an afectación carries the note's one.
  s.lines.forEach((line, i) => {
    for (const reason of all(line, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode')) {
      const value = text(reason);
      f.check(
        value !== kind.reason,
        kind.lineCode,
        'cac:TaxCategory/cbc:TaxExemptionReasonCode',
        value,
        `Error en la linea: ${i + 1}`,
      );
    }
  });
}
