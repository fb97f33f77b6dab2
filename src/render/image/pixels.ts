// Pixel work between decoding and re-encoding: RGBA flattened onto white (the page and the e-mail are white, and an
// opaque image is one pdfkit embeds without decoding), turned as its EXIF orientation says, and shrunk to the size
// a printed logo can use (box filter: each output pixel the average of the source area it covers).

export interface Rgb {
  width: number;
  height: number;
  /** 3 bytes a pixel, rows top to bottom. */
  data: Uint8Array;
}

/** RGBA (4 bytes a pixel) over a white background. */
export function flattenOnWhite(width: number, height: number, rgba: Uint8Array): Rgb {
  const pixels = width * height;
  const data = new Uint8Array(pixels * 3);
  for (let p = 0, i = 0, o = 0; p < pixels; p++, i += 4, o += 3) {
    const alpha = rgba[i + 3];
    const white = 255 * (255 - alpha);
    data[o] = Math.round((rgba[i] * alpha + white) / 255);
    data[o + 1] = Math.round((rgba[i + 1] * alpha + white) / 255);
    data[o + 2] = Math.round((rgba[i + 2] * alpha + white) / 255);
  }
  return { width, height, data };
}

/** Where source pixel (x, y) of a w × h image lands, for each EXIF orientation (2–8; 5–8 swap the sides). */
const ORIENT: Record<number, (x: number, y: number, w: number, h: number) => [number, number]> = {
  2: (x, y, w) => [w - 1 - x, y],
  3: (x, y, w, h) => [w - 1 - x, h - 1 - y],
  4: (x, y, _w, h) => [x, h - 1 - y],
  5: (x, y) => [y, x],
  6: (x, y, _w, h) => [h - 1 - y, x],
  7: (x, y, w, h) => [h - 1 - y, w - 1 - x],
  8: (x, y, w) => [y, w - 1 - x],
};

export function orient(image: Rgb, orientation: number): Rgb {
  const place = ORIENT[orientation];
  if (!place) return image;
  const { width: w, height: h } = image;
  const swap = orientation >= 5;
  const out = { width: swap ? h : w, height: swap ? w : h, data: new Uint8Array(image.data.length) };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [dx, dy] = place(x, y, w, h);
      const from = (y * w + x) * 3;
      const to = (dy * out.width + dx) * 3;
      out.data[to] = image.data[from];
      out.data[to + 1] = image.data[from + 1];
      out.data[to + 2] = image.data[from + 2];
    }
  }
  return out;
}

/** Box-filter weights of one axis: for each output index, the source indexes it covers and how much of each. */
function coverage(from: number, to: number): { first: number; weights: number[] }[] {
  const scale = from / to;
  const spans: { first: number; weights: number[] }[] = [];
  for (let i = 0; i < to; i++) {
    const start = i * scale;
    const end = Math.min(from, (i + 1) * scale);
    const first = Math.floor(start);
    const weights: number[] = [];
    for (let s = first; s < end; s++) weights.push((Math.min(end, s + 1) - Math.max(start, s)) / scale);
    spans.push({ first, weights });
  }
  return spans;
}

/** Shrunk (never enlarged) so that neither side exceeds `maxSide`, keeping the proportions. */
export function fitWithin(image: Rgb, maxSide: number): Rgb {
  const scale = Math.min(1, maxSide / image.width, maxSide / image.height);
  if (scale === 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  // Rows first (width), then columns (height), in floating point; rounded once at the end.
  const across = coverage(image.width, width);
  const rows = new Float32Array(width * image.height * 3);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < width; x++) {
      const { first, weights } = across[x];
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let k = 0; k < weights.length; k++) sum += image.data[(y * image.width + first + k) * 3 + c] * weights[k];
        rows[(y * width + x) * 3 + c] = sum;
      }
    }
  }
  const down = coverage(image.height, height);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const { first, weights } = down[y];
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let k = 0; k < weights.length; k++) sum += rows[((first + k) * width + x) * 3 + c] * weights[k];
        data[(y * width + x) * 3 + c] = Math.min(255, Math.round(sum));
      }
    }
  }
  return { width, height, data };
}
