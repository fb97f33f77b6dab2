// Keys a body sends that its schema does not know. The schemas parse with zod, which drops such keys without a word;
// this walk finds them beside the parse, with their paths (`items[0].descripcon`) and, when a known key of the same
// object is a few edits away, the key the client probably meant. What FacturadorPro clients send and we ignore on
// purpose is written into the schemas as fields (described as ignored), so it is known, not unknown. Pure.
import type { z } from 'zod';
import { closestNames } from './closest-name.ts';
import { issue, joinPath, warning, type Issue, type Warning } from './issues.ts';

export interface UnknownField {
  /** The key's path in the body: `acciones.enviar_xml_firmdo`, `items[1].descripcon`. */
  path: string;
  /** The path of the object holding it ('' for the body). */
  parent: string;
  key: string;
  /** Known keys of the same object within a typo of it (usually one). */
  suggestions: string[];
  /** Inside a block that decides what is sent (acciones): refused, never ignored. */
  refused: boolean;
}

interface Marks {
  /** Keys the object accepts besides its shape (aliases a preprocess renames). */
  aliases?: readonly string[];
  /** Unknown keys in this block (and below) are refused. */
  refuse?: boolean;
}

const marks = new WeakMap<object, Marks>();

/** `schema` also accepts `keys` (aliases a preprocess renames before the object sees them). Returns `schema`. */
export function withAliases<T extends z.ZodType>(schema: T, keys: readonly string[]): T {
  marks.set(schema, { ...marks.get(schema), aliases: keys });
  return schema;
}

/**
 * Unknown keys inside `schema` are refused rather than ignored: a block whose every key changes what happens to the
 * document (acciones decides whether it reaches SUNAT), where a misspelt key must not leave the default in force.
 */
export function refusingUnknownKeys<T extends z.ZodType>(schema: T): T {
  marks.set(schema, { ...marks.get(schema), refuse: true });
  return schema;
}

