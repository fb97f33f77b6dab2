// SUNAT's rules for the summaries sent by sendSummary that need what SUNAT already registered: the
// comunicación de baja (RA, VoidedDocuments), the resumen de reversiones (RR, the same VoidedDocuments for
// retention and perception vouchers: ValidaExprRegOtrosVoided) and the resumen diario (RC, SummaryDocuments). The
// XML alone is checked by the XSD; these rules read the lines and look each referenced document up.
import type { XmlElement } from '../../sunat/xml.ts';
import { childByLocal, deepText } from '../../sunat/xml.ts';
import type { RuleHit } from './context.ts';

/** What the rules need to know about a document SUNAT registered. */
export interface RegisteredFacts {
  status: 'accepted' | 'observed' | 'rejected';
  issueDate?: string;
  /** The RA/RC that voided it (accepted), if any. */
  voidedBy?: string;
}

export interface SummaryRuleContext {
  lookup(tipo: string, serie: string, numero: string): RegisteredFacts | undefined;
  /** Today in Lima, YYYY-MM-DD. */
  today: string;
  /** SUNAT's window for an RA, in calendar days after issue (7). */
  voidWindowDays: number;
}

/** Most lines SUNAT takes in one summary (its documented limit for RC and RA). */
export const MAX_SUMMARY_LINES = 500;

/** Which lines a VoidedDocuments may carry: each type with its series' pattern and the code when it fails. */
interface VoidedLinePolicy {
  series: Record<string, { pattern: RegExp; code: string }>;
  /** The code of a document listed twice. */
  duplicate: string;
}

// SUNAT 2308: a boleta is voided by a resumen diario (ConditionCode 3), never by an RA.
const F_SERIES = { pattern: /^F/, code: '2308' };
const RA_LINES: VoidedLinePolicy = { series: { '01': F_SERIES, '07': F_SERIES, '08': F_SERIES }, duplicate: '2282' };
// An RR reverts retentions (20, series R…, SUNAT 2674) and perceptions (40, series P…, SUNAT 2675) only (2308).
const RR_LINES: VoidedLinePolicy = {
  series: {
    '20': { pattern: /^(R[A-Z0-9]{3}|\d{4})$/, code: '2674' },
    '40': { pattern: /^(P[A-Z0-9]{3}|\d{4})$/, code: '2675' },
  },
  duplicate: '2348',
};

const RC_TYPES = new Set(['03', '07', '08']);

function childrenByLocal(el: XmlElement, local: string): XmlElement[] {
  return el.children.filter((c) => c.local === local);
}

