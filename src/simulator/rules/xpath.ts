// XPath-like navigation by local names over the parsed document, as SUNAT's rules read it. Paths are written with
// prefixes for readability ("cac:TaxTotal/cbc:TaxAmount"); only local names are compared (cac/cbc/sac share no
// local name that matters here).
import type { XmlElement } from '../../sunat/xml.ts';
import { toNum, ZERO, type Num } from './numbers.ts';

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
