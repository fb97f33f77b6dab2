// Zips are written and read with zlib's native deflate/inflate (src/sunat/zip.ts). Judged by an implementation we
// did not write — fflate's reader and writer — over generated entries: what we write fflate reads back unchanged,
// what fflate writes we read back unchanged, and a zip our plain reader cannot take still reads through fflate.
import fc from 'fast-check';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readZip, unzipCdr, zipDocument, zipEntries, ZipError } from '../../src/sunat/zip.ts';

const name = fc.stringMatching(/^[A-Za-z0-9_-]{1,20}(\/[A-Za-z0-9_-]{1,12})?\.(xml|txt|zip)$/);
const content = fc.oneof(
  fc.uint8Array({ maxLength: 4096 }),
  fc.string({ maxLength: 3000 }).map((s) => new TextEncoder().encode(s)),
  fc.constant(new Uint8Array(0)),
);
const entries = fc.dictionary(name, content, { minKeys: 1, maxKeys: 5 });

const asBuffers = (e: Record<string, Uint8Array>) =>
  Object.fromEntries(Object.entries(e).map(([k, v]) => [k, Buffer.from(v).toString('hex')]));

describe('zips (native zlib) judged by fflate', () => {
  it('fflate reads back what we write, and we read back what fflate writes', () => {
    fc.assert(
      fc.property(entries, (e) => {
        const ours = zipEntries(e);
        expect(asBuffers(unzipSync(ours))).toEqual(asBuffers(e));
        expect(asBuffers(readZip(ours))).toEqual(asBuffers(e));
        expect(asBuffers(readZip(zipSync(e, { level: 6 })))).toEqual(asBuffers(e));
        expect(asBuffers(readZip(zipSync(e, { level: 0 })))).toEqual(asBuffers(e));
      }),
      { numRuns: 150 },
    );
  });

  it("keeps SUNAT's untidy CDR forms readable: a dummy directory, a zip in the zip", () => {
    const cdr = '<ApplicationResponse/>';
    const inner = zipEntries({ 'dummy/': new Uint8Array(0), 'R-20000000001-01-F001-1.xml': cdr });
    expect(unzipCdr(inner)).toEqual({ name: 'R-20000000001-01-F001-1.xml', xml: Buffer.from(cdr) });
    expect(unzipCdr(zipSync({ 'x.zip': inner })).xml.toString()).toBe(cdr);
  });

  it('refuses bytes that are no zip as a ZipError, and never fails otherwise on a damaged one', () => {
    expect(() => readZip(Buffer.from('not a zip at all'))).toThrow(ZipError);
    const original = `<Invoice>${'x'.repeat(500)}</Invoice>`;
    const zip = zipDocument('20000000001-01-F001-1', original);
    for (let at = 30; at < zip.length; at += 7) {
      const damaged = Buffer.from(zip);
      damaged[at] ^= 0xff;
      try {
        readZip(damaged);
      } catch (error) {
        expect(error, `byte ${at}`).toBeInstanceOf(ZipError);
      }
    }
  });
});
