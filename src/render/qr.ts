// The QR of the printed representation (SUNAT §6: error correction level Q), drawn as vector squares so it
// stays sharp at any zoom and costs no image decoding; the API's `data.qr` is the same code as a PNG.
import QRCode from 'qrcode';

export interface QrMatrix {
  /** Modules per side (without quiet zone). */
  size: number;
  isDark(row: number, column: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
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
      if (!matrix.isDark(row, column)) { column++; continue; }
      const start = column;
      while (column < matrix.size && matrix.isDark(row, column)) column++;
      surface.rect(x + start * module, y + row * module, (column - start) * module, module);
    }
  }
  surface.fill('#000000');
}

/** The QR as a PNG (the API's `data.qr`, base64-encoded by the caller), `sizePx` wide including a 2-module margin. */
export async function renderQrPng(text: string, sizePx = 150): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'Q', width: sizePx, margin: 2 });
}
