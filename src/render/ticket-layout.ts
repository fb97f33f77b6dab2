// 80 mm ticket layout (thermal printers): one column, one page whose height is the content's. Every block
// is measured first, the page is created with the summed height, then the blocks are drawn.
import * as content from './content.ts';
import { formatDate } from './format.ts';
import { documentTitle, representationLegend, voucherWording, type VoucherWording } from './labels.ts';
import { drawLogo, openLogo } from './logo.ts';
import type { PrintLabelValue, PrintModel } from './print-model.ts';
import { drawQr, qrMatrix } from './qr.ts';
import { type Doc, drawLine, drawLines, fitLine, lineHeight, textWidth, type TextStyle, wrapText } from './text.ts';

/** 80 mm in points. */
export const TICKET_WIDTH = (80 / 25.4) * 72;
const MX = 10;
const MY = 12;
const W = TICKET_WIDTH - 2 * MX;

const ST = {
  body: { font: 'Helvetica', size: 7.5 } as TextStyle,
  bold: { font: 'Helvetica-Bold', size: 7.5 } as TextStyle,
  label: { font: 'Helvetica-Bold', size: 7 } as TextStyle,
  value: { font: 'Helvetica', size: 7 } as TextStyle,
  valueBold: { font: 'Helvetica-Bold', size: 7 } as TextStyle,
  small: { font: 'Helvetica', size: 6.5 } as TextStyle,
  detail: { font: 'Helvetica-Oblique', size: 6.5, color: '#333333' } as TextStyle,
  issuer: { font: 'Helvetica-Bold', size: 9.5 } as TextStyle,
  title: { font: 'Helvetica-Bold', size: 9 } as TextStyle,
  number: { font: 'Helvetica-Bold', size: 10.5 } as TextStyle,
  total: { font: 'Helvetica-Bold', size: 9 } as TextStyle,
};

interface Block {
  height: number;
  draw(y: number): void;
}

const NOTICE_STYLE: TextStyle = { font: 'Helvetica-Bold', size: 8, color: '#b91c1c' };

function gap(height: number): Block {
  return { height, draw: () => undefined };
}

function textBlock(doc: Doc, text: string, style: TextStyle, align: 'left' | 'center' = 'left'): Block {
  const lines = wrapText(doc, text, W, style);
  return { height: lines.length * lineHeight(style), draw: (y) => drawLines(doc, lines, MX, y, W, style, align) };
}

function separator(doc: Doc): Block {
  return {
    height: 8,
    draw: (y) => {
      doc
        .save()
        .moveTo(MX, y + 4)
        .lineTo(MX + W, y + 4)
        .lineWidth(0.6)
        .dash(2, { space: 1.5 })
        .strokeColor('#000000')
        .stroke()
        .undash()
        .restore();
    },
  };
}

function fieldsBlock(doc: Doc, fields: PrintLabelValue[]): Block {
  const labelWidth = Math.min(W * 0.42, Math.max(0, ...fields.map((f) => textWidth(doc, `${f.label}:`, ST.label))) + 4);
  const rows = fields.map((f) => ({
    label: fitLine(doc, `${f.label}:`, labelWidth, ST.label),
    lines: wrapText(doc, f.value, W - labelWidth, ST.value),
  }));
  const lh = lineHeight(ST.value);
  const height = rows.reduce((h, r) => h + Math.max(1, r.lines.length) * lh + 1, 0);
  return {
    height,
    draw: (y) => {
      let cy = y;
      for (const r of rows) {
        drawLine(doc, r.label, MX, cy, labelWidth, ST.label);
        drawLines(doc, r.lines, MX + labelWidth, cy, W - labelWidth, ST.value);
        cy += Math.max(1, r.lines.length) * lh + 1;
      }
    },
  };
}

/** A row with text on the left and an amount on the right (the left text wraps, the amount does not). */
function splitRow(doc: Doc, left: string, right: string, leftStyle: TextStyle, rightStyle: TextStyle): Block {
  const rightW = textWidth(doc, right, rightStyle);
  const lines = wrapText(doc, left, W - rightW - 6, leftStyle);
  const height = Math.max(1, lines.length) * Math.max(lineHeight(leftStyle), lineHeight(rightStyle));
  return {
    height,
    draw: (y) => {
      drawLines(doc, lines, MX, y, W - rightW - 6, leftStyle);
      drawLine(doc, right, MX, y, W, rightStyle, 'right');
    },
  };
}

