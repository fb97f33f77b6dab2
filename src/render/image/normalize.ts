// An uploaded image made safe to print: declared size checked before any pixel is decoded, decoded in full by
// decoders whose every error is a thrown value here (pngjs and jpeg-js, synchronous), then re-encoded in the one form
// the renderer draws — an opaque 8-bit RGB PNG (or a baseline JPEG), at most OUTPUT_MAX_SIDE pixels a side.
// pdfkit embeds that form without decoding it (png-chunks.ts, isDrawablePng): nothing an uploader wrote ever reaches
// png-js, whose inflate errors are thrown where no caller can catch them.
//
// CPU-heavy (a 12-megapixel JPEG takes seconds): callers run it off the event loop (off-thread.ts).
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { isJpeg, readJpegInfo } from './jpeg-info.ts';
import { inflatedSize, isPng, PngStructureError, readPngChunks } from './png-chunks.ts';
import { fitWithin, flattenOnWhite, orient, type Rgb } from './pixels.ts';

export interface ImageLimits {
  /** Width × height the decoder may be asked to produce (RGBA: 4 bytes each). */
  maxPixels: number;
  /** Either side, in pixels. */
  maxSide: number;
}

/** A logo is printed at most 120 pt wide: 800 pixels is ~480 dpi there, more than any printer resolves. */
export const OUTPUT_MAX_SIDE = 800;
/** A re-encoded PNG above this (a photograph) is stored as JPEG instead. */
export const OUTPUT_MAX_PNG_BYTES = 512 * 1024;
const JPEG_QUALITY = 90;

/** 12 megapixels (4000 × 3000, a phone's photo): decoding takes ~50 MB and a few seconds of one thread. */
export const IMAGE_LIMITS: ImageLimits = { maxPixels: 12_000_000, maxSide: 10_000 };

/** `timeout` and `busy` are about this server at this moment (off-thread.ts), not about the image. */
export type ImageProblemKind = 'not_png_or_jpeg' | 'corrupt' | 'too_many_pixels' | 'timeout' | 'busy';

export interface ImageProblem {
  kind: ImageProblemKind;
  /** Spanish, for the API's message: what is wrong with the file. */
  detail: string;
}

export interface CanonicalImage {
  format: 'png' | 'jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

export type NormalizeResult = { ok: true; image: CanonicalImage } | { ok: false; problem: ImageProblem };

class ImageRefused extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem.detail);
  }
}

const corrupt = (detail: string) => new ImageRefused({ kind: 'corrupt', detail });

function checkSize(width: number, height: number, limits: ImageLimits): void {
  if (width <= limits.maxSide && height <= limits.maxSide && width * height <= limits.maxPixels) return;
  const megapixels = (limits.maxPixels / 1_000_000).toLocaleString('es-PE');
  throw new ImageRefused({
    kind: 'too_many_pixels',
    detail: `mide ${width} × ${height} píxeles: el máximo es ${megapixels} megapíxeles y ${limits.maxSide} píxeles por lado`,
  });
}

/** pngjs's English reasons, as the uploader can act on them. */
function pngReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/filter/i.test(message)) return 'una fila de píxeles usa un filtro PNG desconocido';
  if (/crc/i.test(message)) return 'un bloque del PNG tiene el código de control (CRC) errado';
  if (/palette/i.test(message)) return 'la paleta de colores del PNG falta o está incompleta';
  return 'los píxeles del PNG no se pueden leer';
}

/** The pixel data inflates to exactly what the header announces: not zlib, short or oversized streams stop here. */
function checkPixelStream(idat: Buffer, expected: number): void {
  let inflated: Buffer;
  try {
    inflated = zlib.inflateSync(idat, { maxOutputLength: expected });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw corrupt('sus datos de imagen (IDAT) son más que los que anuncia su cabecera');
    throw corrupt('sus datos de imagen (IDAT) no son un flujo zlib válido');
  }
  if (inflated.length !== expected) throw corrupt('sus datos de imagen (IDAT) están incompletos');
}

function decodePng(bytes: Buffer, limits: ImageLimits): Rgb {
  let chunks: ReturnType<typeof readPngChunks>;
  try {
    chunks = readPngChunks(bytes);
  } catch (error) {
    if (error instanceof PngStructureError) throw corrupt(`su estructura PNG no es válida (${error.message})`);
    throw error;
  }
  const { header } = chunks;
  checkSize(header.width, header.height, limits);
  checkPixelStream(chunks.idat, inflatedSize(header));
  let decoded: { width: number; height: number; data: Buffer };
  try {
    decoded = PNG.sync.read(bytes);
  } catch (error) {
    throw corrupt(pngReason(error));
  }
  return flattenOnWhite(decoded.width, decoded.height, decoded.data);
}

function decodeJpeg(bytes: Buffer, limits: ImageLimits): Rgb {
  const info = readJpegInfo(bytes);
  if (!info) throw corrupt('no tiene un encabezado de imagen JPEG (SOF) legible');
  checkSize(info.width, info.height, limits);
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: limits.maxPixels / 1_000_000,
      maxMemoryUsageInMB: 256,
    });
  } catch {
    throw corrupt('los datos de la imagen JPEG no se pueden leer');
  }
  if (decoded.width !== info.width || decoded.height !== info.height)
    throw corrupt('los datos de la imagen JPEG no corresponden a su encabezado');
  return orient(flattenOnWhite(decoded.width, decoded.height, decoded.data), info.orientation);
}

function rgba(image: Rgb): Buffer {
  const out = Buffer.alloc(image.width * image.height * 4, 255);
  for (let p = 0, i = 0, o = 0; p < image.width * image.height; p++, i += 3, o += 4) {
    out[o] = image.data[i];
    out[o + 1] = image.data[i + 1];
    out[o + 2] = image.data[i + 2];
  }
  return out;
}

function encodeJpeg(image: Rgb): CanonicalImage {
  const bytes = Buffer.from(
    jpeg.encode({ width: image.width, height: image.height, data: rgba(image) }, JPEG_QUALITY).data,
  );
  return { format: 'jpeg', bytes, width: image.width, height: image.height };
}

function encodePng(image: Rgb): CanonicalImage {
  const png = {
    width: image.width,
    height: image.height,
    data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length),
  };
  const bytes = PNG.sync.write(png as PNG, { colorType: 2, inputColorType: 2, inputHasAlpha: false, deflateLevel: 9 });
  return { format: 'png', bytes, width: image.width, height: image.height };
}

/** The image in the renderer's form, or why it cannot be: never throws for any input bytes. */
export function normalizeImage(bytes: Buffer, limits: ImageLimits = IMAGE_LIMITS): NormalizeResult {
  try {
    if (isPng(bytes)) {
      const image = fitWithin(decodePng(bytes, limits), OUTPUT_MAX_SIDE);
      const png = encodePng(image);
      return { ok: true, image: png.bytes.length <= OUTPUT_MAX_PNG_BYTES ? png : encodeJpeg(image) };
    }
    if (isJpeg(bytes)) return { ok: true, image: encodeJpeg(fitWithin(decodeJpeg(bytes, limits), OUTPUT_MAX_SIDE)) };
    return { ok: false, problem: { kind: 'not_png_or_jpeg', detail: 'no es una imagen PNG ni JPEG' } };
  } catch (error) {
    if (error instanceof ImageRefused) return { ok: false, problem: error.problem };
    // A decoder's own failure we did not foresee (a RangeError deep in a library): still this image's problem.
    return { ok: false, problem: { kind: 'corrupt', detail: 'la imagen no se puede leer' } };
  }
}
