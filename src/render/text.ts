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

export function textWidth(doc: Doc, text: string, style: TextStyle): number {
  return doc.font(style.font).fontSize(style.size).widthOfString(text);
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
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    const words = toWinAnsi(paragraph).split(' ').filter((w) => w !== '');
    let current = '';
    for (const word of words) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (textWidth(doc, candidate, style) <= width) { current = candidate; continue; }
      if (current !== '') lines.push(current);
      if (textWidth(doc, word, style) <= width) { current = word; continue; }
      const pieces = breakLongWord(doc, word, width, style);
      lines.push(...pieces.slice(0, -1));
      current = pieces[pieces.length - 1];
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
export function drawLine(doc: Doc, line: string, x: number, y: number, width: number, style: TextStyle, align: Align = 'left'): void {
  doc.font(style.font).fontSize(style.size).fillColor(style.color ?? '#000000');
  const w = align === 'left' ? 0 : doc.widthOfString(line);
  const left = align === 'left' ? x : align === 'right' ? x + width - w : x + (width - w) / 2;
  doc.text(line, left, y, { lineBreak: false });
}

/** Draws wrapped lines; returns the height used. */
export function drawLines(doc: Doc, lines: string[], x: number, y: number, width: number, style: TextStyle, align: Align = 'left'): number {
  const h = lineHeight(style);
  lines.forEach((line, i) => drawLine(doc, line, x, y + i * h, width, style, align));
  return lines.length * h;
}