interface Walk {
  aliases: readonly string[];
  refuse: boolean;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  valueType?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function walk(schema: z.ZodType, value: unknown, path: string, at: Walk, out: UnknownField[]): void {
  const mark = marks.get(schema);
  const here: Walk = mark
    ? { aliases: [...at.aliases, ...(mark.aliases ?? [])], refuse: at.refuse || Boolean(mark.refuse) }
    : at;
  const def = defOf(schema);
  const next = nextSchema(def);
  if (next) walk(next, value, path, here, out);
  else if (def.type === 'object') walkObject(def, value, path, here, out);
  else if (def.type === 'union') walkUnion(def.options!, value, path, here, out);
  else if (Array.isArray(value)) walkList(def, value, path, inner(here), out);
  else if (def.type === 'record' && isPlainObject(value))
    for (const key of Object.keys(value)) walk(def.valueType!, value[key], joinPath(path, key), inner(here), out);
}

/** The schema that sees the same value: the inside of a wrapper, the half of a pipe that reads the raw input. */
function nextSchema(def: Def): z.ZodType | undefined {
  if (WRAPPERS.has(def.type)) return def.innerType;
  if (def.type === 'lazy') return def.getter!();
  // A preprocess (transform → schema) sees the raw value in its second half; any other pipe in its first.
  if (def.type === 'pipe') return defOf(def.in!).type === 'transform' ? def.out : def.in;
  return undefined;
}

function walkList(def: Def, value: unknown[], path: string, at: Walk, out: UnknownField[]): void {
  if (def.type === 'array') {
    for (let i = 0; i < value.length; i++) walk(def.element!, value[i], joinPath(path, i), at, out);
  } else if (def.type === 'tuple') {
    for (let i = 0; i < def.items!.length; i++) walk(def.items![i], value[i], joinPath(path, i), at, out);
  }
}

/** Aliases belong to the object they were declared on, not to the objects inside it. */
const inner = (at: Walk): Walk => (at.aliases.length ? { aliases: [], refuse: at.refuse } : at);

function walkObject(def: Def, value: unknown, path: string, at: Walk, out: UnknownField[]): void {
  if (!isPlainObject(value)) return;
  const shape = def.shape!;
  // passthrough / catchall: every key is the object's (strict is `never`: zod itself refuses the extra keys).
  const open = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
  for (const key of Object.keys(value)) {
    const child = joinPath(path, key);
    if (Object.hasOwn(shape, key)) walk(shape[key], value[key], child, inner(at), out);
    else if (!open && !at.aliases.includes(key))
      out.push({
        path: child,
        parent: path,
        key,
        suggestions: closestNames(key, Object.keys(shape)),
        refused: at.refuse,
      });
  }
}

/** The option the value fits best: the one that finds the fewest unknown keys in it. */
function walkUnion(options: z.ZodType[], value: unknown, path: string, at: Walk, out: UnknownField[]): void {
  if (value === null || typeof value !== 'object') return;
  let best: UnknownField[] | null = null;
  for (const option of options) {
    const found: UnknownField[] = [];
    walk(option, value, path, at, found);
    if (!best || found.length < best.length) best = found;
    if (best.length === 0) return;
  }
  out.push(...(best ?? []));
}

/** Every key of `value` (a request body) that `schema` does not know, in the body's order. */
export function unknownFields(schema: z.ZodType, value: unknown): UnknownField[] {
  const out: UnknownField[] = [];
  walk(schema, value, '', { aliases: [], refuse: false }, out);
  return out;
}

function quoted(names: string[]): string {
  const q = names.map((n) => `"${n}"`);
  return q.length === 1 ? q[0] : `${q.slice(0, -1).join(', ')} o ${q.at(-1)}`;
}

/** ` ¿Quiso decir "fecha_de_vencimiento"?`, or '' without a close known key. */
export function didYouMean(field: UnknownField): string {
  return field.suggestions.length ? ` ¿Quiso decir ${quoted(field.suggestions)}?` : '';
}

/** An ignored unknown key, reported with the accepted document. */
export function unknownFieldWarning(field: UnknownField): Warning {
  return warning(field.path, 'unknown_field', `Campo desconocido: se ignoró.${didYouMean(field)}`);
}

/** A refused unknown key: nothing is signed, stored, numbered or sent. */
export function unknownFieldIssue(field: UnknownField): Issue {
  return issue(
    field.path,
    'unknown_field',
    `Campo desconocido en un bloque que decide qué se envía a SUNAT: no se emitió el comprobante.${didYouMean(field)}`,
  );
}

/** Unknown keys as what the core reports: refused ones as issues, the others as warnings. */
export function unknownFieldFindings(fields: UnknownField[]): { issues: Issue[]; warnings: Warning[] } {
  const issues: Issue[] = [];
  const warnings: Warning[] = [];
  for (const field of fields) {
    if (field.refused) issues.push(unknownFieldIssue(field));
    else warnings.push(unknownFieldWarning(field));
  }
  return { issues, warnings };
}

/** `items[1].cantidad` → `{ parent: 'items[1]', key: 'cantidad' }`; a list index has no key. */
function splitPath(path: string): { parent: string; key: string } | null {
  const match = /^(?:(.*)\.)?([^.[\]]+)$/.exec(path);
  return match ? { parent: match[1] ?? '', key: match[2] } : null;
}

/**
 * A required field reported missing while the body sent a near miss of it beside it (`serie_documentos` for
 * `serie_documento`): the problem's message says which key was received, so the fix is in the answer. `missing`
 * tells which problems are about an absent value.
 */
export function explainNearMisses<P extends { path: string; message: string }>(
  problems: P[],
  unknown: UnknownField[],
  missing: (problem: P) => boolean,
): P[] {
  if (unknown.length === 0) return problems;
  return problems.map((problem) => {
    const at = splitPath(problem.path);
    if (!at || !missing(problem)) return problem;
    const near = unknown.find((u) => u.parent === at.parent && u.suggestions.includes(at.key));
    if (!near) return problem;
    const sep = /[.!?]$/.test(problem.message) ? ' ' : '. ';
    return {
      ...problem,
      message: `${problem.message}${sep}Se recibió "${near.key}", que no se conoce: ¿quiso decir "${at.key}"?`,
    };
  });
}
