// What the ported rules stand on: XPath-like navigation by local names over the parsed document, XPath's number
// semantics (a missing or non-numeric value is NaN and every comparison with NaN is false, which is why SUNAT's
// "(a + 1) < b or (a - 1) > b" checks stay silent when a total is absent), computed with decimal.js instead of
// doubles (house rule: money is never a float), and the findings (rejection codes, observations).
import DecimalJs from 'decimal.js';
import type { XmlElement } from '../../xml.ts';

export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof Decimal>;
/** A number or NaN (null). */
export type Num = Decimal | null;

export const ZERO = new Decimal(0);
export const ONE = new Decimal(1);

export interface RuleHit {
  code: string;
  /** The node the rule looks at, in SUNAT's notation ("cac:TaxSubtotal/cbc:TaxAmount"). */
  node: string;
  value?: string;
  /** Context SUNAT adds ("Error en la linea: 2", "Tributo: 1000"). */
  detail?: string;
}

export class Findings {
  readonly errors: RuleHit[] = [];
  readonly observations: RuleHit[] = [];
  error(code: string, node: string, value?: string, detail?: string): void {
    this.errors.push({ code, node, value, detail });
  }
  observe(code: string, node: string, value?: string, detail?: string): void {
    this.observations.push({ code, node, value, detail });
  }
  /** SUNAT's "isTrueExpresion": when `condition` holds, raise `code` (as an error, or an observation). */
  check(condition: boolean, code: string, node: string, value?: string, detail?: string, isError = true): void {
    if (!condition) return;
    if (isError) this.error(code, node, value, detail);
    else this.observe(code, node, value, detail);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Navigation. Paths are written with prefixes for readability ("cac:TaxTotal/cbc:TaxAmount"); only local names
// are compared (cac/cbc/sac share no local name that matters here).

const splitCache = new Map<string, string[]>();
function steps(path: string): string[] {
  let s = splitCache.get(path);
  if (!s) {
    s = path.split('/').map((p) => p.slice(p.indexOf(':') + 1));
    splitCache.set(path, s);
  }
  return s;
}

/** All nodes along the path (XPath child axis at each step). */
export function all(from: XmlElement | undefined, path: string): XmlElement[] {
  if (!from) return [];
  let current: XmlElement[] = [from];
  for (const step of steps(path)) {
    const next: XmlElement[] = [];
    for (const el of current) for (const c of el.children) if (c.local === step) next.push(c);
    if (next.length === 0) return next;
    current = next;
  }
  return current;
}

export function first(from: XmlElement | undefined, path: string): XmlElement | undefined {
  if (!from) return undefined;
  let el: XmlElement | undefined = from;
  for (const step of steps(path)) {
    let found: XmlElement | undefined;
    for (const c of el.children)
      if (c.local === step) {
        found = c;
        break;
      }
    if (!found) {
      // XPath's first node in document order may sit under a later sibling of an earlier step.
      return all(from, path)[0];
    }
    el = found;
  }
  return el;
}

/** String value of an element: its own text plus descendants' (leaf values in practice). */
export function stringValue(el: XmlElement | undefined): string {
  if (!el) return '';
  if (el.children.length === 0) return el.text;
  return el.text + el.children.map(stringValue).join('');
}

export function text(from: XmlElement | undefined, path?: string): string | undefined {
  const el = path ? first(from, path) : from;
  return el ? stringValue(el).trim() : undefined;
}

export function attr(el: XmlElement | undefined, name: string): string | undefined {
  return el?.attrs[name];
}

export function exists(from: XmlElement | undefined, path: string): boolean {
  return first(from, path) !== undefined;
}

const NUMBER = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

/** XPath number(): the first node's string value as a number, NaN (null) when absent or not a number. */
export function toNum(value: string | undefined): Num {
  if (value === undefined || !NUMBER.test(value)) return null;
  return new Decimal(value.trim());
}

export function num(from: XmlElement | undefined, path?: string): Num {
  const el = path ? first(from, path) : from;
  return el ? toNum(stringValue(el)) : null;
}

/** XPath sum(): 0 for no nodes, NaN when any node is not a number. */
export function sum(nodes: readonly XmlElement[]): Num {
  let total = ZERO;
  for (const el of nodes) {
    const n = toNum(stringValue(el));
    if (n === null) return null;
    total = total.plus(n);
  }
  return total;
}

export function add(...values: Num[]): Num {
  let total = ZERO;
  for (const v of values) {
    if (v === null) return null;
    total = total.plus(v);
  }
  return total;
}

export function sub(a: Num, b: Num): Num {
  return a === null || b === null ? null : a.minus(b);
}

export function mul(a: Num, b: Num): Num {
  return a === null || b === null ? null : a.times(b);
}

/** XPath round(x * 10^dp) div 10^dp: halves go toward +∞. */
export function round(value: Num, dp: number): Num {
  return value === null ? null : value.toDecimalPlaces(dp, Decimal.ROUND_HALF_CEIL);
}

export function gt(a: Num, b: Num | number): boolean {
  const bb = typeof b === 'number' ? new Decimal(b) : b;
  return a !== null && bb !== null && a.gt(bb);
}
export function lt(a: Num, b: Num | number): boolean {
  const bb = typeof b === 'number' ? new Decimal(b) : b;
  return a !== null && bb !== null && a.lt(bb);
}
export function eq(a: Num, b: Num | number): boolean {
  const bb = typeof b === 'number' ? new Decimal(b) : b;
  return a !== null && bb !== null && a.eq(bb);
}
export function ne(a: Num, b: Num | number): boolean {
  const bb = typeof b === 'number' ? new Decimal(b) : b;
  return a !== null && bb !== null && !a.eq(bb);
}

/** SUNAT's tolerance test "(a + t) < b or (a - t) > b" — false when either side is NaN. */
export function outside(a: Num, b: Num, tolerance: Num = ONE): boolean {
  if (a === null || b === null || tolerance === null) return false;
  return a.plus(tolerance).lt(b) || a.minus(tolerance).gt(b);
}

/** The same test with both bounds rounded to 2 decimals first, as several Excel-v7 rules write it. */
export function outsideRounded(a: Num, b: Num): boolean {
  if (a === null || b === null) return false;
  const lo = round(a.minus(1), 2)!;
  const hi = round(a.plus(1), 2)!;
  return hi.lt(b) || lo.gt(b);
}

export function fmt(value: Num): string {
  return value === null ? 'NaN' : value.toString();
}

// Formats of SUNAT's validate_utils.xsl.
export const TWO_DECIMALS = /^[0-9]{1,12}(\.[0-9]{1,2})?$/;
export const TEN_DECIMALS = /^[0-9]{1,12}(\.[0-9]{1,10})?$/;
export const PERCENT = /^(?!(0)[0-9]+$)[0-9]{1,3}(\.[0-9]{1,5})?$/;
