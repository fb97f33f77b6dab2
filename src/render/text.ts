// Text measured and placed line by line by us, not by pdfkit's flowing text: we always know a block's height
// before drawing it (page breaks, the ticket's page height) and pdfkit never adds a page behind our back.
import type PDFDocument from 'pdfkit';
import { toWinAnsi } from './win-ansi.ts';

export type Doc = InstanceType<typeof PDFDocument>;
export type FontName = 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique';

export interface TextStyle {
  font: FontName;
  size: number;
  color?: string;
  /** Line height as a multiple of the size (default 1.2). */
  leading?: number;
}

export function lineHeight(style: TextStyle): number {
  return style.size * (style.leading ?? 1.2);
}

/**
 * Widths at size 1, per font and string. Measuring is most of a render's cost (pdfkit looks up a kerning pair
 * per character), and the same words come back on every line and every document.
 */
const widthCache = new Map<string, number>();
const WIDTH_CACHE_LIMIT = 50_000;

/** Exact width of `text` (with the font's kerning) in points. */
export function textWidth(doc: Doc, text: string, style: TextStyle): number {
  const key = `${style.font}\u0000${text}`;
  let unit = widthCache.get(key);
  if (unit === undefined) {
    if (widthCache.size >= WIDTH_CACHE_LIMIT) widthCache.clear();
    unit = doc.font(style.font).fontSize(1).widthOfString(text);
    widthCache.set(key, unit);
  }
  return unit * style.size;
}

function breakByCharacters(doc: Doc, word: string, width: number, style: TextStyle): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece !== '' && textWidth(doc, piece + ch, style) > width) {
      pieces.push(piece);
      piece = ch;
    } else {
      piece += ch;
    }
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/** A word wider than the line: cut after hyphens, slashes, dots or underscores when possible, else anywhere. */
function breakLongWord(doc: Doc, word: string, width: number, style: TextStyle): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const segment of word.split(/(?<=[-/_.,])/)) {
    if (piece !== '' && textWidth(doc, piece + segment, style) > width) {
      pieces.push(piece);
      piece = '';
    }
    if (textWidth(doc, piece + segment, style) <= width) {
      piece += segment;
    } else {
      const chars = breakByCharacters(doc, piece + segment, width, style);
      pieces.push(...chars.slice(0, -1));
      piece = chars[chars.length - 1];
    }
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * Splits text into lines no wider than `width`. Explicit line breaks are kept; words longer than a line are
 * cut. The result is already folded to WinAnsi. An empty text gives no lines.
 */
export function wrapText(doc: Doc, text: string, width: number, style: TextStyle): string[] {
  const lines: string[] = [];
  // A line's width is taken as the sum of its words and spaces: Helvetica's kerning pairs with a space are
  // all negative, so the sum is never narrower than the real line and a line never overflows.
  const space = textWidth(doc, ' ', style);
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    const words = toWinAnsi(paragraph)
      .split(' ')
      .filter((w) => w !== '');
    let current = '';
    let currentWidth = 0;
    for (const word of words) {
      const w = textWidth(doc, word, style);
      if (current !== '' && currentWidth + space + w <= width) {
        current += ` ${word}`;
        currentWidth += space + w;
        continue;
      }
      if (current !== '') lines.push(current);
      if (w <= width) {
        current = word;
        currentWidth = w;
        continue;
      }
      const pieces = breakLongWord(doc, word, width, style);
      lines.push(...pieces.slice(0, -1));
      current = pieces[pieces.length - 1];
      currentWidth = textWidth(doc, current, style);
    }
    if (current !== '') lines.push(current);
  }
  return lines;
}

/** Cuts a single line to `width`, ending with "…" when it had to be shortened (for one-line cells). */
export function fitLine(doc: Doc, text: string, width: number, style: TextStyle): string {
  const folded = toWinAnsi(text);
  if (textWidth(doc, folded, style) <= width) return folded;
  let cut = folded;
  while (cut.length > 0 && textWidth(doc, `${cut}…`, style) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export type Align = 'left' | 'right' | 'center';

/** Draws one already-fitted line with its top at `y`, aligned inside [x, x + width]. */
export function drawLine(
  doc: Doc,
  line: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
  align: Align = 'left',
): void {
  const w = align === 'left' ? 0 : textWidth(doc, line, style);
  doc
    .font(style.font)
    .fontSize(style.size)
    .fillColor(style.color ?? '#000000');
  const left = align === 'left' ? x : align === 'right' ? x + width - w : x + (width - w) / 2;
  doc.text(line, left, y, { lineBreak: false });
}

/** Draws wrapped lines; returns the height used. */
export function drawLines(
  doc: Doc,
  lines: string[],
  x: number,
  y: number,
  width: number,
  style: TextStyle,
  align: Align = 'left',
): number {
  const h = lineHeight(style);
  lines.forEach((line, i) => drawLine(doc, line, x, y + i * h, width, style, align));
  return lines.length * h;
}
