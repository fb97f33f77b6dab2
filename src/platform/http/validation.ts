// Request validation with zod (fastify-type-provider-zod for types and OpenAPI; our own validator compiler
// so that the error keeps zod's path as data): every problem becomes an errors[] item with a JSON path in the
// contract's notation (`items[2].total_igv`) and a Spanish message.
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { formatPath, type Warning } from '../../core/issues.ts';
import {
  didYouMean,
  explainNearMisses,
  unknownFields,
  unknownFieldWarning,
  type UnknownField,
} from '../../core/unknown-fields.ts';
import { errors, type ErrorItem } from '../errors.ts';

// Spanish defaults for every zod message in the process (features may still write their own messages).
z.config(z.locales.es());
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'El campo es obligatorio';
    if (issue.code === 'invalid_type' && issue.input === null) return 'El campo no puede ser nulo';
    return undefined;
  },
});

/**
 * zod's issues as errors[] items. `unknown` (the body's unknown keys, found beside the parse) lends a refused key of a
 * strict body its "¿Quiso decir…?" and a missing field the near miss the body sent instead.
 */
export function zodIssuesToErrorItems(
  issues: readonly z.core.$ZodIssue[],
  unknown: readonly UnknownField[] = [],
): ErrorItem[] {
  const items: ErrorItem[] = [];
  const missing = new Set<string>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = formatPath([...issue.path, key]);
        const field = unknown.find((u) => u.path === path);
        items.push({
          path,
          code: 'unknown_field',
          message: `Campo desconocido: esta operación no lo admite.${field ? didYouMean(field) : ''}`,
        });
      }
      continue;
    }
    const path = formatPath(issue.path);
    if (issue.code === 'invalid_type' && issue.input === undefined) missing.add(path);
    items.push({ path, code: 'validation_failed', message: issue.message });
  }
  return explainNearMisses(items, [...unknown], (item) => missing.has(item.path));
}

/** Thrown by the validator compiler; the error handler renders it as 422 validation_failed. */
export class RequestValidationError extends Error {
  validationContext?: string;
  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    readonly unknown: readonly UnknownField[] = [],
  ) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/** The unknown_field warnings of a validated body, keyed by the parsed body Fastify hands the route. */
const bodyWarnings = new WeakMap<object, Warning[]>();

/** The warnings about keys the route's body schema does not know (none for a body without them). */
export function unknownFieldWarningsOf(body: unknown): Warning[] {
  return body !== null && typeof body === 'object' ? (bodyWarnings.get(body) ?? []) : [];
}

/**
 * Validates with the route's zod schema. A body's keys the schema does not know are looked for beside the parse
 * (zod drops them): on success they become `unknown_field` warnings of the answer (installUnknownFieldWarnings);
 * on failure they explain a refused strict key or a missing field.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    const unknown = httpPart === 'body' ? unknownFields(schema, data) : [];
    if (!result.success) return { error: new RequestValidationError(result.error.issues, unknown) };
    if (unknown.length > 0 && result.data !== null && typeof result.data === 'object')
      bodyWarnings.set(result.data, unknown.map(unknownFieldWarning));
    return { value: result.data };
  };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);

/**
 * Adds the body's unknown_field warnings to a successful JSON answer (`warnings[]`, before any of the route's own):
 * every route whose body a zod schema validates, so that no key is dropped without a word. Each such route declares
 * `warnings` in its 200 schema (test/platform/openapi-contract.test.ts walks the OpenAPI document for it).
 */
export function installUnknownFieldWarnings(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const found = unknownFieldWarningsOf(request.body);
    if (found.length === 0 || reply.statusCode >= 300 || !isPlainObject(payload)) return payload;
    const own = Array.isArray(payload.warnings) ? payload.warnings : [];
    return { ...payload, warnings: [...found, ...own] };
  });
}

// NUL cannot be stored in PostgreSQL text or jsonb, nor written in XML 1.0; a lone UTF-16 surrogate is not a
// character at all (it becomes U+FFFD or an encoding error further down). Either is refused wherever it appears.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is this pattern's purpose.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether UNSTORABLE can match `text`: only a NUL or a surrogate can start a match, and a body's ~140 keys and texts
 * almost never hold one — one pass over each instead of a regular expression call each.
 */
function holdsUnstorable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0 || (c >= 0xd800 && c <= 0xdfff)) return UNSTORABLE.test(text);
  }
  return false;
}

/**
 * The deepest nesting of objects and lists a body may have. The contract's bodies nest 5 at most (the deepest of
 * the request fixtures); a body thousands of levels deep is valid JSON that every recursive step after parsing
 * (the request hash, the stored JSON, PostgreSQL's jsonb) turns into a stack overflow — a 500 — or refuses.
 */
export const MAX_BODY_DEPTH = 64;

/**
 * The longest list a body may hold. The longest the contract has are a document's lines (999 at most, SUNAT 2023)
 * and a summary's documents; a 1 MB body can carry 300,000 empty items, which the schema would answer with 1.2
 * million issues (seconds of CPU, a gigabyte of memory) before any rule could say "too many lines".
 */