function text(el: XmlElement | undefined, local: string): string {
  return deepText(childByLocal(el, local)).trim();
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function checkVoided(
  root: XmlElement,
  ctx: SummaryRuleContext,
  policy: VoidedLinePolicy = RA_LINES,
): RuleHit | undefined {
  const reference = text(root, 'ReferenceDate');
  const lines = childrenByLocal(root, 'VoidedDocumentsLine');
  if (lines.length === 0) return { code: '2316', node: 'sac:VoidedDocumentsLine' }; // SUNAT 2316
  if (lines.length > MAX_SUMMARY_LINES)
    return { code: '2280', node: 'sac:VoidedDocumentsLine', value: String(lines.length) };
  if (text(root, 'IssueDate') < reference)
    return { code: '2671', node: 'cbc:IssueDate', value: text(root, 'IssueDate') };
  const seen = new Set<string>();
  for (const line of lines) {
    const tipo = text(line, 'DocumentTypeCode');
    const serie = text(line, 'DocumentSerialID');
    const numero = text(line, 'DocumentNumberID');
    const id = `${tipo} ${serie}-${numero}`;
    const detail = `Linea ${text(line, 'LineID')}`;
    const series = policy.series[tipo];
    if (!series) return { code: '2308', node: 'cbc:DocumentTypeCode', value: id, detail };
    if (!series.pattern.test(serie)) return { code: series.code, node: 'sac:DocumentSerialID', value: id, detail };
    if (seen.has(id)) return { code: policy.duplicate, node: 'sac:VoidedDocumentsLine', value: id, detail };
    seen.add(id);
    const facts = ctx.lookup(tipo, serie, numero);
    if (!facts) return { code: '2105', node: 'sac:DocumentNumberID', value: id, detail };
    if (facts.status === 'rejected') return { code: '2398', node: 'sac:DocumentNumberID', value: id, detail };
    if (facts.voidedBy)
      return { code: '2323', node: 'sac:DocumentNumberID', value: `${id} (${facts.voidedBy})`, detail };
    if (facts.issueDate && facts.issueDate !== reference)
      return { code: '2375', node: 'cbc:ReferenceDate', value: `${id} ${facts.issueDate}`, detail };
    if (facts.issueDate && daysBetween(facts.issueDate, ctx.today) > ctx.voidWindowDays)
      return { code: '2957', node: 'cbc:ReferenceDate', value: `${id} ${facts.issueDate}`, detail };
  }
  return undefined;
}

/** The resumen de reversiones: an RA's rules with its own lines (only accepted 20/40 not reverted yet). */
export function checkReversion(root: XmlElement, ctx: SummaryRuleContext): RuleHit | undefined {
  return checkVoided(root, ctx, RR_LINES);
}

/** The documents an accepted RA or RR voids, as [tipo, serie, numero]. */
export function voidedLines(root: XmlElement): Array<[string, string, string]> {
  return childrenByLocal(root, 'VoidedDocumentsLine').map((l) => [
    text(l, 'DocumentTypeCode'),
    text(l, 'DocumentSerialID'),
    text(l, 'DocumentNumberID'),
  ]);
}

/** An RC line's document: "B001-12" in cbc:ID, its type and its condition (1 add, 2 modify, 3 void). */
export function summaryLines(
  root: XmlElement,
): Array<{ tipo: string; serie: string; numero: string; condition: string }> {
  return childrenByLocal(root, 'SummaryDocumentsLine').map((l) => {
    const id = text(l, 'ID');
    const dash = id.indexOf('-');
    return {
      tipo: text(l, 'DocumentTypeCode'),
      serie: id.slice(0, dash),
      numero: id.slice(dash + 1),
      condition: text(childByLocal(l, 'Status'), 'ConditionCode'),
    };
  });
}

/**
 * SUNAT 2992 (since February 2026; greenter#266): each line's IGV subtotal (code 1000) names its rate in
 * cac:TaxCategory/cbc:Percent — "Error en la linea: N. Tasa del tributo faltante para código 1000."
 */
function missingIgvRate(line: XmlElement): boolean {
  return childrenByLocal(line, 'TaxTotal')
    .flatMap((t) => childrenByLocal(t, 'TaxSubtotal'))
    .some((st) => {
      const category = childByLocal(st, 'TaxCategory');
      if (text(childByLocal(category, 'TaxScheme'), 'ID') !== '1000') return false;
      return text(category, 'Percent') === '';
    });
}

export function checkSummary(root: XmlElement, ctx: SummaryRuleContext): RuleHit | undefined {
  const elements = childrenByLocal(root, 'SummaryDocumentsLine');
  const lines = summaryLines(root);
  if (lines.length === 0) return { code: '2280', node: 'sac:SummaryDocumentsLine' };
  if (lines.length > MAX_SUMMARY_LINES)
    return { code: '2280', node: 'sac:SummaryDocumentsLine', value: String(lines.length) };
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const id = `${line.tipo} ${line.serie}-${line.numero}`;
    const detail = `Linea ${index + 1}`;
    // SUNAT 2308/2345: an RC carries boletas and the notes of boletas (series starting with B).
    if (!RC_TYPES.has(line.tipo)) return { code: '2308', node: 'cbc:DocumentTypeCode', value: id, detail };
    if (!/^B[A-Z0-9]{3}$/.test(line.serie)) return { code: '2345', node: 'cbc:ID', value: id, detail };
    if (!['1', '2', '3'].includes(line.condition))
      return { code: '2280', node: 'cbc:ConditionCode', value: id, detail };
    if (missingIgvRate(elements[index]))
      return {
        code: '2992',
        node: '/',
        detail: `Error en la linea: ${index + 1}. Tasa del tributo faltante para código 1000.`,
      };
    if (seen.has(id)) return { code: '2282', node: 'sac:SummaryDocumentsLine', value: id, detail };
    seen.add(id);
    const facts = ctx.lookup(line.tipo, line.serie, line.numero);
    if (facts?.voidedBy) return { code: '2987', node: 'cbc:ID', value: id, detail }; // SUNAT 2987: already voided
  }
  return undefined;
}
