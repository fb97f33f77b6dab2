// prepareDocument: raw JSON body → parsed (schema) → computed document, or the list of issues. Pure.
import { z } from 'zod';
import { formatPath, type Issue, type Warning } from '../issues.ts';
import { computeDocument } from './compute.ts';
import type { DocumentContext } from './context.ts';
import { normalizationWarnings } from './normalization-warnings.ts';
import { documentBodySchema } from './schema.ts';
import type { ComputedDocument } from './types.ts';
import { explainNearMisses, unknownFieldFindings, unknownFields } from '../unknown-fields.ts';
import { valueAt, zodIssuesToIssues } from './zod-issues.ts';

export type Prepared<D> =
  | { ok: true; document: D; warnings: Warning[] }
  | { ok: false; issues: Issue[]; warnings: Warning[] };

export type PrepareResult = Prepared<ComputedDocument>;

const parsers = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema as zod compiles it (z.compile): generated code parses a valid body, and any body it cannot take whole
 * goes to zod's runtime parser, so a refusal carries the same issues, paths and messages as before. A 3-line
 * factura's parse went from ~54 to ~33 µs and from ~103 to ~53 KB allocated (docs/performance.md); the schema
 * itself stays as written for the OpenAPI document. Compiled once per schema, on first use.
 */
export function parserOf<B>(schema: z.ZodType<B>): z.ZodType<B> {
  let parser = parsers.get(schema);
  if (!parser) {
    parser = z.compile(schema);
    parsers.set(schema, parser);
  }
  return parser as z.ZodType<B>;
}

/** body → schema → compute, the same steps for every family of document (invoices, perceptions). */
export function prepareWith<B, D>(
  body: unknown,
  schema: z.ZodType<B>,
  compute: (parsed: B) => { document?: D; issues: Issue[]; warnings: Warning[] },
): Prepared<D> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return {
      ok: false,
      issues: [{ path: '', code: 'validation_failed', message: 'El cuerpo debe ser un objeto JSON.' }],
      warnings: [],
    };
  }
  const parsed = parserOf(schema).safeParse(body);
  // Keys the schema does not know: warned about, or refused inside acciones (unknown-fields.ts).
  const unknown = unknownFields(schema, body);
  const extra = unknownFieldFindings(unknown);
  if (!parsed.success) {
    const issues = explainNearMisses(zodIssuesToIssues(parsed.error, body), unknown, (i) => {
      const path = parsed.error.issues.find((zi) => formatPath(zi.path) === i.path)?.path;
      return path !== undefined && valueAt(body, path) === undefined;
    });
    return { ok: false, issues: [...issues, ...extra.issues], warnings: [] };
  }
  const warnings = [...extra.warnings, ...normalizationWarnings(body, parsed.data)];
  // A refused key stops the document before anything is computed from a body it would have misread.
  if (extra.issues.length > 0) return { ok: false, issues: extra.issues, warnings };
  const result = compute(parsed.data);
  warnings.push(...result.warnings);
  if (!result.document || result.issues.length > 0) return { ok: false, issues: result.issues, warnings };
  return { ok: true, document: result.document, warnings };
}

export function prepareDocument(body: unknown, ctx: DocumentContext): PrepareResult {
  return prepareWith(body, documentBodySchema, (parsed) => computeDocument(parsed, ctx));
}
