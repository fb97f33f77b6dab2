// The QR PNG's own zlib encoder (src/render/png-zlib.ts), judged by zlib itself: whatever the scanlines — random,
// repeated, runs, any stride — zlib's inflate gives back exactly the bytes encoded, and the QR's PNG reads back
// (chunk CRCs, zlib stream, scanlines) as the image drawn. zbarimg scans it in qr-and-text.test.ts.
import { crc32, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zlibScanlines } from '../../src/render/png-zlib.ts';
import { qrMatrix, qrPng } from '../../src/render/qr.ts';

/** Scanlines of `stride` bytes: each new, or a copy of the one before, or one byte repeated. */
const scanlines = fc.integer({ min: 1, max: 300 }).chain((stride) =>
  fc
    .array(
      fc.oneof(
        fc.uint8Array({ minLength: stride, maxLength: stride }),
        fc.constant('repeat' as const),
        fc.integer({ min: 0, max: 255 }).map((byte) => new Uint8Array(stride).fill(byte)),
      ),
      { maxLength: 40 },
    )
    .map((rows) => {
      const raw = new Uint8Array(rows.length * stride);
      rows.forEach((row, i) => {
        if (row !== 'repeat') raw.set(row, i * stride);
        else if (i > 0) raw.copyWithin(i * stride, (i - 1) * stride, i * stride);
      });
      return { stride, raw };
    }),
);

describe('zlibScanlines', () => {
  it("inflates back to exactly the scanlines given (zlib's inflate, checksum included)", () => {
    fc.assert(
      fc.property(scanlines, ({ stride, raw }) => {
        expect(inflateSync(zlibScanlines(raw, stride)).equals(Buffer.from(raw))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('writes a repeated scanline as a back-reference: 100 equal scanlines cost about one', () => {
    const row = Uint8Array.from({ length: 20 }, (_, i) => (i * 37) & 0xff);
    const raw = new Uint8Array(2000);
    for (let i = 0; i < 100; i++) raw.set(row, i * 20);
    const packed = zlibScanlines(raw, 20);
    expect(inflateSync(packed).equals(Buffer.from(raw))).toBe(true);
    expect(packed.length).toBeLessThan(60);
  });

  it('refuses bytes that are not whole scanlines', () => {
    expect(() => zlibScanlines(new Uint8Array(10), 3)).toThrow(RangeError);
    expect(() => zlibScanlines(new Uint8Array(10), 0)).toThrow(RangeError);
  });
});

/** A 1-bit grayscale PNG's pixels (0 dark, 1 white), its chunks' CRCs checked. */
function readGrayPng(png: Buffer): { width: number; height: number; pixel: (x: number, y: number) => number } {
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), type).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([...data.subarray(8)]).toEqual([1, 0, 0, 0, 0]); // 1 bit, grayscale, deflate, filters, no interlace
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = Math.ceil(width / 8) + 1;
  expect(raw.length).toBe(stride * height);
  for (let y = 0; y < height; y++) expect(raw[y * stride]).toBe(0); // filter None
  return { width, height, pixel: (x, y) => (raw[y * stride + 1 + (x >> 3)] >> (7 - (x & 7))) & 1 };
}

describe("the QR's PNG", () => {
  it('decodes to the code drawn: each module a square of dark or white pixels, a 2-module quiet zone', () => {
    const matrix = qrMatrix('20612345679|01|F001|123|88.62|580.91|2025-03-14|6|20604187339|s318DLmFe+QeJ4O/hvJ8=|');
    const png = readGrayPng(qrPng(matrix, 150));
    const scale = png.width / (matrix.size + 4);
    expect(Number.isInteger(scale)).toBe(true);
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const row = Math.floor(y / scale) - 2;
        const column = Math.floor(x / scale) - 2;
        const inside = row >= 0 && column >= 0 && row < matrix.size && column < matrix.size;
        const dark = inside && matrix.isDark(row, column);
        expect(png.pixel(x, y), `${x},${y}`).toBe(dark ? 0 : 1);
      }
    }
  });
});
