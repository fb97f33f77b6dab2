// The printed representation as the customer receives it: the PDF opens, says what the document says, its QR
// scans to exactly the QR text, long documents flow over pages, and the ticket is one 80 mm page.
import { afterAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../../src/render/index.ts';
import type { PrintModel } from '../../src/render/index.ts';
import {
  creditInvoice,
  creditNote,
  detractionInvoice,
  freeInvoice,
  longInvoice,
  perceptionModel,
  taxedInvoice,
} from './models.ts';
import {
  cleanup,
  decodeQrOnPage,
  overlappingWords,
  pdfImageCount,
  pdfPages,
  pdfText,
  pdfWords,
  readPdf,
} from './pdf-tools.ts';

afterAll(cleanup);

interface Scenario {
  name: string;
  model: () => PrintModel;
  /** What this document prints beyond number, RUC, customer, total and amount in words. */
  alsoPrints: string[];
}

const scenarios: Scenario[] = [
  {
    name: 'taxed invoice',
    model: taxedInvoice,
    alsoPrints: [
      'FACTURA ELECTRÓNICA',
      'Op. gravadas S/ 492.29',
      'IGV 18% S/ 88.62',
      'Aceite vegetal de girasol botella 1 L',
    ],
  },
  {
    name: 'free invoice',
    model: freeInvoice,
    alsoPrints: [
      'Op. gratuitas S/ 68.30',
      'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE',
      'Transferencia gratuita (valor referencial)',
    ],
  },
  {
    name: 'credit invoice with instalments',
    model: creditInvoice,
    alsoPrints: ['FORMA DE PAGO: CRÉDITO', 'Cuota 001', '1,023.59', 'Cuota 003', '1,023.61', '13/04/2025'],
  },
  {
    name: 'detraction invoice',
    model: detractionInvoice,
    alsoPrints: [
      'OPERACIÓN SUJETA A DETRACCIÓN (SPOT)',
      '019 - Arrendamiento de bienes muebles',
      '00-051-184327',
      'S/ 785.15',
      'Monto neto pendiente de pago: S/ 7,066.33',
      '3,533.16',
      '3,533.17',
    ],
  },
  {
    name: 'credit note',
    model: creditNote,
    alsoPrints: [
      'NOTA DE CRÉDITO ELECTRÓNICA',
      'FACTURA ELECTRÓNICA F001-1288',
      '01 - Anulación de la operación',
      'Anulación de la operación: pedido duplicado por el cliente',
    ],
  },
  {
    name: 'perception',
    model: () => perceptionModel(),
    alsoPrints: [
      'COMPROBANTE DE PERCEPCIÓN',
      'F001-2231',
      'F001-2247',
      'S/ 54.31',
      '1,565.52',
      '1,204.16',
      '01 - Percepción venta interna (2%)',
    ],
  },
  { name: '120-line invoice', model: () => longInvoice(120), alsoPrints: ['S/ 19,691.60', 'S/ 3,544.80'] },
];

const essentials = (m: PrintModel): string[] => [
  `${m.series}-${m.number}`,
  `R.U.C. N° ${m.issuer.ruc}`,
  m.customer.name,
  m.customer.documentNumber,
  `S/ ${m.totals.total}`,
  m.amountInWords,
  `Valor resumen: ${m.hash}`,
  `consulte en ${m.consultationUrl}`,
];

describe.each(scenarios)('$name', ({ model: build, alsoPrints }) => {
  const model = build();

  it('A4: opens, prints the document, and its QR scans to exactly the QR text', async () => {
    const pdf = await renderPdf(model, 'a4');
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    for (const p of pages) expect([p.width, p.height]).toEqual([595.28, 841.89]);
    const text = readPdf(pdf);
    for (const s of [...essentials(model), ...alsoPrints]) expect(text.has(s), s).toBe(true);
    expect(text.flow).toContain(`Página ${pages.length} de ${pages.length}`);
    expect(decodeQrOnPage(pdf, pages.length)).toEqual([model.qrText]);
  });

  it('A4: every word lies inside the margins and no two words overlap', async () => {
    const pdf = await renderPdf(model, 'a4');
    for (const page of pdfWords(pdf)) {
      for (const w of page.words) {
        expect(w.xMin, w.text).toBeGreaterThanOrEqual(30);
        expect(w.xMax, w.text).toBeLessThanOrEqual(page.width - 30);
        expect(w.yMin, w.text).toBeGreaterThanOrEqual(28);
        expect(w.yMax, w.text).toBeLessThanOrEqual(page.height - 20);
      }
      expect(overlappingWords(page).map(([a, b]) => `${a.text} / ${b.text}`)).toEqual([]);
    }
  });

  it('ticket: one page 80 mm wide that prints the document and scans', async () => {
    const pdf = await renderPdf(model, 'ticket');
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0].width).toBeCloseTo(226.77, 2);
    const text = readPdf(pdf);
    for (const s of essentials(model)) expect(text.has(s), s).toBe(true);
    expect(decodeQrOnPage(pdf, 1)).toEqual([model.qrText]);
    const [page] = pdfWords(pdf);
    for (const w of page.words) {
      expect(w.xMin, w.text).toBeGreaterThanOrEqual(8);
      expect(w.xMax, w.text).toBeLessThanOrEqual(page.width - 8);
      expect(w.yMax, w.text).toBeLessThanOrEqual(page.height - 8);
    }
    expect(overlappingWords(page).map(([a, b]) => `${a.text} / ${b.text}`)).toEqual([]);
  });
});