function headerBlocks(doc: Doc, model: PrintModel): Block[] {
  const blocks: Block[] = [];
  const logo = openLogo(doc, model.issuer.logoBase64);
  if (logo) {
    const scale = Math.min(120 / logo.width, 50 / logo.height, 1.5);
    const w = logo.width * scale;
    const h = logo.height * scale;
    blocks.push({ height: h + 4, draw: (y) => drawLogo(doc, logo, MX + (W - w) / 2, y, w, h) });
  }
  const issuer = model.issuer;
  if (issuer.tradeName) blocks.push(textBlock(doc, issuer.tradeName, ST.issuer, 'center'));
  blocks.push(textBlock(doc, issuer.name, issuer.tradeName ? ST.bold : ST.issuer, 'center'));
  blocks.push(textBlock(doc, content.rucLine(model), ST.bold, 'center'));
  blocks.push(textBlock(doc, issuer.address, ST.small, 'center'));
  if (issuer.establishment) blocks.push(textBlock(doc, issuer.establishment, ST.small, 'center'));
  const contact = [issuer.phone && `Telf.: ${issuer.phone}`, issuer.email, issuer.website].filter(Boolean).join(' · ');
  if (contact) blocks.push(textBlock(doc, contact, ST.small, 'center'));
  blocks.push(separator(doc));
  blocks.push(textBlock(doc, documentTitle(model.documentType), ST.title, 'center'));
  blocks.push(textBlock(doc, content.documentNumber(model), ST.number, 'center'));
  blocks.push(separator(doc));
  return blocks;
}

/** A guide's goods: description, code, quantity and unit; no prices. */
function goodsBlocks(doc: Doc, model: PrintModel): Block[] {
  const blocks: Block[] = [splitRow(doc, 'DESCRIPCIÓN', 'CANTIDAD', ST.label, ST.label), gap(2)];
  for (const line of model.lines) {
    const code = line.code ? `${line.code} ` : '';
    blocks.push(splitRow(doc, `${code}${line.description}`, `${line.quantity} ${line.unit}`, ST.body, ST.valueBold));
    blocks.push(gap(2.5));
  }
  return blocks;
}

function lineBlocks(doc: Doc, model: PrintModel): Block[] {
  const blocks: Block[] = [splitRow(doc, 'DESCRIPCIÓN', 'IMPORTE', ST.label, ST.label), gap(2)];
  for (const line of model.lines) {
    blocks.push(textBlock(doc, line.description, ST.body));
    const details = [...(line.code ? [`Cód.: ${line.code}`] : []), ...(line.details ?? [])];
    for (const d of details) blocks.push(textBlock(doc, d, ST.detail));
    const discount = line.discount !== undefined ? `  Dscto. ${line.discount}` : '';
    blocks.push(
      splitRow(
        doc,
        `${line.quantity} ${line.unit} x ${line.unitPrice}${discount}`,
        line.amount,
        ST.value,
        ST.valueBold,
      ),
    );
    blocks.push(gap(2.5));
  }
  return blocks;
}

function perceptionBlocks(doc: Doc, model: PrintModel, wording: VoucherWording): Block[] {
  const blocks: Block[] = [];
  for (const d of model.perception?.documents ?? []) {
    blocks.push(splitRow(doc, `${d.typeLabel} ${d.number}`, formatDate(d.issueDate), ST.bold, ST.value));
    const rate = d.exchangeRate ? ` · T.C. ${d.exchangeRate}` : '';
    const paidOn = d.paymentDate ? ` el ${formatDate(d.paymentDate)}` : '';
    blocks.push(textBlock(doc, `Total ${d.currency} ${d.documentTotal} · Pagado ${d.paid}${paidOn}${rate}`, ST.value));
    blocks.push(splitRow(doc, `${wording.amount} S/`, d.perceived, ST.value, ST.value));
    blocks.push(splitRow(doc, `${wording.net} S/`, d.cashed, ST.value, ST.valueBold));
    blocks.push(gap(3));
  }
  return blocks;
}

