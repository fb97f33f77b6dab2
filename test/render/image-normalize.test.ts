// Uploaded images made safe to print (src/render/image): hostile files are refused before any pixel is decoded or
// by a decoder whose errors are caught; valid ones of every PNG kind and JPEG come out in the one form pdfkit
// embeds without decoding (8-bit RGB PNG, no alpha, not interlaced; or JPEG), and a render with any stored logo —
// even one never checked — answers a PDF without killing anything.
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { HOSTILE_IMAGES, ihdr, mutatedFiles, pngChunk, pngFile, rgbaPng } from '../../bench/hostile-uploads.ts';
import { IMAGE_LIMITS, normalizeImage, OUTPUT_MAX_SIDE } from '../../src/render/image/normalize.ts';
import { normalizeOffThread } from '../../src/render/image/off-thread.ts';
import { isDrawablePng, readPngChunks } from '../../src/render/image/png-chunks.ts';
import { renderPdf } from '../../src/render/index.ts';
import { taxedInvoice } from './models.ts';
import { pdfImageCount } from './pdf-tools.ts';

function expectDrawable(bytes: Buffer): void {
  if (bytes[0] === 0xff) expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  else expect(isDrawablePng(readPngChunks(bytes))).toBe(true);
}

function pixelAt(png: Buffer, x: number, y: number): number[] {
  const decoded = PNG.sync.read(png);
  const at = (y * decoded.width + x) * 4;
  return [...decoded.data.subarray(at, at + 4)];
}

describe('hostile images', () => {
  const expected: Record<string, string> = {
    '85-byte PNG whose IDAT is not zlib': 'corrupt',
    'PNG row with filter byte 7': 'corrupt',
    'PNG header of 100000 × 100000': 'too_many_pixels',
    'PNG of 11000 × 11000 (valid, grey)': 'too_many_pixels',
    'JPEG header of 65000 × 65000': 'too_many_pixels',
  };
  for (const image of HOSTILE_IMAGES) {
    it(`refuses: ${image.label}`, async () => {
      const bytes = await image.bytes();
      const result = normalizeImage(bytes);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      if (expected[image.label]) expect(result.problem.kind).toBe(expected[image.label]);
      expect(result.problem.detail).toMatch(/[a-záéíóúñ]/);
    });
  }

  it('the 85-byte PNG is 85 bytes, and the 11000 × 11000 one is a valid PNG under the upload limit', async () => {
    expect((await HOSTILE_IMAGES[0].bytes()).length).toBe(85);
    const huge = await HOSTILE_IMAGES.find((i) => i.label.includes('11000'))!.bytes();
    expect(huge.length).toBeLessThan(512 * 1024);
    expect(readPngChunks(huge).header).toMatchObject({ width: 11_000, height: 11_000 });
  });

  it('never throws for 400 mutations of a valid PNG and of a valid JPEG: each is refused or made drawable', () => {
    const png = rgbaPng(40, 30);
    const jpg = Buffer.from(jpeg.encode({ width: 40, height: 30, data: Buffer.alloc(40 * 30 * 4, 200) }, 80).data);
    for (const [name, source] of [
      ['png', png],
      ['jpeg', jpg],
    ] as const) {
      for (const { label, bytes } of mutatedFiles(source, 200, name.length)) {
        const result = normalizeImage(bytes);
        if (result.ok) expectDrawable(result.image.bytes);
        else expect(result.problem.detail, `${name}: ${label}`).toBeTruthy();
      }
    }
  });
});

