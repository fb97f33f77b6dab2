// SUNAT's rules as tables: each row one rule of one code — when it fails, the node it names, the value it reports —
// read off a view of what the rules look at (pure reads, computed once). `applyRules` runs a table in its order, the
// order of SUNAT's XSL: SUNAT answers with the first rejection that fails, and every observation goes into the CDR.
import type { XmlElement } from '../../sunat/xml.ts';
import type { Findings } from './context.ts';

/** A view may carry the context SUNAT appends to its findings ("Error en la linea: 2"). */
export interface RuleView {
  detail?: string;
}

export interface Rule<V extends object> {
  /** SUNAT's code: a rejection (1xxx–3xxx), or an observation (4xxx) when `observation` is set. */
  code: string;
  /** The node SUNAT names, in its notation ("cac:TaxSubtotal/cbc:TaxAmount"). */
  node: string | ((v: V) => string);
  /** The rule fails (SUNAT's isTrueExpresion holds). */
  when: (v: V) => boolean;
  /** The value the finding reports. */
  value?: (v: V) => string | undefined;
  /** The context the finding reports, when not the view's own `detail`. */
  detail?: (v: V) => string | undefined;
  /** An observation: noted in the CDR, the document is still accepted. */
  observation?: true;
}

/** Evaluates a table in its order, each failing rule becoming a finding. */
export function applyRules<V extends object>(rules: readonly Rule<V>[], v: V, f: Findings): void {
  for (const rule of rules) {
    if (!rule.when(v)) continue;
    const node = typeof rule.node === 'string' ? rule.node : rule.node(v);
    const detail = rule.detail ? rule.detail(v) : (v as RuleView).detail;
    if (rule.observation) f.observe(rule.code, node, rule.value?.(v), detail);
    else f.error(rule.code, node, rule.value?.(v), detail);
  }
}

/**
 * SUNAT's existAndRegexpValidateElement as two rows: a value absent or empty raises `missing`, one present that does
 * not match raises `invalid` (reporting the value).
 */
export function existAndMatchRules<V extends object>(
  read: (v: V) => string | undefined,
  re: RegExp | ((v: V) => RegExp),
  codes: { missing: string; invalid: string },
  node: string,
): Rule<V>[] {
  const pattern = (v: V) => (re instanceof RegExp ? re : re(v));
  return [
    { code: codes.missing, node, when: (v) => isAbsent(read(v)) },
    {
      code: codes.invalid,
      node,
      when: (v) => !isAbsent(read(v)) && !pattern(v).test(read(v)!),
      value: read,
    },
  ];
}

function isAbsent(value: string | undefined): boolean {
  return value === undefined || value === '';
}

/**
 * SUNAT's optional-attribute observations (42xx) as a row: the attribute `name` of the element the view points at,
 * checked only when present, reported under `<element>/@<name>`.
 */
export function observedAttribute<V extends object>(
  element: (v: V) => XmlElement | undefined,
  name: string,
  re: RegExp,
  code: string,
): Rule<V> {
  const value = (v: V) => element(v)?.attrs[name];
  return {
    code,
    observation: true,
    node: (v) => `${element(v)!.name}/@${name}`,
    when: (v) => value(v) !== undefined && !re.test(value(v)!),
    value,
  };
}
