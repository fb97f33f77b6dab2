// A PNG's chunk list and header, read without inflating anything: enough to refuse an image by its declared size
// before any pixel is decoded, to know how many bytes its pixel data must inflate to, and to tell whether pdfkit can
// embed it without decoding it (see isDrawablePng).
//
//   PNG = signature (8 bytes) · chunks: length (4, big-endian) · type (4) · data (length) · CRC (4)
//   IHDR = width (4) · height (4) · bit depth · colour type · compression (0) · filter (0) · interlace (0 | 1)
import zlib from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

export interface PngChunks {
  header: PngHeader;
  /** Chunk types in file order (IDAT once per chunk). */
  types: string[];
  /** The IDAT chunks' data, concatenated: the zlib stream of the scanlines. */
  idat: Buffer;
}

/** Bit depths each colour type allows (PNG §11.2.2). */
const DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export class PngStructureError extends Error {}

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.equals(bytes.subarray(0, PNG_SIGNATURE.length));
}

function headerOf(data: Buffer): PngHeader {
  if (data.length !== 13) throw new PngStructureError('la cabecera IHDR no mide 13 bytes');
  const header = {
    width: data.readUInt32BE(0),
    height: data.readUInt32BE(4),
    bitDepth: data[8],
    colorType: data[9],
    interlace: data[12],
  };
  if (header.width === 0 || header.height === 0) throw new PngStructureError('ancho o alto cero');
  if (!DEPTHS[header.colorType]?.includes(header.bitDepth))
    throw new PngStructureError(`tipo de color ${header.colorType} con ${header.bitDepth} bits no existe en PNG`);
  if (data[10] !== 0 || data[11] !== 0 || header.interlace > 1)
    throw new PngStructureError('método de compresión, filtro o entrelazado desconocido');
  return header;
}

/** Walks the chunks up to IEND. Throws PngStructureError for anything a decoder could not even start on. */
export function readPngChunks(bytes: Buffer): PngChunks {
  if (!isPng(bytes)) throw new PngStructureError('no empieza con la firma PNG');
  const types: string[] = [];
  const idat: Buffer[] = [];
  let header: PngHeader | null = null;
  let at = PNG_SIGNATURE.length;
  for (;;) {
    if (at + 8 > bytes.length) throw new PngStructureError('termina antes del bloque IEND');
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length)
      throw new PngStructureError(`el bloque ${JSON.stringify(type)} pasa del final del archivo`);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (zlib.crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length))
      throw new PngStructureError(`el bloque ${JSON.stringify(type)} tiene el código de control (CRC) errado`);
    if (types.length === 0 && type !== 'IHDR') throw new PngStructureError('el primer bloque no es IHDR');
    types.push(type);
    if (type === 'IHDR') {
      if (header) throw new PngStructureError('dos bloques IHDR');
      header = headerOf(data);
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    at = end;
  }
  if (!header) throw new PngStructureError('sin cabecera IHDR');
  if (idat.length === 0) throw new PngStructureError('sin datos de imagen (IDAT)');
  return { header, types, idat: Buffer.concat(idat) };
}

function rowBytes(width: number, header: PngHeader): number {
  return Math.ceil((width * CHANNELS[header.colorType] * header.bitDepth) / 8) + 1;
}

/** Bytes the IDAT stream must inflate to: every scanline (of every Adam7 pass) with its filter byte. */
export function inflatedSize(header: PngHeader): number {
  if (header.interlace === 0) return rowBytes(header.width, header) * header.height;
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const width = header.width > x0 ? Math.ceil((header.width - x0) / dx) : 0;
    const height = header.height > y0 ? Math.ceil((header.height - y0) / dy) : 0;
    if (width > 0 && height > 0) total += rowBytes(width, header) * height;
  }
  return total;
}

/**
 * A PNG pdfkit embeds as it is, its IDAT copied into the PDF untouched: 8-bit grey or RGB, not interlaced, no
 * palette, no transparency. pdfkit hands any other PNG to png-js, which inflates it in a callback where an error
 * cannot be caught — so the renderer draws only these.
 */
export function isDrawablePng(chunks: PngChunks): boolean {
  const { header, types } = chunks;
  return (
    (header.colorType === 0 || header.colorType === 2) &&
    header.bitDepth === 8 &&
    header.interlace === 0 &&
    !types.includes('tRNS') &&
    !types.includes('PLTE')
  );
}
