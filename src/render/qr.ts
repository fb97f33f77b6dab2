// The QR of the printed representation (SUNAT asks for error correction level Q), drawn as vector squares so it
// stays sharp at any zoom and costs no image decoding; the API's `data.qr` is the same code as a PNG.
import { crc32 } from 'node:zlib';
import QRCode from 'qrcode';
import { zlibScanlines } from './png-zlib.ts';
import { encodeQr, type QrSegment } from './qr-encode.ts';

export interface QrMatrix {
  /** Modules per side (without quiet zone). */
  size: number;
  isDark(row: number, column: number): boolean;
}

/**
 * The text as QR segments: runs of 9 or more digits in numeric mode (3.3 bits a digit against 8), the rest in byte
 * mode. A run that short pays for the two extra segment headers (~26 bits) and the RUCs, series numbers and dates
 * of SUNAT's QR text are such runs, so the code keeps the version qrcode's optimal segmentation finds for them;
 * that search (a graph and Dijkstra over every character) was 0.3 ms of each issued document's 0.35 ms of QR.
 */
export function qrSegments(text: string): QrSegment[] {
  const segments: QrSegment[] = [];
  const bytes = (from: number, to?: number) => ({ mode: 'byte' as const, data: Buffer.from(text.slice(from, to)) });
  let last = 0;
  for (const run of text.matchAll(/\d{9,}/g)) {
    if (run.index > last) segments.push(bytes(last, run.index));
    segments.push({ mode: 'numeric', data: run[0] });
    last = run.index + run[0].length;
  }
  if (last < text.length || segments.length === 0) segments.push(bytes(last));
  return segments;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(qrSegments(text), { errorCorrectionLevel: 'Q' });
  return { size: modules.size, isDark: (row, column) => Boolean(modules.get(row, column)) };
}

/** Minimal drawing surface (pdfkit's document satisfies it). */
export interface VectorSurface {
  rect(x: number, y: number, w: number, h: number): unknown;
  fill(color?: string): unknown;
}

/**
 * Draws the code's dark modules inside a `side`×`side` square at (x, y), quiet zone excluded (the caller keeps
 * white space around it). Horizontal runs of dark modules become one rectangle: fewer operators, and no
 * hairline seams between neighbouring squares when a viewer anti-aliases.
 */
export function drawQr(surface: VectorSurface, matrix: QrMatrix, x: number, y: number, side: number): void {
  const module = side / matrix.size;
  for (let row = 0; row < matrix.size; row++) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.isDark(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.isDark(row, column)) column++;
      surface.rect(x + start * module, y + row * module, (column - start) * module, module);
    }
  }
  surface.fill('#000000');
}

/**
 * The QR as a PNG of about `sizePx` pixels (the API's `data.qr`, base64-encoded by the caller): 1-bit grayscale,
 * each module an integer number of pixels, a 2-module quiet zone. Encoded here (IHDR + one zlib IDAT + IEND) rather
 * than through qrcode's pngjs path, which filters and compresses an RGBA image per response.
 * Mask pattern fixed (qr-encode.ts): qrcode's search for the best of the 8 masks (scoring each with the standard's
 * penalty rules) was ~85% of this PNG's cost on every issued document; any mask is valid and every reader decodes
 * it. The PDF keeps the searched mask (qrMatrix): it is drawn once per document and cached.
 */
export async function renderQrPng(text: string, sizePx = 150): Promise<Buffer> {
  const { size, modules } = encodeQr(qrSegments(text));
  return pngOfModules(size, modules, sizePx);
}

const MARGIN = 2;

/** The PNG of any QR matrix (the tests draw qrcode's own). */
export function qrPng(matrix: QrMatrix, sizePx = 150): Buffer {
  const modules = new Uint8Array(matrix.size * matrix.size);
  for (let row = 0; row < matrix.size; row++)
    for (let column = 0; column < matrix.size; column++)
      modules[row * matrix.size + column] = matrix.isDark(row, column) ? 1 : 0;
  return pngOfModules(matrix.size, modules, sizePx);
}

/**
 * `modules` row by row, 1 = dark. A module row is `scale` identical scanlines: drawn once into `line` (white, then
 * each dark module's pixels cleared) and copied with TypedArray#set — Buffer#copy and a matrix read through a
 * closure were ~20 µs of this PNG's ~40 µs of drawing.
 */
function pngOfModules(size: number, modules: Uint8Array, sizePx: number): Buffer {
  const count = size + MARGIN * 2;
  const scale = Math.max(1, Math.floor(sizePx / count));
  const side = count * scale;
  const stride = Math.ceil(side / 8) + 1; // filter byte 0 (None), then the row's bits
  const raw = new Uint8Array(stride * side);
  const line = new Uint8Array(stride);
  // 1 = white in grayscale; the bits past the last pixel stay 0.
  const lastByte = side % 8 ? (0xff << (8 - (side % 8))) & 0xff : 0xff;
  for (let moduleRow = 0; moduleRow < count; moduleRow++) {
    line.fill(0xff, 1);
    line[stride - 1] = lastByte;
    const row = moduleRow - MARGIN;
    if (row >= 0 && row < size) {
      const first = row * size;
      for (let column = 0; column < size; column++) {
        if (modules[first + column] !== 1) continue;
        const from = (column + MARGIN) * scale;
        for (let x = from; x < from + scale; x++) line[1 + (x >> 3)] &= ~(0x80 >> (x & 7));
      }
    }
    const at = moduleRow * scale * stride;
    for (let k = 0; k < scale; k++) raw.set(line, at + k * stride);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibScanlines(raw, stride)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