describe('a long document', () => {
  it('flows 120 lines over several pages, repeating the table header, with every line present in order', async () => {
    const model = longInvoice(120);
    const pdf = await renderPdf(model, 'a4');
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (let p = 1; p <= pages.length; p++) {
      const pageText = pdfText(pdf, p);
      expect(pageText).toContain('DESCRIPCIÓN');
      expect(pageText).toContain(`Página ${p} de ${pages.length}`);
      if (p > 1) expect(pageText).toContain(`FACTURA ELECTRÓNICA ${model.series}-${model.number}`);
    }
    // One table row is one physical line: read them in order.
    const rows = readPdf(pdf).lines;
    let from = 0;
    for (const line of model.lines) {
      const at = rows.findIndex((row, i) => i >= from && row.includes(line.description));
      expect(at, line.description).toBeGreaterThanOrEqual(0);
      from = at + 1;
    }
  });

  it('splits a line taller than a page across pages without losing a word', async () => {
    const words = Array.from({ length: 1400 }, (_, i) => `w${String(i).padStart(4, '0')}`);
    const base = taxedInvoice();
    const model: PrintModel = { ...base, lines: [{ ...base.lines[0], description: words.join(' ') }, base.lines[1]] };
    const pdf = await renderPdf(model, 'a4');
    expect(pdfPages(pdf).length).toBeGreaterThanOrEqual(2);
    const text = pdfText(pdf);
    let from = 0;
    for (const w of words) {
      const at = text.indexOf(w, from);
      expect(at, w).toBeGreaterThanOrEqual(0);
      from = at;
    }
    for (const page of pdfWords(pdf)) {
      for (const w of page.words) expect(w.yMax, w.text).toBeLessThanOrEqual(page.height - 20);
    }
  });
});

describe('what a Peruvian document needs to print', () => {
  it('prints Spanish characters and typographic punctuation exactly', async () => {
    const special = 'Ñandú — “Piña” a 5 °C & más; pingüino ¿Qué? ¡Sí! Nº 4 €';
    const base = creditNote();
    const model: PrintModel = {
      ...base,
      lines: [{ ...base.lines[0], description: special }],
      observations: 'Año 2025: señalización ÁÉÍÓÚ áéíóú',
    };
    for (const format of ['a4', 'ticket'] as const) {
      const text = pdfText(await renderPdf(model, format));
      expect(text).toContain(special);
      expect(text).toContain('Año 2025: señalización ÁÉÍÓÚ áéíóú');
    }
  });

  it('folds characters the standard fonts cannot show instead of printing wrong glyphs', async () => {
    const base = creditNote();
    const model: PrintModel = { ...base, lines: [{ ...base.lines[0], description: 'Şişli ≥ 5 kg 中' }] };
    expect(pdfText(await renderPdf(model, 'a4'))).toContain('Sisli >= 5 kg ?');
  });

  it('shows the logo when the tenant has one, and still renders when the logo is unreadable', async () => {
    expect(pdfImageCount(await renderPdf(taxedInvoice(), 'a4'))).toBe(1);
    expect(pdfImageCount(await renderPdf(taxedInvoice(), 'ticket'))).toBe(1);
    const broken = taxedInvoice({
      issuer: { ...taxedInvoice().issuer, logoBase64: Buffer.from('not an image').toString('base64') },
    });
    const pdf = await renderPdf(broken, 'a4');
    expect(pdfImageCount(pdf)).toBe(0);
    expect(pdfText(pdf)).toContain('F001-123');
  });

  it('marks a voided document across the page and keeps its QR readable', async () => {
    const model = taxedInvoice({ watermark: 'ANULADO' });
    for (const format of ['a4', 'ticket'] as const) {
      const pdf = await renderPdf(model, format);
      // Drawn rotated, the watermark's letters come out one by one in content order.
      expect(readPdf(pdf).raw.replace(/\s/g, '')).toContain('ANULADO');
      expect(decodeQrOnPage(pdf, 1)).toEqual([model.qrText]);
    }
  });

  it('prints the referenced guides, related documents, purchase order and additional information', async () => {
    const model = taxedInvoice({
      purchaseOrder: 'OC-2025-00871',
      guides: [{ label: 'Guía de remisión remitente', number: 'T001-25' }],
      relatedDocuments: [{ label: 'Otro documento', number: 'CONTRATO-2025-014', amount: '980.00' }],
      additionalInformation: [{ label: 'Vendedor', value: 'M. Salazar Ñique' }],
      headerFields: [{ label: 'Placa', value: 'BXK-718' }],
      paymentTerms: { condition: 'Contado', payments: [{ method: 'Efectivo', amount: '580.91' }] },
    });
    for (const format of ['a4', 'ticket'] as const) {
      const text = readPdf(await renderPdf(model, format));
      for (const s of [
        'OC-2025-00871',
        'Guía de remisión remitente T001-25',
        'CONTRATO-2025-014 (S/ 980.00)',
        'M. Salazar Ñique',
        'BXK-718',
        'Efectivo: S/ 580.91',
      ]) {
        expect(text.has(s), `${format}: ${s}`).toBe(true);
      }
    }
  });

  it('gives the same bytes for the same model (the cached PDF equals a re-render)', async () => {
    const model = detractionInvoice();
    expect((await renderPdf(model, 'a4')).equals(await renderPdf(model, 'a4'))).toBe(true);
    expect((await renderPdf(model, 'ticket')).equals(await renderPdf(model, 'ticket'))).toBe(true);
  });
});
