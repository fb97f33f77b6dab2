// Building blocks of the input schema. They accept what FacturadorPro clients really send (numbers or numeric
// strings for amounts, codes as numbers, null/"" for "not sent") and turn it into one typed value. Errors carry
// a Spanish message and, where the contract names one, a stable code in `params.code` (see zod-issues.ts).
import { z } from 'zod';
import type { Catalog, CatalogEntry } from '../catalogs/catalog.ts';
import { Decimal, roundTo } from '../money.ts';

/** "" and null mean "not sent" in FacturadorPro payloads (pain point 20.1 #9). */
export function emptyToUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

/** Optional field: absent, null and "" all become undefined. */
export function optional<T extends z.ZodType>(schema: T) {
  // The outer .optional() lets absent keys skip the preprocessing entirely (most keys of a line are absent).
  return z.preprocess(emptyToUndefined, schema.optional()).optional();
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

interface DecimalOptions {
  /**
   * The lower bound, zero (every bound the schemas set), and whether zero itself is accepted. Zero so that the sign
   * answers it: a Decimal comparison per value was ~30 % of a 3-line factura's parse (31 → 22 µs without it).
   */
  min?: { value: 0; inclusive: boolean; message: string };
  /** Error when the value is not numeric. */
  what?: string;
  /**
   * Most integer digits accepted (12 by default: SUNAT's amounts, quantities and unit values all have at most 12,
   * as do the database's numeric columns). Beyond it the value is refused with `amount_out_of_range`.
   */
  integerDigits?: number;
  /** SUNAT rule of that format, when there is one. */
  sunatRule?: string;
}

function outOfRangeMessage(integerDigits: number): string {
  return `El valor no puede tener más de ${integerDigits} dígitos enteros (formato de SUNAT: hasta ${'9'.repeat(integerDigits)}).`;
}

/**
 * A decimal given as a JSON number, a numeric string ("118.00", " 5 ") or an already-parsed Decimal (so that the
 * schema's output parses again to the same value). Returns a Decimal; never a float in arithmetic.
 */
export function decimal(options: DecimalOptions = {}) {
  const what = options.what ?? 'Debe ser un número o un texto numérico (p. ej. 118.00).';
  const integerDigits = options.integerDigits ?? 12;
  // Built once per schema, not per value: 10^12 by repeated multiplication was most of a body's parsing time.
  const ceiling = new Decimal(10).pow(integerDigits);
  const min = options.min;
  return z.union([z.number(), z.string(), z.instanceof(Decimal)], { error: what }).transform((value, ctx) => {
    let d: Decimal;
    if (value instanceof Decimal) d = value;
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) {
        ctx.addIssue({ code: 'custom', message: what });
        return z.NEVER;
      }
      // decimal.js reads a number through its shortest round-trip text, e.g. 8.3814 → 8.3814 exactly.
      d = new Decimal(value);
    } else {
      const text = value.trim();
      if (!NUMERIC.test(text)) {
        ctx.addIssue({ code: 'custom', message: what });
        return z.NEVER;
      }
      d = new Decimal(text);
    }
    // Compared once rounded to cents: 999999999999.999 would become 1000000000000.00 in an amount column.
    // Below 10^(integerDigits-1) (decimal.js's exponent `e` is the integer digits minus one) it cannot reach it.
    if (d.e >= integerDigits - 1 && roundTo(d.abs(), 2).gte(ceiling)) {
      ctx.addIssue({
        code: 'custom',
        message: outOfRangeMessage(integerDigits),
        params: { code: 'amount_out_of_range', sunatRule: options.sunatRule },
      });
      return z.NEVER;
    }
    if (min && (min.inclusive ? d.isNegative() && !d.isZero() : d.isNegative() || d.isZero())) {
      ctx.addIssue({ code: 'custom', message: min.message });
      return z.NEVER;
    }
    return d;
  });
}

/** An amount: ≥ 0. */
export const amount = () => decimal({ min: { value: 0, inclusive: true, message: 'Debe ser mayor o igual a 0.' } });
/** A quantity: > 0 (SUNAT 2024). */
export const quantity = () =>
  decimal({
    min: { value: 0, inclusive: false, message: 'La cantidad debe ser mayor que cero (SUNAT 2024).' },
    sunatRule: '2025',
  });
/** A percentage 0–100. */
export const percent = () =>
  decimal({ min: { value: 0, inclusive: true, message: 'Debe ser mayor o igual a 0.' } }).refine((d) => d.lte(100), {
    message: 'Debe ser un porcentaje entre 0 y 100.',
  });

/**
 * A code from a SUNAT catalog. Numbers and short digit strings are zero-padded to the catalog's width (10 → "10",
 * 1 → "01"); letters are upper-cased. Unknown codes fail with `catalog_code_invalid`.
 */
