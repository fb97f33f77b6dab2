// The API's QR encoder (src/render/qr-encode.ts) judged by the qrcode package: for the same segments, level Q and
// mask 0, the same version and the same modules, one by one — texts shaped like SUNAT's, arbitrary Unicode, digit
// runs, and lengths that reach every version from 1 to 40. zbarimg scans the PNG made from it in qr-and-text.test.ts.
import fc from 'fast-check';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { encodeQr, type QrSegment } from '../../src/render/qr-encode.ts';
import { qrSegments } from '../../src/render/qr.ts';

function judged(segments: QrSegment[]): { version: number; modules: number[] } {
  const { modules, version } = QRCode.create(segments, { errorCorrectionLevel: 'Q', maskPattern: 0 });
  return {
    version,
    modules: Array.from({ length: modules.size * modules.size }, (_, i) =>
      modules.get(Math.floor(i / modules.size), i % modules.size) ? 1 : 0,
    ),
  };
}

function ours(segments: QrSegment[]): { version: number; modules: number[] } {
  const { version, modules } = encodeQr(segments);
  return { version, modules: Array.from(modules) };
}

const sunatQrText = fc
  .record({
    ruc: fc.stringMatching(/^(10|20)\d{9}$/),
    type: fc.constantFrom('01', '03', '07', '08'),
    serie: fc.stringMatching(/^[FB][A-Z0-9]{3}$/),
    number: fc.integer({ min: 1, max: 99_999_999 }),
    igv: fc.integer({ min: 0, max: 99_999_999 }),
    total: fc.integer({ min: 0, max: 999_999_999 }),
    date: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
    customerType: fc.constantFrom('1', '4', '6', '7', '0', '-'),
    customer: fc.stringMatching(/^[0-9A-Z]{0,15}$/),
    hash: fc.base64String({ minLength: 28, maxLength: 28 }),
  })
  .map(
    (q) =>
      `${q.ruc}|${q.type}|${q.serie}|${q.number}|${(q.igv / 100).toFixed(2)}|${(q.total / 100).toFixed(2)}|` +
      `${q.date.toISOString().slice(0, 10)}|${q.customerType}|${q.customer}|${q.hash}|`,
  );

describe('encodeQr (level Q, mask 0) against the qrcode package', () => {
  it("draws SUNAT's QR texts module for module", () => {
    fc.assert(
      fc.property(sunatQrText, (text) => {
        const segments = qrSegments(text);
        expect(ours(segments)).toEqual(judged(segments));
      }),
      { numRuns: 300 },
    );
  });

  it('draws any text, digit runs numeric and the rest bytes, module for module', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 120 }), fc.stringMatching(/^[0-9|.A-Z]{0,150}$/)), (text) => {
        const segments = qrSegments(text);
        expect(ours(segments)).toEqual(judged(segments));
      }),
      { numRuns: 300 },
    );
  });

  it('chooses the same version as the text grows, through version 40', () => {
    // Byte and numeric lengths stepping across every version's capacity (level Q holds at most 1,663 bytes).
    const checked = new Set<number>();
    for (let length = 1; length <= 1663; length += 13) {
      const bytes: QrSegment[] = [{ mode: 'byte', data: Buffer.alloc(length, 0x41 + (length % 26)) }];
      const digits: QrSegment[] = [{ mode: 'numeric', data: '7'.repeat(Math.min(length * 2, 3993)) }];
      for (const segments of [bytes, digits]) {
        const expected = judged(segments);
        expect(ours(segments)).toEqual(expected);
        checked.add(expected.version);
      }
    }
    expect([...checked].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('refuses a text past the largest level-Q code', () => {
    expect(() => encodeQr([{ mode: 'byte', data: Buffer.alloc(1664) }])).toThrow(RangeError);
  });
});
