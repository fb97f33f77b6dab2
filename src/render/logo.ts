// The tenant's logo: PNG or JPEG bytes, base64 in the PrintModel (renderPdf has made it drawable: verified-logo.ts).
import { isJpeg } from './image/jpeg-info.ts';
import { isDrawablePng, isPng, readPngChunks } from './image/png-chunks.ts';
import type { Doc } from './text.ts';

/** pdfkit's opened image (its typings omit `openImage`; `doc.image()` accepts this object at run time). */
export interface OpenedImage {
  width: number;
  height: number;
}

export interface Logo {
  image: OpenedImage;
  width: number;
  height: number;
}

/** Draws an opened logo: pdfkit takes an already-opened image where its typings only list Buffer/path. */
export function drawLogo(doc: Doc, logo: Logo, x: number, y: number, width: number, height: number): void {
  doc.image(logo.image as unknown as Buffer, x, y, { width, height });
}

/** A PNG pdfkit would decode (through png-js, whose errors no one can catch) is never handed to it. */
function drawable(bytes: Buffer): boolean {
  if (isJpeg(bytes)) return true;
  if (!isPng(bytes)) return false;
  try {
    return isDrawablePng(readPngChunks(bytes));
  } catch {
    return false;
  }
}

/**
 * Opens the logo for drawing. A logo that is not a readable PNG/JPEG is left out rather than failing the
 * invoice: the document is valid without it, and the tenant's upload is validated where it is stored.
 */
export function openLogo(doc: Doc, base64: string | undefined): Logo | undefined {
  if (!base64) return undefined;
  const bytes = Buffer.from(base64, 'base64');
  if (!drawable(bytes)) return undefined;
  try {
    const image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
    if (!(image.width > 0 && image.height > 0)) return undefined;
    return { image, width: image.width, height: image.height };
  } catch {
    return undefined;
  }
}