export function catalogCode<T extends CatalogEntry>(
  catalog: Catalog<T>,
  options: { sunatRule?: string; allowed?: readonly string[] } = {},
) {
  const allowed = options.allowed;
  const list = allowed ?? catalog.codes();
  const shown = list.length <= 24 ? list.join(', ') : `${list.slice(0, 24).join(', ')}…`;
  return z
    .union([z.string(), z.number()], { error: `Debe ser un código del catálogo ${catalog.number} de SUNAT (texto).` })
    .transform((value, ctx) => {
      const code = normaliseCode(value, catalog.width);
      if (!catalog.has(code) || (allowed && !allowed.includes(code))) {
        ctx.addIssue({
          code: 'custom',
          message: `El código "${String(value)}" no existe en el catálogo ${catalog.number} (${catalog.name})${allowed ? ' o no se admite aquí' : ''}. Valores válidos: ${shown}.`,
          params: { code: 'catalog_code_invalid', sunatRule: options.sunatRule },
        });
        return z.NEVER;
      }
      return code;
    });
}

export function normaliseCode(value: string | number, width: number): string {
  let code = String(value).trim().toUpperCase();
  if (/^\d+$/.test(code) && code.length < width) code = code.padStart(width, '0');
  return code;
}

/** Free text; `max` in characters. Required texts reject "" (after trimming). */
export function text(max: number, label = 'El texto') {
  return z
    .union([z.string(), z.number()], { error: 'Debe ser un texto.' })
    .transform((v) => String(v))
    .pipe(
      z
        .string()
        .refine((s) => s.trim().length > 0, { message: 'No puede estar vacío.' })
        .refine((s) => s.length <= max, { message: `${label} no puede superar ${max} caracteres.` }),
    );
}

/** YYYY-MM-DD, a real calendar date. */
export function isoDate() {
  return z.string({ error: 'Debe ser una fecha con formato AAAA-MM-DD.' }).refine(isValidIsoDate, {
    message: 'Debe ser una fecha válida con formato AAAA-MM-DD (p. ej. 2025-01-15).',
  });
}

/** Years before electronic documents existed: year 0000 has no place in PostgreSQL's calendar nor in xsd:date. */
const FIRST_YEAR = 1900;

export function isValidIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < FIRST_YEAR || mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[mo - 1];
}

/** HH:mm:ss (HH:mm accepted and completed with :00). */
export function isoTime() {
  return z
    .string({ error: 'Debe ser una hora con formato HH:mm:ss.' })
    .transform((s) => (/^\d{2}:\d{2}$/.test(s.trim()) ? `${s.trim()}:00` : s.trim()))
    .refine((s) => /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(s), {
      message: 'Debe ser una hora válida con formato HH:mm:ss (p. ej. 10:15:00).',
    });
}

/**
 * fecha_de_emision and hora_de_emision of any document: both optional, defaulting to Lima's today (and now, or
 * 00:00:00 when only the date is sent). `dateLimits` adds what a document type allows further back.
 */
export function issueMomentFields(dateLimits = '') {
  return {
    fecha_de_emision: optional(isoDate()).describe(
      `Fecha de emisión AAAA-MM-DD (hora de Lima), no futura. Si se omite, la de hoy en Lima.${dateLimits}`,
    ),
    hora_de_emision: optional(isoTime()).describe(
      'Hora de emisión HH:mm:ss (opcional, también para SUNAT). Si se omite: con `fecha_de_emision`, 00:00:00; sin ella, la hora actual de Lima.',
    ),
  };
}

/** true/false, 1/0, "true"/"false", "1"/"0", "si"/"no". */
export function flag() {
  return z
    .union([z.boolean(), z.number(), z.string()], { error: 'Debe ser verdadero o falso.' })
    .transform((v, ctx) => {
      if (typeof v === 'boolean') return v;
      const s = String(v).trim().toLowerCase();
      if (['1', 'true', 'si', 'sí'].includes(s)) return true;
      if (['0', 'false', 'no'].includes(s)) return false;
      ctx.addIssue({ code: 'custom', message: 'Debe ser verdadero o falso.' });
      return z.NEVER;
    });
}

/** Upper-cased, trimmed identifier such as a currency or unit code. */
export function upperCode(pattern: RegExp, message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim().toUpperCase())
    .refine((s) => pattern.test(s), { message });
}

/** A ubigeo: 6 digits (a number loses its leading zero in JSON: 91201 → "091201"). */
export function ubigeo() {
  return z
    .union([z.string(), z.number()], { error: 'El ubigeo debe ser un texto de 6 dígitos.' })
    .transform((v) => {
      const s = String(v).trim();
      return /^\d{5}$/.test(s) ? `0${s}` : s;
    })
    .refine((s) => /^\d{6}$/.test(s), { message: 'El código ubigeo debe contener 6 dígitos.' });
}
