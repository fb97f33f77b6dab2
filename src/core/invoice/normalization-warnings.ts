// Harmless normalisations done by the schema (upper-cased codes, zero padding, "00000003" → 3, "" → absent,
// ubigeo 91201 → "091201", HH:mm → HH:mm:ss, numero_documento → numero) are reported as warnings by comparing
// the raw body with the parsed one, so the schema itself stays a plain, reusable zod schema.
import { Decimal } from '../money.ts';
import { joinPath, warning, type Warning } from '../issues.ts';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Decimal);
}

function show(v: unknown): string {
  return typeof v === 'string' ? `"${v}"` : String(v);
}

export function normalizationWarnings(raw: unknown, parsed: unknown, path = ''): Warning[] {
  const out: Warning[] = [];
  walk(raw, parsed, path, out);
  return out;
}

function walk(raw: unknown, parsed: unknown, path: string, out: Warning[]): void {
  if (parsed instanceof Decimal || parsed === undefined) return;
  if (Array.isArray(parsed) && Array.isArray(raw)) {
    for (let i = 0; i < parsed.length; i++) walk(raw[i], parsed[i], joinPath(path, i), out);
    return;
  }
  if (isPlainObject(parsed) && isPlainObject(raw)) {
    for (const key of Object.keys(raw)) {
      const r = raw[key];
      if (!Object.hasOwn(parsed, key)) {
        if (key === 'numero_documento' && Object.hasOwn(parsed, 'numero') && !Object.hasOwn(raw, 'numero')) {
          out.push(
            warning(
              joinPath(path, key),
              'value_normalized',
              'Se usó numero_documento como numero (serie-número del documento referido).',
            ),
          );
        }
        continue; // unknown keys are tolerated and dropped
      }
      const p = parsed[key];
      if (p === undefined) {
        if (typeof r === 'string' && r.trim() === '') {
          out.push(warning(joinPath(path, key), 'empty_value_ignored', 'Texto vacío: se trató como campo no enviado.'));
        }
        continue;
      }
      // A leaf's path is written only when it has something to report (most keys of a body are unchanged leaves).
      if (typeof p === 'object' && p !== null) walk(r, p, joinPath(path, key), out);
      else if (leafChanged(r, p)) out.push(normalized(joinPath(path, key), r, p));
    }
    return;
  }
  if (leafChanged(raw, parsed)) out.push(normalized(path, raw, parsed));
}

function leafChanged(raw: unknown, parsed: unknown): boolean {
  if (typeof raw !== 'string' && typeof raw !== 'number') return false;
  if (typeof parsed !== 'string' && typeof parsed !== 'number') return false;
  return (typeof raw === 'string' ? raw : String(raw)) !== String(parsed);
}

function normalized(path: string, raw: unknown, parsed: unknown): Warning {
  return warning(path, 'value_normalized', `Se normalizó ${show(raw)} a ${show(parsed)}.`);
}
