// The SOAP base64 check (src/sunat/base64.ts) judged by the anchored pattern it replaced, /^[A-Za-z0-9+/]*={0,2}$/:
// the same verdict on texts made of the alphabet, padding in every place, and the characters Node's decoder would
// otherwise skip or read (URL-safe `-` and `_`, whitespace, dots, accents, NUL); and the same bytes as Node's
// decoder for everything it accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Text, isBase64Text } from '../../src/sunat/base64.ts';

const JUDGE = /^[A-Za-z0-9+/]*={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const alphabetChar = fc.constantFrom(...ALPHABET.split(''));
const hostileChar = fc.constantFrom('=', '-', '_', ' ', '\n', '\t', '.', 'ñ', '\u0000', '%', '\uFEFF');
const texts = fc.oneof(
  fc
    .array(fc.oneof({ weight: 8, arbitrary: alphabetChar }, { weight: 1, arbitrary: hostileChar }))
    .map((cs) => cs.join('')),
  fc.tuple(fc.uint8Array({ maxLength: 300 }), fc.nat(3), fc.string({ maxLength: 3 })).map(
    ([bytes, cut, tail]) =>
      Buffer.from(bytes)
        .toString('base64')
        .slice(0, -cut || undefined) + tail,
  ),
  fc.string(),
);

describe('SOAP base64', () => {
  it('accepts exactly what /^[A-Za-z0-9+/]*={0,2}$/ accepts', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(isBase64Text(text)).toBe(JUDGE.test(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('decodes what it accepts to the bytes Node decodes, and refuses the rest', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const clean = text.replace(/\s+/g, '');
        const expected = clean && JUDGE.test(clean) ? Buffer.from(clean, 'base64') : undefined;
        expect(decodeBase64Text(text)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses padding anywhere but at the end, and more than two', () => {
    for (const text of ['QQ==QQ==', '=QQ', 'Q=Q', 'QQ===', 'QUJD-w==', 'QUJD_w==', 'QUJD\u00e9'])
      expect(isBase64Text(text), text).toBe(false);
    for (const text of ['QQ==', 'QUI=', 'QUJD', 'Q', '='.repeat(2)]) expect(isBase64Text(text), text).toBe(true);
    // Line breaks between characters are SOAP's, not the alphabet's: removed before the check.
    expect(decodeBase64Text('QUJD\r\nREVG\n')).toEqual(Buffer.from('ABCDEF'));
    expect(decodeBase64Text(' \n')).toBeUndefined();
  });
});
