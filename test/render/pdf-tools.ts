// Reading our PDFs back with the same tools a person would trust: poppler (pdftotext, pdfinfo, pdftoppm,
// pdfimages) and zbar (zbarimg) for the QR.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'facturo-render-'));
let counter = 0;

export function cleanup(): void {
  rmSync(dir, { recursive: true, force: true });
}

export function saveTemp(bytes: Buffer, extension: string): string {
  const file = join(dir, `f${++counter}.${extension}`);
  writeFileSync(file, bytes);
  return file;
}

function pdftotext(file: string, mode: string[], page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', ['-enc', 'UTF-8', ...mode, ...range, file, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
}

export interface PdfText {
  /** Reading order (pdftotext's default), whitespace collapsed: wrapped sentences read as one. */
  flow: string;
  /** Physical lines (pdftotext -layout), whitespace collapsed: a label and its amount in another column. */
  lines: string[];
  /** Content-stream order (pdftotext -raw): rotated text such as a watermark. */
  raw: string;
  /** True when `s` is printed, read either as flowing text or along one physical line. */
  has(s: string): boolean;
}

export function readPdf(pdf: Buffer | string, page?: number): PdfText {
  const file = typeof pdf === 'string' ? pdf : saveTemp(pdf, 'pdf');
  const flow = pdftotext(file, [], page).replace(/\s+/g, ' ');
  const lines = pdftotext(file, ['-layout'], page)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '');
  const raw = pdftotext(file, ['-raw'], page).replace(/\s+/g, ' ');
  return { flow, lines, raw, has: (s) => flow.includes(s) || lines.some((l) => l.includes(s)) };
}

/** Text of the PDF (or of one page) in reading order, whitespace collapsed. */
export function pdfText(pdf: Buffer | string, page?: number): string {
  return readPdf(pdf, page).flow;
}

export interface PdfPageSize {
  width: number;
  height: number;
}

/** Page sizes in points, as pdfinfo reports them (it also fails on a PDF it cannot open). */
export function pdfPages(pdf: Buffer | string): PdfPageSize[] {
  const file = typeof pdf === 'string' ? pdf : saveTemp(pdf, 'pdf');
  const out = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', file], { encoding: 'utf8' });
  return [...out.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
  }));
}

/** Number of raster images embedded (the QR is vector, so this counts the logo). */
export function pdfImageCount(pdf: Buffer): number {
  const out = execFileSync('pdfimages', ['-list', saveTemp(pdf, 'pdf')], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '').length;
}

function zbar(png: string): string[] {
  const r = spawnSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', png], { encoding: 'utf8' });
  return r.stdout.split('\n').filter((l) => l !== '');
}

/** Renders one page at 200 dpi and decodes every QR code on it. */
export function decodeQrOnPage(pdf: Buffer | string, page: number): string[] {
  const file = typeof pdf === 'string' ? pdf : saveTemp(pdf, 'pdf');
  const prefix = join(dir, `p${++counter}`);
  execFileSync('pdftoppm', ['-r', '200', '-png', '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
  return zbar(`${prefix}.png`);
}

export function decodeQrPng(png: Buffer): string[] {
  return zbar(saveTemp(png, 'png'));
}

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box, per page (pdftotext -bbox). */
export function pdfWords(pdf: Buffer): { width: number; height: number; words: Word[] }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', saveTemp(pdf, 'pdf'), '-'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return html
    .split('<page ')
    .slice(1)
    .map((chunk) => {
      const size = /width="([\d.]+)" height="([\d.]+)"/.exec(chunk)!;
      const words = [
        ...chunk.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
      ].map((m) => ({ xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4], text: m[5] }));
      return { width: Number(size[1]), height: Number(size[2]), words };
    });
}

/** Pairs of words on the same page whose boxes overlap (more than a sliver: glyph boxes touch legitimately). */
export function overlappingWords(page: { words: Word[] }): [Word, Word][] {
  const tolerance = 0.6;
  const found: [Word, Word][] = [];
  const words = [...page.words].sort((a, b) => a.yMin - b.yMin);
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length && words[j].yMin < words[i].yMax - tolerance; j++) {
      const a = words[i];
      const b = words[j];
      const dx = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const dy = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (dx > tolerance && dy > tolerance) found.push([a, b]);
    }
  }
  return found;
}
