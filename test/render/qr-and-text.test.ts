// The QR image of the API (`data.qr`) and the small pieces the layouts rely on: WinAnsi folding, wrapping
// and display formatting.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { afterAll, describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatFlexible, pdfStorageKey, renderQrPng } from '../../src/render/index.ts';
import { qrMatrix, qrSegments } from '../../src/render/qr.ts';
import { wrapText, textWidth, type TextStyle } from '../../src/render/text.ts';
import { toWinAnsi } from '../../src/render/win-ansi.ts';
import { cleanup, decodeQrPng } from './pdf-tools.ts';

afterAll(cleanup);

const QR_TEXT = '20612345679|01|F001|123|88.62|580.91|2025-03-14|6|20604187339|s318DLmFe+QeJ4O/hvJ85GdVNIg=|';

function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("renderQrPng (the API's data.qr)", () => {
  it('is a ~150 px PNG that scans to exactly the QR text', async () => {
    const png = await renderQrPng(QR_TEXT);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const { width, height } = pngSize(png);
    expect(width).toBe(height);
    expect(Math.abs(width - 150)).toBeLessThanOrEqual(10);
    expect(decodeQrPng(png)).toEqual([QR_TEXT]);
  });

  it('takes another size', async () => {
    const png = await renderQrPng(QR_TEXT, 300);
    expect(Math.abs(pngSize(png).width - 300)).toBeLessThanOrEqual(10);
    expect(decodeQrPng(png)).toEqual([QR_TEXT]);
  });

  it("draws the level-Q code, as SUNAT's printed representation asks", () => {
    const modules = (level: 'M' | 'Q'): boolean[] => {
      const m = QRCode.create(qrSegments(QR_TEXT), { errorCorrectionLevel: level }).modules;
      return Array.from({ length: m.size * m.size }, (_, i) => Boolean(m.get(Math.floor(i / m.size), i % m.size)));
    };
    const matrix = qrMatrix(QR_TEXT);
    const drawn = Array.from({ length: matrix.size * matrix.size }, (_, i) =>
      matrix.isDark(Math.floor(i / matrix.size), i % matrix.size),
    );
    expect(drawn).toEqual(modules('Q'));
    expect(drawn).not.toEqual(modules('M'));
  });
});

describe('qrSegments (digit runs numeric, the rest bytes)', () => {
  const texts = [
    QR_TEXT,
    // boleta to a DNI, to no document (-), a credit note in dollars, a long foreign passport number
    '20612345679|03|B001|99999999|0.00|15.00|2026-11-24|1|45678912|Yg3Sx1YtbuJ0Lq7kLz2m1g0j1Xk=|',
    '20612345679|03|B001|7|2.29|15.00|2026-11-24|-|-|Yg3Sx1YtbuJ0Lq7kLz2m1g0j1Xk=|',
    '20612345679|07|FC01|12|180.00|1180.00|2026-11-24|6|20100070970|AbCdEfGhIjKlMnOpQrStUvWxYz0=|',
    '20612345679|01|F001|1|0.00|100.00|2026-11-24|7|PA1234567890123|AbCdEfGhIjKlMnOpQrStUvWxYz0=|',
  ];

  it("keeps the version qrcode's optimal (and costly) segmentation finds for SUNAT's QR texts", () => {
    for (const text of texts) {
      const optimal = QRCode.create(text, { errorCorrectionLevel: 'Q' }).version;
      expect(QRCode.create(qrSegments(text), { errorCorrectionLevel: 'Q' }).version, text).toBe(optimal);
    }
  });

  it('scans back to exactly the text', async () => {
    for (const text of texts) expect(decodeQrPng(await renderQrPng(text))).toEqual([text]);
  });

  it('covers the whole text, digits or not', () => {
    for (const text of [...texts, '', 'abc', '123456789', 'x1234567890y']) {
      const joined = qrSegments(text)
        .map((s) => (typeof s.data === 'string' ? s.data : Buffer.from(s.data as Uint8Array).toString()))
        .join('');
      expect(joined).toBe(text);
    }
  });
});

describe('toWinAnsi', () => {
  it('keeps every character a Peruvian document uses', () => {
    const text = 'áéíóú ÁÉÍÓÚ ñÑ üÜ ° º ª ¿¡ — – “” ‘’ € … • & < > "';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('folds what Windows-1252 lacks', () => {
    expect(toWinAnsi('Şişli')).toBe('Sisli');
    expect(toWinAnsi('≥ 5 ≤ 9 − 1')).toBe('>= 5 <= 9 - 1');
    expect(toWinAnsi('№ 5')).toBe('N° 5');
    expect(toWinAnsi('tab\there\nnew')).toBe('tab here new');
    expect(toWinAnsi('中文')).toBe('??');
    expect(toWinAnsi('a\u0000b\u0085c')).toBe('abc');
  });

  it('composes decomposed accents instead of losing them', () => {
    expect(toWinAnsi('Pin\u0303a')).toBe('Piña');
  });
});

describe('wrapText', () => {
  const doc = new PDFDocument({ autoFirstPage: false });
  const style: TextStyle = { font: 'Helvetica', size: 8 };

  it('never returns a line wider than asked and loses no word', () => {
    const text =
      'Alquiler de montacargas eléctrico 2.5 t (día) con operador certificado y combustible incluido por jornada';
    const lines = wrapText(doc, text, 90, style);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(textWidth(doc, l, style)).toBeLessThanOrEqual(90);
    expect(lines.join(' ')).toBe(text);
  });

  it('cuts a long code after its hyphens before cutting inside a segment', () => {
    const width = textWidth(doc, 'ABR-QSO-KG-', style) + 1;
    expect(wrapText(doc, 'ABR-QSO-KG-003', width, style)).toEqual(['ABR-QSO-KG-', '003']);
    const unbroken = wrapText(doc, '7750182001234775018200123477501820012347', 45, style);
    expect(unbroken.join('')).toBe('7750182001234775018200123477501820012347');
    for (const l of unbroken) expect(textWidth(doc, l, style)).toBeLessThanOrEqual(45);
  });

  it('keeps explicit line breaks', () => {
    expect(wrapText(doc, 'uno\ndos', 200, style)).toEqual(['uno', 'dos']);
  });
});

describe('display formatting for PrintModel builders', () => {
  it('formats amounts with two decimals, half-up, and thousands separators', () => {
    expect(formatAmount('1234.5')).toBe('1,234.50');
    expect(formatAmount(7851.48)).toBe('7,851.48');
    expect(formatAmount('2.675')).toBe('2.68');
    expect(formatAmount('1234567.891')).toBe('1,234,567.89');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount('-1500')).toBe('-1,500.00');
  });

  it('keeps the decimals a quantity or unit value carries, at least two', () => {
    expect(formatFlexible(24)).toBe('24.00');
    expect(formatFlexible('38.472')).toBe('38.472');
    expect(formatFlexible('8.3814')).toBe('8.3814');
    expect(formatFlexible('2500.5')).toBe('2,500.50');
  });

  it('prints ISO dates as DD/MM/YYYY', () => {
    expect(formatDate('2025-03-14')).toBe('14/03/2025');
  });
});

describe('pdfStorageKey', () => {
  it('follows the storage contract: pdf/{filename}[-ticket].pdf', () => {
    expect(pdfStorageKey('20000000001-01-F001-57', 'a4')).toBe('pdf/20000000001-01-F001-57.pdf');
    expect(pdfStorageKey('20000000001-01-F001-57', 'ticket')).toBe('pdf/20000000001-01-F001-57-ticket.pdf');
  });
});