function summaryBlocks(doc: Doc, model: PrintModel): Block[] {
  const blocks: Block[] = [];
  for (const r of content.totalRows(model)) {
    blocks.push(
      r.strong
        ? splitRow(doc, r.label, r.value, ST.total, ST.total)
        : splitRow(doc, r.label, r.value, ST.body, ST.bold),
    );
    if (r.strong) blocks.push(gap(1));
  }
  blocks.push(gap(4), textBlock(doc, content.amountInWordsLine(model), ST.bold), gap(3));
  for (const legend of content.legendTexts(model)) blocks.push(textBlock(doc, legend, ST.small), gap(1.5));

  const terms = model.paymentTerms;
  if (terms) {
    blocks.push(separator(doc), textBlock(doc, `FORMA DE PAGO: ${terms.condition.toUpperCase()}`, ST.bold));
    const pending = content.pendingPaymentLine(model);
    if (pending) blocks.push(textBlock(doc, pending, ST.value));
    for (const c of terms.instalments ?? []) {
      blocks.push(
        splitRow(
          doc,
          `${c.label}  vence ${formatDate(c.dueDate)}`,
          `${model.currency.symbol} ${c.amount}`,
          ST.value,
          ST.value,
        ),
      );
    }
    for (const p of content.paymentLines(model)) blocks.push(textBlock(doc, p, ST.value));
  }
  const detraction = content.detractionFields(model);
  if (detraction.length) {
    blocks.push(
      separator(doc),
      textBlock(doc, content.DETRACTION_TITLE, ST.label),
      gap(1),
      fieldsBlock(doc, detraction),
    );
  }
  if (model.observations)
    blocks.push(
      separator(doc),
      textBlock(doc, 'OBSERVACIONES', ST.label),
      textBlock(doc, model.observations, ST.value),
    );
  if (model.additionalInformation?.length) blocks.push(separator(doc), fieldsBlock(doc, model.additionalInformation));
  return blocks;
}

function footerBlocks(doc: Doc, model: PrintModel): Block[] {
  const side = 112;
  const matrix = qrMatrix(model.qrText);
  const blocks: Block[] = [
    separator(doc),
    gap(2),
    { height: side + 6, draw: (y) => drawQr(doc, matrix, MX + (W - side) / 2, y, side) },
    textBlock(doc, `Valor resumen: ${model.hash}`, ST.small, 'center'),
    gap(2),
    textBlock(doc, content.footerLegend(model, representationLegend(model.documentType)), ST.small, 'center'),
  ];
  if (model.authorization) blocks.push(gap(2), textBlock(doc, model.authorization, ST.small, 'center'));
  if (model.footerText) blocks.push(gap(2), textBlock(doc, model.footerText, ST.small, 'center'));
  return blocks;
}

/** Lays the ticket out on `doc` (created without an automatic first page): one page, 80 mm wide. */
export function layoutTicket(doc: Doc, model: PrintModel): void {
  const blocks: Block[] = [
    // A demo document says so before anything else.
    ...(model.notice ? [textBlock(doc, model.notice, NOTICE_STYLE, 'center'), gap(3)] : []),
    ...headerBlocks(doc, model),
    fieldsBlock(doc, content.customerFields(model)),
    gap(3),
    fieldsBlock(doc, content.documentFields(model)),
  ];
  const note = content.noteFields(model);
  if (note.length) blocks.push(gap(2), fieldsBlock(doc, note));
  const references = content.referenceFields(model);
  if (references.length) blocks.push(gap(2), fieldsBlock(doc, references));
  for (const section of model.dispatch?.sections ?? [])
    blocks.push(gap(2), textBlock(doc, section.title, ST.label), fieldsBlock(doc, section.fields));
  blocks.push(separator(doc));
  const wording = voucherWording(model.documentType);
  blocks.push(
    ...(wording
      ? perceptionBlocks(doc, model, wording)
      : model.dispatch
        ? goodsBlocks(doc, model)
        : lineBlocks(doc, model)),
  );
  blocks.push(separator(doc));
  if (!model.dispatch) blocks.push(...summaryBlocks(doc, model));
  blocks.push(...footerBlocks(doc, model));

  const height = Math.ceil(MY * 2 + blocks.reduce((h, b) => h + b.height, 0));
  doc.addPage({ size: [TICKET_WIDTH, height], margin: 0 });
  let y = MY;
  for (const b of blocks) {
    b.draw(y);
    y += b.height;
  }
  if (model.watermark) {
    doc.save();
    doc.rotate(-60, { origin: [TICKET_WIDTH / 2, height / 2] });
    doc.fillOpacity(0.15);
    const style: TextStyle = { font: 'Helvetica-Bold', size: 40, color: '#b91c1c' };
    drawLine(
      doc,
      fitLine(doc, model.watermark, height, style),
      TICKET_WIDTH / 2 - height / 2,
      height / 2 - 20,
      height,
      style,
      'center',
    );
    doc.restore();
  }
}
