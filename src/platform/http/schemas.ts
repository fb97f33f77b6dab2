// Shared OpenAPI schemas of the platform (reuse them in feature routes' `response`), and request fields every
// layer bounds the same way.
import { z } from 'zod';

/** PostgreSQL `integer` (int4): the largest id or counter a column holds. */
export const INT4_MAX = 2_147_483_647;

/** A row id sent by a client: a positive int4 (a larger one is a 422, not a database error). */
export const rowId = () =>
  z
    .number()
    .int()
    .positive()
    .max(INT4_MAX, { message: `El id debe ser un entero entre 1 y ${INT4_MAX}.` });

/** A page number of a paginated list (far beyond any real page, well inside what a query offset takes). */
export const pageNumber = () => z.coerce.number().int().min(1).max(1_000_000).default(1);

/** A text field of a body: trimmed, not empty, at most `max` characters (the UBL field it ends up in). */
export const filledText = (max: number) => z.string().trim().min(1).max(max);

/** A ubigeo INEI of a body: 6 digits. */
export const ubigeoCode = () => z.string().regex(/^\d{6}$/, { message: 'El código ubigeo debe contener 6 dígitos.' });

export const ErrorItemSchema = z
  .object({
    path: z.string().describe("Ruta JSON del campo en el cuerpo, p. ej. 'items[2].total_igv'; '' para el cuerpo"),
    code: z.string().describe('Código estable snake_case (docs/errors.md)'),
    message: z.string().describe('Mensaje en español para mostrar al usuario'),
    expected: z.string().optional(),
    received: z.string().optional(),
    sunat_rule: z.string().optional().describe('Código de regla SUNAT, si existe'),
  })
  .meta({ id: 'ErrorItem' });

export const WarningSchema = z
  .object({
    path: z.string().describe("Ruta JSON del campo, p. ej. 'acciones.enviar_xml_firmdo'"),
    code: z.string().describe('Código estable snake_case (docs/errors.md): unknown_field, default_applied…'),
    message: z.string().describe('Mensaje en español'),
  })
  .meta({ id: 'Warning', description: 'Lo que el servidor asumió, normalizó o ignoró; nunca bloquea.' });

/**
 * `warnings[]` of a 200 answer, spread into the schema of every route whose body is not strict: a key the body
 * schema does not know is reported there as `unknown_field` (src/platform/http/validation.ts), never dropped in silence.
 */
export const warningsField = {
  warnings: z
    .array(WarningSchema)
    .optional()
    .describe('Avisos: claves desconocidas del cuerpo (unknown_field, con "¿Quiso decir…?") y similares.'),
};

export const ErrorBodySchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
    errors: z.array(ErrorItemSchema),
  })
  .meta({ id: 'Error', description: 'Forma de todo error (códigos en docs/errors.md)' });

/** A 200 answer carrying `data`: `{success: true, data, ...rest}`. */
export const successAnswer = <T extends z.ZodType, S extends z.ZodRawShape = Record<never, never>>(data: T, rest?: S) =>
  z.object({ success: z.literal(true), data, ...(rest as S) });

/** Responses every authenticated tenant route may give; spread into `schema.response`. */
export const tenantErrorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
} as const;

/**
 * The options of an authenticated tenant POST route whose body and 200 answer are zod schemas: the tenant host,
 * the bearer token, the request examples Swagger shows, and every error answer.
 */
export function tenantPost<B extends z.ZodType, R extends z.ZodType>(route: {
  summary: string;
  description?: string;
  examples: Record<string, { summary: string; value: unknown }>;
  body: B;
  ok: R;
}) {
  const { summary, description, examples, body, ok } = route;
  return tenantRoute({ summary, ...(description ? { description } : {}), body }, ok, { examples });
}

/** The error answers of a tenant route that may also refuse a code or number already taken (409). */
export const tenantConflictResponses = { ...tenantErrorResponses, 409: ErrorBodySchema } as const;

/**
 * The options of an authenticated tenant route: the tenant host, the bearer token, the request examples Swagger
 * shows (when given), and `schema` (summary, params, body…, its keys in the order given) with its 200 answer `ok`
 * and every error answer (409 too when `conflict`).
 */
export function tenantRoute<S extends { summary: string }, R extends z.ZodType>(
  schema: S,
  ok: R,
  options: { examples?: Record<string, { summary: string; value: unknown }>; conflict?: boolean } = {},
) {
  const { examples, conflict } = options;
  const errors = conflict ? tenantConflictResponses : tenantErrorResponses;
  return {
    config: {
      hostKind: 'tenant' as const,
      auth: 'tenant' as const,
      ...(examples ? { openapiExamples: examples } : {}),
    },
    schema: { ...schema, response: { 200: ok, ...errors } },
  };
}

/**
 * For hot or large answers whose presenter builds exactly the documented shape: plain JSON.stringify instead of
 * re-encoding the answer through its zod schema (which stays on the route for the OpenAPI document). Encoding the
 * 10,000 rows of a day's list through zod cost more than reading them from PostgreSQL.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/** Route options (tenantRoute's…) with a rate limit of their own: a route whose every call is costly. */
export function rateLimited<O extends { config: object }, L extends { max: number; timeWindow: string }>(
  options: O,
  rateLimit: L,
) {
  return { ...options, config: { ...options.config, rateLimit } };
}
