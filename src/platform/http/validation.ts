// Request validation with zod (fastify-type-provider-zod for types and OpenAPI; our own validator compiler
// so that the error keeps zod's path as data): every problem becomes an errors[] item with a JSON path in the
// contract's notation (`items[2].total_igv`) and a Spanish message.
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import type { ErrorItem } from '../errors.ts';

// Spanish defaults for every zod message in the process (features may still write their own messages).
z.config(z.locales.es());
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'El campo es obligatorio';
    if (issue.code === 'invalid_type' && issue.input === null) return 'El campo no puede ser nulo';
    return undefined;
  },
});

/** `['items', 2, 'total_igv']` → `items[2].total_igv`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

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
