// The reused zlib engine (src/sunat/zlib-engine.ts) against node:zlib's public one-shot calls as the judge: what it
// deflates the public inflate gives back, what it inflates is the public inflate's bytes, and for what is not a good
// stream the public call's own result or error — with the engine still right on the next good input.
import { randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflateRaw, inflateRawExact, zlibEngines } from '../../src/sunat/zlib-engine.ts';

const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 20_000 }),
  fc.string({ maxLength: 20_000 }).map((s) => Buffer.from(s, 'utf8')),
  fc
    .array(fc.constantFrom('<cbc:ID>F001-', '118.00', '</cac:InvoiceLine>', 'PEN', '\n', 'IGV'), { maxLength: 2000 })
    .map((parts) => Buffer.from(parts.join(''), 'utf8')),
);

/** The public call's outcome: its bytes, or its error's code. */
function outcome(call: () => Buffer): string {
  try {
    return call().toString('hex');
  } catch (error) {
    return `error ${(error as NodeJS.ErrnoException).code}`;
  }
}

describe('zlib engine, judged by node:zlib', () => {
  it('deflates what inflateRawSync gives back, and inflates what deflateRawSync packed', () => {
    fc.assert(
      fc.property(bytes, (data) => {
        expect(inflateRawSync(deflateRaw(data)).equals(Buffer.from(data))).toBe(true);
        expect(inflateRawExact(deflateRawSync(data), data.length).equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('is the engine that did the work on this Node, not the fallback', () => {
    deflateRaw(Buffer.from('<Invoice/>'));
    inflateRawExact(deflateRawSync(Buffer.from('<Invoice/>')), 10);
    expect(zlibEngines()).toEqual({ deflate: true, inflate: true });
  });

  it('answers a stream that is not what was claimed as inflateRawSync does, and stays right afterwards', () => {
    const anyStream = fc.tuple(bytes, fc.integer({ min: -5, max: 5 }), fc.nat(), fc.uint8Array({ maxLength: 64 }));
    fc.assert(
      fc.property(anyStream, ([data, sizeOff, cut, junk]) => {
        const good = deflateRawSync(data, { level: 1 });
        const claimed = Math.max(0, data.length + sizeOff);
        const streams = [
          good.subarray(0, cut % (good.length + 1)), // truncated
          Buffer.concat([good.subarray(0, 2), Buffer.from(junk), good.subarray(2)]), // corrupted
          Buffer.from(junk), // not deflate at all
          good, // good, but the size claimed may be wrong
        ];
        for (const packed of streams) {
          const expected = outcome(() => inflateRawSync(packed, { maxOutputLength: Math.max(claimed, 1) }));
          expect(outcome(() => inflateRawExact(packed, claimed))).toBe(expected);
        }
        expect(inflateRawExact(good, data.length).equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 150 },
    );
    expect(zlibEngines().inflate).toBe(true);
  });

  it('keeps deflating after its largest input, 1 MB of noise that does not compress', () => {
    const noise = randomBytes(1024 * 1024);
    expect(inflateRawSync(deflateRaw(noise)).equals(noise)).toBe(true);
    expect(zlibEngines().deflate).toBe(true);
  });

  it('leaves outputs past its limit to the public calls, with the same bytes', () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 'factura ');
    const packed = deflateRaw(big);
    expect(inflateRawSync(packed).equals(big)).toBe(true);
    expect(inflateRawExact(packed, big.length).equals(big)).toBe(true);
    expect(outcome(() => inflateRawExact(packed, 4 * 1024 * 1024 * 1024 - 1))).toBe(
      outcome(() => inflateRawSync(packed, { maxOutputLength: 4 * 1024 * 1024 * 1024 - 1 })),
    );
  });
});
