// Zod errors → Issue[] with Spanish messages and the contract's paths (`items[1].codigo_tipo_afectacion_igv`).
// Custom issues raised by our primitives carry their stable code (catalog_code_invalid, number_invalid…) in
// `params`; everything else is `validation_failed`.
import type { z } from 'zod';
import { formatPath, type Issue } from '../issues.ts';

type ZodIssue = z.core.$ZodIssue;

export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key as string];
  }
  return node;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  boolean: 'verdadero o falso',
  object: 'un objeto',
  array: 'una lista',
  date: 'una fecha',
};

/** zod's own English messages; anything else was written by our schema and is kept. */
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Expected|Unrecognized|Required)/;

function spanishMessage(issue: ZodIssue, input: unknown): string {
  const present = valueAt(input, issue.path);
  if (issue.code !== 'custom' && (present === undefined || present === null)) return 'Este campo es obligatorio.';
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `Debe ser ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'array') return `Debe contener al menos ${String(issue.minimum)} elemento(s).`;
      if (issue.origin === 'string') return `Debe tener al menos ${String(issue.minimum)} caracteres.`;
      return `Debe ser mayor${issue.inclusive ? ' o igual' : ''} a ${String(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'array') return `No puede tener más de ${String(issue.maximum)} elementos.`;
      if (issue.origin === 'string') return `No puede superar ${String(issue.maximum)} caracteres.`;
      return `Debe ser menor${issue.inclusive ? ' o igual' : ''} a ${String(issue.maximum)}.`;
    case 'invalid_format':
      return 'Formato inválido.';
    case 'invalid_value':
      return `Valor no permitido. Valores válidos: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Claves no reconocidas: ${issue.keys.join(', ')}.`;
    default:
      // invalid_union, custom and the rest: our schemas give every union and custom issue a Spanish message.
      return issue.message;
  }
}

export function zodIssuesToIssues(error: z.ZodError, input: unknown): Issue[] {
  const out: Issue[] = [];
  const seen = new Set<string>();
  for (const zi of error.issues) {
    const params = zi.code === 'custom' ? (zi.params as { code?: string; sunatRule?: string } | undefined) : undefined;
    const path = formatPath(zi.path);
    const item: Issue = { path, code: params?.code ?? 'validation_failed', message: spanishMessage(zi, input) };
    if (params?.sunatRule) item.sunatRule = params.sunatRule;
    const key = `${item.path}\u0000${item.code}\u0000${item.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}
