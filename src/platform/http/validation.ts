// Request validation with zod (fastify-type-provider-zod for types and OpenAPI; our own validator compiler
// so that the error keeps zod's path as data): every problem becomes an errors[] item with a JSON path in the
// contract's notation (`items[2].total_igv`) and a Spanish message.
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { formatPath } from '../../core/issues.ts';
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

export function zodIssuesToErrorItems(issues: readonly z.core.$ZodIssue[]): ErrorItem[] {
  const items: ErrorItem[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        items.push({
          path: formatPath([...issue.path, key]),
          code: 'validation_failed',
          message: 'Campo no permitido',
        });
      }
      continue;
    }
    items.push({ path: formatPath(issue.path), code: 'validation_failed', message: issue.message });
  }
  return items;
}

/** Thrown by the validator compiler; the error handler renders it as 422 validation_failed. */
export class RequestValidationError extends Error {
  validationContext?: string;
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues) };
  };

// NUL cannot be stored in PostgreSQL text or jsonb, nor written in XML 1.0; a lone UTF-16 surrogate is not a
// character at all (it becomes U+FFFD or an encoding error further down). Either is refused wherever it appears.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is this pattern's purpose.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface UnstorableText {
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

/** The first string (value or object key) of `value` holding NUL or a lone surrogate, with its path. */
export function findUnstorableText(value: unknown): UnstorableText | null {
  // Iterative: a hostile body may nest thousands of levels deep.
  const stack: { node: unknown; path: PropertyKey[] }[] = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node === 'string') {
      const message = describeUnstorable(node);
      if (message) return { path: formatPath(path), message };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push({ node: node[i], path: [...path, i] });
    } else if (node !== null && typeof node === 'object' && !Buffer.isBuffer(node)) {
      for (const key of Object.keys(node)) {
        const message = describeUnstorable(key);
        if (message)
          return {
            path: formatPath([...path, key]),
            message: `El nombre de campo: ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
          };
        stack.push({ node: (node as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * Refuses NUL and lone surrogates in the path parameters, the query string and the JSON body of every route, in
 * one place (preValidation: after the body is parsed, before any schema or handler sees it): 422 invalid_text.
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const hasBodySchema = Boolean((request.routeOptions.schema as { body?: unknown } | undefined)?.body);
    for (const part of [request.params, request.query, hasBodySchema ? request.body : undefined]) {
      const found = findUnstorableText(part);
      if (found)
        throw errors.unprocessable('invalid_text', found.message, [
          { path: found.path, code: 'invalid_text', message: found.message },
        ]);
    }
  });
}
