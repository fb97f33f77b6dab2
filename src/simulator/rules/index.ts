// Business rules the simulator evaluates from the XML alone, by document type. SUNAT stops at the first rejection
// and lists every observation in the CDR; so do we.
import type { XmlElement } from '../../sunat/xml.ts';
import { Findings, type RuleHit } from './context.ts';
import { checkInvoiceLike } from './invoice/index.ts';
import { checkPerception } from './perception.ts';
import { checkPurchaseSettlement } from './purchase-settlement.ts';
import { checkRetention } from './retention.ts';

export type { RuleHit } from './context.ts';

export interface RulesVerdict {
  /** The first rejection (2000–3999, or a 1xxx structure code): the one SUNAT answers with. */
  error?: RuleHit;
  /** Every failed rule, in evaluation order (diagnostics and tests). */
  errors: RuleHit[];
  observations: RuleHit[];
}

/** Document types with rules; others (summaries) get XSD + signature checks only. */
export function hasRules(tipo: string): boolean {
  return ['01', '03', '04', '07', '08', '20', '40'].includes(tipo);
}

export function evaluateRules(root: XmlElement, tipo: string): RulesVerdict {
  const findings = new Findings();
  if (tipo === '01' || tipo === '03' || tipo === '07' || tipo === '08') checkInvoiceLike(root, tipo, findings);
  else if (tipo === '40') checkPerception(root, findings);
  else if (tipo === '20') checkRetention(root, findings);
  else if (tipo === '04') checkPurchaseSettlement(root, findings);
  return { error: findings.errors[0], errors: findings.errors, observations: dedupe(findings.observations) };
}

function dedupe(hits: RuleHit[]): RuleHit[] {
  const seen = new Set<string>();
  return hits.filter((h) => {
    const key = `${h.code}|${h.node}|${h.value ?? ''}|${h.detail ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
