// Entry point of the printed representation: a PrintModel in, PDF bytes out.
import type PDFKit from 'pdfkit';
import { contain } from '../runtime/containment.ts';
import { layoutA4 } from './a4-layout.ts';
import { documentNumber } from './content.ts';
import { verifiedLogo } from './image/verified-logo.ts';
import { documentTitle } from './labels.ts';
import type { PdfFormat, PrintModel } from './print-model.ts';
import { layoutTicket } from './ticket-layout.ts';

/**
 * The PDF's creation date is the document's issue date and time (Lima), not the clock: the same model
 * always gives the same bytes, so a cached PDF and a re-rendered one are identical.
 */
function creationDate(model: PrintModel): Date {
  const time = /^\d{2}:\d{2}(:\d{2})?$/.test(model.issueTime ?? '') ? model.issueTime! : '00:00:00';
  const date = new Date(`${model.issueDate}T${time.length === 5 ? `${time}:00` : time}-05:00`);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

// pdfkit (with fontkit, brotli and its font tables, ~9 MB of RSS once loaded) is loaded by the first render, not
// at start: a process that never serves a PDF never holds it.
let pdfkit: Promise<typeof PDFKit> | null = null;

/**
 * The PDF of `model`. Its logo is drawn only in the form verifiedLogo made of it (stored bytes are never handed to
 * pdfkit as they are), and the drawing runs contained: whatever pdfkit's libraries throw from their own callbacks
 * fails this render, not the process (src/runtime/process-guard.ts).
 */
export async function renderPdf(model: PrintModel, format: PdfFormat): Promise<Buffer> {
  const logoBase64 = await verifiedLogo(model.issuer.logoBase64);
  pdfkit ??= import('pdfkit').then((m) => m.default);
  const PDFDocument = await pdfkit;
  return contain(() => draw(PDFDocument, { ...model, issuer: { ...model.issuer, logoBase64 } }, format));
}

function draw(PDFDocument: typeof PDFKit, model: PrintModel, format: PdfFormat): Promise<Buffer> {
  const title = `${documentTitle(model.documentType)} ${documentNumber(model)}`;
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: format === 'a4',
    margin: 0,
    info: {
      Title: title,
      Author: model.issuer.name,
      Subject: `${title} — ${model.customer.name}`,
      Creator: 'Facturo',
      Producer: 'Facturo (PDFKit)',
      CreationDate: creationDate(model),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (format === 'ticket') layoutTicket(doc, model);
  else layoutA4(doc, model);
  doc.end();
  return done;
}

/** Storage key of a rendered PDF: `pdf/{filename}.pdf`, the ticket `pdf/{filename}-ticket.pdf`. */
export function pdfStorageKey(filename: string, format: PdfFormat): string {
  return `pdf/${filename}${format === 'ticket' ? '-ticket' : ''}.pdf`;
}
