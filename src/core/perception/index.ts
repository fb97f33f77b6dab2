// Perception vouchers (40): body → computed perception → UBL 2.0 Perception XML. Pure, like the invoice core.
import type { DocumentContext } from '../invoice/context.ts';
import { normalizationWarnings } from '../invoice/normalization-warnings.ts';
import { zodIssuesToIssues } from '../invoice/zod-issues.ts';
import type { Issue, Warning } from '../issues.ts';
import { computePerception } from './compute.ts';
import { perceptionBodySchema } from './schema.ts';
import type { ComputedPerception } from './types.ts';

export type { ComputedPerception, PerceivedDocument } from './types.ts';
export { perceptionBodySchema, type PerceptionBody } from './schema.ts';
export { buildPerceptionXml } from './xml.ts';
export { PERCEPTION_REGIMES } from './catalogs.ts';

export type PreparePerceptionResult =
  | { ok: true; document: ComputedPerception; warnings: Warning[] }
  | { ok: false; issues: Issue[]; warnings: Warning[] };

export function preparePerception(body: unknown, ctx: DocumentContext): PreparePerceptionResult {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, issues: [{ path: '', code: 'validation_failed', message: 'El cuerpo debe ser un objeto JSON.' }], warnings: [] };
  }
  const parsed = perceptionBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, issues: zodIssuesToIssues(parsed.error, body), warnings: [] };
  const warnings = normalizationWarnings(body, parsed.data);
  const result = computePerception(parsed.data, ctx);
  warnings.push(...result.warnings);
  if (!result.document) return { ok: false, issues: result.issues, warnings };
  return { ok: true, document: result.document, warnings };
}

export function assignPerceptionNumber(doc: ComputedPerception, number: number): ComputedPerception {
  if (!Number.isInteger(number) || number < 1 || number > 99_999_999) throw new RangeError(`invalid document number ${number}`);
  return { ...doc, number };
}
