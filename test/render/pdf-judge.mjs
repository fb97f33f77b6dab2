// The PDF judge that comes with npm (pdf.js, Mozilla's reader, and ZXing-C++ built to WebAssembly): text with
// positions, page sizes, images, and the page rasterised (pdf.js on @napi-rs/canvas) then scanned for QR codes. Runs in a worker thread
// (test/helpers/sync-worker.ts) because pdf.js only answers through promises; pdf-tools.ts is its caller.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// The reader's WebAssembly from the installed package (by default it would be fetched from a CDN).
prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')),
  },
});

async function open(bytes) {
  // A copy: pdf.js detaches the buffer it is given.
  return getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, disableFontFace: true })
    .promise;
}

async function eachPage(bytes, page, visit) {
  const doc = await open(bytes);
  try {
    const numbers = page ? [page] : Array.from({ length: doc.numPages }, (_, i) => i + 1);
    const out = [];
    for (const n of numbers) out.push(await visit(await doc.getPage(n)));
    return out;
  } finally {
    await doc.destroy();
  }
}

/** Page sizes in points (the page's box as a viewer shows it). */
export function pages(bytes) {
  return eachPage(bytes, undefined, (page) => {
    const { width, height } = page.getViewport({ scale: 1 });
    return { width: round(width), height: round(height) };
  });
}

/**
 * Every text run of each page with its box in top-left coordinates (as poppler reports them), in content-stream
 * order. `upright` is false for rotated text (a watermark). pdf.js's own NFKC folding is off: the text is what the
 * page shows ("Nº" stays "Nº").
 */
export function runs(bytes, page) {
  return eachPage(bytes, page, async (p) => {
    const { width, height } = p.getViewport({ scale: 1 });
    const content = await p.getTextContent({ disableNormalization: true });
    const items = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const [a, b, c, d, x, y] = item.transform;
      const size = Math.hypot(c, d);
      const style = content.styles[item.fontName] ?? { ascent: 0.8, descent: -0.2 };
      items.push({
        text: item.str,
        eol: item.hasEOL,
        upright: b === 0 && c === 0 && a > 0 && d > 0,
        size,
        x,
        baseline: height - y,
        xMin: x,
        xMax: x + item.width,
        yMin: height - (y + style.ascent * size),
        yMax: height - (y + style.descent * size),
      });
    }
    return { width: round(width), height: round(height), items };
  });
}

/** Raster images painted on the pages (each time one is drawn), as `pdfimages -list` counts them. */
export async function imageCount(bytes) {
  const painted = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);
  const counts = await eachPage(bytes, undefined, async (p) => {
    const ops = await p.getOperatorList();
    return ops.fnArray.filter((fn) => painted.has(fn)).length;
  });
  return counts.reduce((a, b) => a + b, 0);
}

/** Renders one page at `dpi` and decodes every QR code on it. */
export async function qrOnPage(bytes, page, dpi = 200) {
  const [found] = await eachPage(bytes, page, async (p) => {
    const viewport = p.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await p.render({ canvas, canvasContext: context, viewport }).promise;
    return decodeAll(context.getImageData(0, 0, canvas.width, canvas.height));
  });
  return found;
}

/** Decodes every QR code in a PNG image. */
export async function qrInPng(bytes) {
  const image = await loadImage(Buffer.from(bytes));
  // A quiet zone around the image, as a printed page gives it: a PNG of the bare symbol may have none.
  const margin = Math.ceil(Math.max(image.width, image.height) / 8);
  const canvas = createCanvas(image.width + 2 * margin, image.height + 2 * margin);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, margin, margin);
  return decodeAll(context.getImageData(0, 0, canvas.width, canvas.height));
}

async function decodeAll(image) {
  const found = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 16 });
  return found.filter((code) => code.isValid).map((code) => code.text);
}

function round(n) {
  return Math.round(n * 1000) / 1000;
}
