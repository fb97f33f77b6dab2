// The body guard's finder (src/platform/http/validation.ts): NUL and lone UTF-16 surrogates, in any string value or
// object key at any depth, are found with the path that leads to them, and so are nesting past MAX_BODY_DEPTH and a
// list longer than MAX_LIST_LENGTH; a body without any of them is let through. Judged against a plain recursive
// definition over generated JSON with arbitrary UTF-16 code units.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPath } from '../../src/core/issues.ts';
import { findRefusedInput, MAX_BODY_DEPTH, MAX_LIST_LENGTH } from '../../src/platform/http/validation.ts';

// Any UTF-16 code unit, NUL and both surrogate halves made frequent.
const unit = fc.oneof(
  fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a', 'ñ', '😀'),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
);
const text = fc.string({ unit, maxLength: 6 });
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

function isUnstorable(s: string): boolean {
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c === 0) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

function anyUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return isUnstorable(value);
  if (Array.isArray(value)) return value.some(anyUnstorable);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => isUnstorable(k) || anyUnstorable(v));
  return false;
}

/** Every place an unstorable string sits: [formatted path, whether it is a key]. */
function hits(value: unknown, path: PropertyKey[] = []): [string, boolean][] {
  if (typeof value === 'string') return isUnstorable(value) ? [[formatPath(path), false]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => hits(v, [...path, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      ...(isUnstorable(k) ? ([[formatPath([...path, k]), true]] as [string, boolean][]) : []),
      ...hits(v, [...path, k]),
    ]);
  return [];
}

describe('findRefusedInput', () => {
  it('finds NUL or a lone surrogate exactly when one is there, and its path names a string holding it', () => {
    fc.assert(
      fc.property(json, (value) => {
        const found = findRefusedInput(value);
        expect(found !== null).toBe(anyUnstorable(value));
        if (found) {
          expect(found.code).toBe('invalid_text');
          const places = hits(value).map(([path, isKey]) => JSON.stringify([path, isKey]));
          expect(places).toContain(JSON.stringify([found.path, found.message.startsWith('El nombre de campo')]));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses nesting past MAX_BODY_DEPTH with the path of the first container too deep, and allows it up to there', () => {
    const nested = (levels: number, leaf: unknown): unknown => {
      let node = leaf;
      for (let i = 0; i < levels; i += 1) node = i % 2 ? [node] : { a: node };
      return node;
    };
    expect(findRefusedInput(nested(MAX_BODY_DEPTH, 'x'))).toBeNull();
    const deep = findRefusedInput(nested(MAX_BODY_DEPTH + 1, 'x'));
    expect(deep?.code).toBe('body_too_deep');
    expect(deep?.path.match(/a|\[0\]/g)).toHaveLength(MAX_BODY_DEPTH);
  });

  it('refuses a list longer than MAX_LIST_LENGTH with its path, and allows one of that length', () => {
    const list = (n: number) => ({ a: [{ b: Array.from({ length: n }, (_, i) => i) }] });
    expect(findRefusedInput(list(MAX_LIST_LENGTH))).toBeNull();
    expect(findRefusedInput(list(MAX_LIST_LENGTH + 1))).toMatchObject({ code: 'list_too_long', path: 'a[0].b' });
  });

  it('walks a body nested 300,000 levels deep without overflowing the stack, refusing it at the limit', () => {
    let deep: unknown = 'ok\u0000';
    for (let i = 0; i < 300_000; i += 1) deep = [deep];
    const found = findRefusedInput(deep);
    expect(found?.code).toBe('body_too_deep');
    expect(found?.path).toBe('[0]'.repeat(MAX_BODY_DEPTH));
  });
});