describe('valid images', () => {
  it('flattens an RGBA PNG onto white into an 8-bit RGB PNG that pdfkit embeds without decoding', () => {
    const result = normalizeImage(rgbaPng(300, 100));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.image).toMatchObject({ format: 'png', width: 300, height: 100 });
    expectDrawable(result.image.bytes);
    expect(readPngChunks(result.image.bytes).types).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(pixelAt(result.image.bytes, 0, 0)).toEqual([255, 255, 255, 255]); // transparent → white
    expect(pixelAt(result.image.bytes, 299, 0)).toEqual([(299 * 7) & 255, 0, 128, 255]); // opaque → as it was
  });

  it('reads palette, 16-bit grey and interlaced PNGs', () => {
    const palette = pngFile(ihdr(2, 1, 8, 3), zlib.deflateSync(Buffer.from([0, 0, 1])), [
      pngChunk('PLTE', Buffer.from([255, 0, 0, 0, 0, 255])),
    ]);
    const grey16 = pngFile(ihdr(1, 1, 16, 0), zlib.deflateSync(Buffer.from([0, 0x80, 0x00])));
    const interlaced = PNG.sync.write(Object.assign(new PNG({ width: 9, height: 9 }), { data: Buffer.alloc(324, 90) }));
    for (const bytes of [palette, grey16, interlaced]) {
      const result = normalizeImage(bytes);
      expect(result.ok, JSON.stringify(!result.ok && result.problem)).toBe(true);
      if (result.ok) expectDrawable(result.image.bytes);
    }
    const red = normalizeImage(palette);
    if (red.ok) expect(pixelAt(red.image.bytes, 0, 0)).toEqual([255, 0, 0, 255]);
  });

  it('shrinks what is larger than a print can use, keeping its proportions', () => {
    const result = normalizeImage(rgbaPng(2000, 500));
    expect(result.ok && result.image).toMatchObject({ width: OUTPUT_MAX_SIDE, height: 200 });
  });

  it('turns a JPEG as its EXIF orientation says (6: rotate clockwise) and drops the EXIF', () => {
    const plain = Buffer.from(jpeg.encode({ width: 40, height: 10, data: Buffer.alloc(1600, 120) }, 90).data);
    // APP1 "Exif" with a big-endian TIFF header and one IFD0 entry: orientation (0x0112) = 6.
    const tiff = Buffer.from('4d4d002a00000008000101120003000000010006000000000000', 'hex');
    const app1Data = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, app1Data.length + 2]), app1Data]);
    const rotated = Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
    const result = normalizeImage(rotated);
    expect(result.ok && result.image).toMatchObject({ format: 'jpeg', width: 10, height: 40 });
    if (result.ok) expect(result.image.bytes.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('is idempotent: what it made comes out byte for byte again', () => {
    const once = normalizeImage(rgbaPng(120, 60));
    if (!once.ok) throw new Error('refused');
    const twice = normalizeImage(once.image.bytes);
    expect(twice.ok && twice.image.bytes.equals(once.image.bytes)).toBe(true);
  });

  it('refuses at the pixel cap, not one pixel below', () => {
    const side = Math.floor(Math.sqrt(IMAGE_LIMITS.maxPixels));
    const header = (w: number, h: number) => pngFile(ihdr(w, h, 8, 0), Buffer.alloc(0));
    const within = normalizeImage(header(side, side));
    expect(within.ok || within.problem.kind).toBe('corrupt'); // past the size check: its data is what fails
    const over = normalizeImage(header(side + 1, side + 1));
    expect(over.ok || over.problem.kind).toBe('too_many_pixels');
  });
});

describe('off the event loop', () => {
  it('answers the same in a worker thread', async () => {
    const hostile = await normalizeOffThread(await HOSTILE_IMAGES[1].bytes());
    expect(hostile).toEqual(normalizeImage(await HOSTILE_IMAGES[1].bytes()));
    const valid = await normalizeOffThread(rgbaPng(50, 50));
    const here = normalizeImage(rgbaPng(50, 50));
    expect(valid.ok && here.ok && valid.image.bytes.equals(here.image.bytes)).toBe(true);
  });
});

describe('rendering a stored logo', () => {
  it('prints a PDF without the logo for every hostile one, and with it for a valid one', async () => {
    for (const image of HOSTILE_IMAGES.slice(0, 3)) {
      const model = taxedInvoice();
      const logoBase64 = (await image.bytes()).toString('base64');
      const pdf = await renderPdf({ ...model, issuer: { ...model.issuer, logoBase64 } }, 'a4');
      expect(pdf.subarray(0, 5).toString(), image.label).toBe('%PDF-');
      expect(pdfImageCount(pdf), image.label).toBe(0);
    }
    const model = taxedInvoice();
    const logoBase64 = rgbaPng(200, 80).toString('base64'); // RGBA: pdfkit alone would decode it through png-js
    expect(pdfImageCount(await renderPdf({ ...model, issuer: { ...model.issuer, logoBase64 } }, 'ticket'))).toBe(1);
  });
});
