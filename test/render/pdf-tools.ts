// Reading our PDFs back as a person's reader would: pdf.js (Mozilla's PDF reader, from npm) for the text, its
// positions, the page sizes and the images, and the page rasterised by pdf.js then scanned by jsQR for the QR
// (pdf-judge.mjs, in a worker thread). When poppler (pdftotext, pdfinfo, pdfimages, pdftoppm) and zbar (zbarimg)
// are installed they give a second opinion, and both readers must agree: the same characters in the same order on
// every page, the same page sizes, the same image count, the same QR texts.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onPath } from '../helpers/system-tools.ts';
import { syncWorker } from '../helpers/sync-worker.ts';

const dir = mkdtempSync(join(tmpdir(), 'facturo-render-'));
let counter = 0;
const judge = syncWorker(new URL('./pdf-judge.mjs', import.meta.url));

export function cleanup(): void {
  rmSync(dir, { recursive: true, force: true });
}

export function saveTemp(bytes: Buffer, extension: string): string {
  const file = join(dir, `f${++counter}.${extension}`);
  writeFileSync(file, bytes);
  return file;
}

/** A text run as pdf.js reads it (pdf-judge.mjs `runs`), its box in points from the top-left corner. */
interface Run {
  text: string;
  eol: boolean;
  upright: boolean;
  size: number;
  baseline: number;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

interface PageRuns {
  width: number;
  height: number;
  items: Run[];
}

function bytesOf(pdf: Buffer | string): Buffer {
  return typeof pdf === 'string' ? readFileSync(pdf) : pdf;
}

function fileOf(pdf: Buffer | string): string {
  return typeof pdf === 'string' ? pdf : saveTemp(pdf, 'pdf');
}

/** pdf.js's runs, checked against pdftotext -raw when poppler is installed. */
function readRuns(pdf: Buffer | string, page?: number): PageRuns[] {
  const pages = judge<PageRuns[]>('runs', bytesOf(pdf), page);
  if (onPath('pdftotext')) {
    const file = fileOf(pdf);
    pages.forEach((p, i) => {
      const n = page ?? i + 1;
      const ours = p.items.map((r) => r.text).join('');
      const theirs = execFileSync('pdftotext', ['-enc', 'UTF-8', '-raw', '-f', String(n), '-l', String(n), file, '-'], {
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
      agree(`the text of page ${n}`, ours.replace(/\s+/g, ''), theirs.replace(/\s+/g, ''));
    });
  }
  return pages;
}

/** Throws when the two readers disagree, showing where. */
function agree(what: string, npm: string, debian: string): void {
  if (npm === debian) return;
  let at = 0;
  while (npm[at] === debian[at]) at++;
  const around = (s: string) => JSON.stringify(s.slice(Math.max(0, at - 30), at + 50));
  throw new Error(`pdf.js and poppler disagree on ${what} at ${at}: pdf.js ${around(npm)}, poppler ${around(debian)}`);
}

const collapse = (s: string) => s.replace(/\s+/g, ' ');

/** Content-stream order: a run, then a line break where the reader saw the text line end. */
function streamText(items: Run[]): string {
  return items.map((r) => r.text + (r.eol ? '\n' : '')).join('');
}

/**
 * Physical lines of a page: upright runs whose baselines are within half a font size are one line, read left to
 * right; runs further apart than a sliver of a space are separated by one.
 */
function physicalLines(items: Run[]): string[] {
  const runs = items.filter((r) => r.upright && r.text.trim() !== '').sort((a, b) => a.baseline - b.baseline);
  const lines: Run[][] = [];
  for (const run of runs) {
    const line = lines.at(-1);
    if (line && run.baseline - line[0].baseline < 0.5 * Math.min(run.size, line[0].size)) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => {
    const sorted = [...line].sort((a, b) => a.xMin - b.xMin);
    let text = '';
    sorted.forEach((run, i) => {
      const gap = i === 0 ? 0 : run.xMin - sorted[i - 1].xMax;
      text += (gap > 0.15 * run.size ? ' ' : '') + run.text;
    });
    return collapse(text).trim();
  });
}

export interface PdfText {
  /** Reading order, whitespace collapsed: wrapped sentences read as one (upright text in content order). */
  flow: string;
  /** Physical lines, whitespace collapsed: a label and its amount in another column. */
  lines: string[];
  /** Content-stream order of every run, rotated ones included (a watermark). */
  raw: string;
  /** True when `s` is printed, read either as flowing text or along one physical line. */
  has(s: string): boolean;
}

export function readPdf(pdf: Buffer | string, page?: number): PdfText {
  const pages = readRuns(pdf, page);
  const flow = collapse(pages.map((p) => streamText(p.items.filter((r) => r.upright))).join('\n'));
  const lines = pages.flatMap((p) => physicalLines(p.items)).filter((l) => l !== '');
  const raw = collapse(pages.map((p) => streamText(p.items)).join('\n'));
  return { flow, lines, raw, has: (s) => flow.includes(s) || lines.some((l) => l.includes(s)) };
}

/** Which of `expected` the PDF does not print (PdfText.has): `expect(unprinted(text, [...])).toEqual([])`. */
export function unprinted(text: PdfText, expected: string[]): string[] {
  return expected.filter((s) => !text.has(s));
}

/** Text of the PDF (or of one page) in reading order, whitespace collapsed. */
export function pdfText(pdf: Buffer | string, page?: number): string {
  return readPdf(pdf, page).flow;
}

export interface PdfPageSize {
  width: number;
  height: number;
}

/** Page sizes in points (it also fails on a PDF it cannot open); pdfinfo agrees when installed. */
export function pdfPages(pdf: Buffer | string): PdfPageSize[] {
  const pages = judge<PdfPageSize[]>('pages', bytesOf(pdf));
  if (onPath('pdfinfo')) {
    const out = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', fileOf(pdf)], { encoding: 'utf8' });
    const theirs = [...out.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({
      width: Number(m[1]),
      height: Number(m[2]),
    }));
    agree('the page sizes', JSON.stringify(pages), JSON.stringify(theirs));
  }
  return pages;
}

/** Number of raster images drawn (the QR is vector, so this counts the logo); pdfimages agrees when installed. */
export function pdfImageCount(pdf: Buffer): number {
  const count = judge<number>('imageCount', pdf);
  if (onPath('pdfimages')) {
    const out = execFileSync('pdfimages', ['-list', saveTemp(pdf, 'pdf')], { encoding: 'utf8' });
    const theirs = out
      .trim()
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '').length;
    agree('the number of images', String(count), String(theirs));
  }
  return count;
}

function zbar(png: string): string[] {
  const r = spawnSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', png], { encoding: 'utf8' });
  return r.stdout.split('\n').filter((l) => l !== '');
}

const sorted = (codes: string[]) => JSON.stringify([...codes].sort());

/** Renders one page at 200 dpi and decodes every QR code on it (pdftoppm + zbarimg agree when installed). */
export function decodeQrOnPage(pdf: Buffer | string, page: number): string[] {
  const codes = judge<string[]>('qrOnPage', bytesOf(pdf), page);
  if (onPath('pdftoppm') && onPath('zbarimg')) {
    const prefix = join(dir, `p${++counter}`);
    execFileSync('pdftoppm', [
      '-r',
      '200',
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      fileOf(pdf),
      prefix,
    ]);
    agree(`the QR codes of page ${page}`, sorted(codes), sorted(zbar(`${prefix}.png`)));
  }
  return codes;
}

/** Every QR code in a PNG image (zbarimg agrees when installed). */
export function decodeQrPng(png: Buffer): string[] {
  const codes = judge<string[]>('qrInPng', png);
  if (onPath('zbarimg')) agree('the QR codes of the image', sorted(codes), sorted(zbar(saveTemp(png, 'png'))));
  return codes;
}

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/**
 * Every word with its box, per page (upright text). A run's words share its box in proportion to their characters:
 * exact at the run's ends, which is where a word can meet another run's.
 */
export function pdfWords(pdf: Buffer): { width: number; height: number; words: Word[] }[] {
  return readRuns(pdf).map(({ width, height, items }) => ({
    width,
    height,
    words: items
      .filter((r) => r.upright)
      .flatMap((r) => {
        const perChar = (r.xMax - r.xMin) / Math.max(1, r.text.length);
        return [...r.text.matchAll(/\S+/g)].map((m) => ({
          text: m[0],
          xMin: r.xMin + perChar * m.index,
          xMax: r.xMin + perChar * (m.index + m[0].length),
          yMin: r.yMin,
          yMax: r.yMax,
        }));
      }),
  }));
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