export const MAX_LIST_LENGTH = 10_000;

export interface RefusedInput {
  code: 'invalid_text' | 'body_too_deep' | 'list_too_long';
  path: string;
  message: string;
}

function describeUnstorable(text: string): string | null {
  const found = UNSTORABLE.exec(text);
  if (!found) return null;
  return found[0] === '\u0000'
    ? 'El texto contiene el carácter nulo (U+0000), que no se admite.'
    : 'El texto contiene un carácter Unicode inválido (sustituto UTF-16 sin pareja).';
}

const isContainer = (node: unknown): node is object =>
  node !== null && typeof node === 'object' && !Buffer.isBuffer(node);

/**
 * Whether `value` holds anything findRefusedInput refuses: the walk every body takes, without the paths — building
 * each node's path cost ~26 kB of garbage per issued factura, for an answer that is almost always "none".
 * Iterative: a hostile body may nest hundreds of thousands of levels deep.
 */
function holdsRefusedInput(value: unknown): boolean {
  const nodes: unknown[] = [value];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (typeof node === 'string') {
      if (holdsUnstorable(node)) return true;
    } else if (isContainer(node)) {
      if (depth >= MAX_BODY_DEPTH) return true;
      if (Array.isArray(node)) {
        if (node.length > MAX_LIST_LENGTH) return true;
        for (const item of node) {
          nodes.push(item);
          depths.push(depth + 1);
        }
      } else {
        for (const key of Object.keys(node)) {
          if (holdsUnstorable(key)) return true;
          nodes.push((node as Record<string, unknown>)[key]);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/** A node met by the walk and how it was reached: its parent's step, linked (a path is built only when needed). */
interface Step {
  node: unknown;
  parent: Step | null;
  key: PropertyKey;
  depth: number;
}

function pathOf(step: Step | null, last?: PropertyKey): string {
  const keys: PropertyKey[] = last === undefined ? [] : [last];
  for (let at = step; at?.parent; at = at.parent) keys.push(at.key);
  return formatPath(keys.reverse());
}

const TOO_DEEP = `El cuerpo anida objetos o listas a más de ${MAX_BODY_DEPTH} niveles, que no se admiten.`;
const TOO_LONG = `La lista tiene más de ${MAX_LIST_LENGTH} elementos, que no se admiten.`;

/** What `step` holds that is refused (its text, one of its keys, its depth), or null. */
function refusalAt(step: Step): RefusedInput | null {
  const node = step.node;
  if (typeof node === 'string') {
    const message = describeUnstorable(node);
    return message ? { code: 'invalid_text', path: pathOf(step), message } : null;
  }
  if (!isContainer(node)) return null;
  if (step.depth >= MAX_BODY_DEPTH) return { code: 'body_too_deep', path: pathOf(step), message: TOO_DEEP };
  if (Array.isArray(node))
    return node.length > MAX_LIST_LENGTH ? { code: 'list_too_long', path: pathOf(step), message: TOO_LONG } : null;
  for (const key of Object.keys(node)) {
    const message = describeUnstorable(key);
    if (message)
      return {
        code: 'invalid_text',
        path: pathOf(step, key),
        message: `El nombre de campo: ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
      };
  }
  return null;
}

/**
 * The first thing in `value` that no column or XML can hold, with its path: a string (value or object key) holding
 * NUL or a lone surrogate, an object or list nested deeper than MAX_BODY_DEPTH, a list longer than MAX_LIST_LENGTH.
 * Each node links to its parent instead of carrying a copy of its path: copies made a body nested n levels deep
 * cost n² steps.
 */
export function findRefusedInput(value: unknown): RefusedInput | null {
  if (!holdsRefusedInput(value)) return null;
  const stack: Step[] = [{ node: value, parent: null, key: '', depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const refused = refusalAt(step);
    if (refused) return refused;
    const node = step.node;
    if (!isContainer(node)) continue;
    const depth = step.depth + 1;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push({ node: node[i], parent: step, key: i, depth });
    } else {
      for (const key of Object.keys(node))
        stack.push({ node: (node as Record<string, unknown>)[key], parent: step, key, depth });
    }
  }
  return null;
}

/**
 * Refuses NUL and lone surrogates in the path parameters, the query string and the JSON body of every route, and a
 * body nested deeper than MAX_BODY_DEPTH or with a list longer than MAX_LIST_LENGTH, in one place (preValidation:
 * after the body is parsed, before any schema or handler sees it): 422 invalid_text, body_too_deep or
 * list_too_long, with the path.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const hasBodySchema = Boolean((request.routeOptions.schema as { body?: unknown } | undefined)?.body);
    for (const part of [request.params, request.query, hasBodySchema ? request.body : undefined]) {
      const found = findRefusedInput(part);
      if (found)
        throw errors.unprocessable(found.code, found.message, [
          { path: found.path, code: found.code, message: found.message },
        ]);
    }
  });
}
