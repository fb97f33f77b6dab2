// A4 layout: issuer block with the framed RUC/title/number box, customer and document data, the lines table
// (flowing onto further pages with its header repeated), totals beside the amount in words, legends, payment
// terms and detraction, then the QR with the hash and the consultation legend. Every block is measured before
// it is drawn, so page breaks fall between rows and nothing is drawn past the bottom margin.
import * as content from './content.ts';
import { formatDate } from './format.ts';
import { documentTitle, representationLegend, voucherWording, type VoucherWording } from './labels.ts';
import { drawLogo, openLogo, type Logo } from './logo.ts';
import type { PrintLabelValue, PrintModel } from './print-model.ts';
import { drawQr, qrMatrix } from './qr.ts';
import {
  type Align,
  type Doc,
  drawLine,
  drawLines,
  fitLine,
  lineHeight,
  textWidth,
  type TextStyle,
  wrapText,
} from './text.ts';

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MX = 36;
const TOP = 34;
/** Content never goes below this line; the page number sits under it. */
const BOTTOM = PAGE_H - 46;
const W = PAGE_W - 2 * MX;

const ACCENT = '#1f3a5f';
const TINT = '#eef2f7';
const RULE = '#c5ced9';
const MUTED = '#4b5563';

const ST = {
  body: { font: 'Helvetica', size: 8 } as TextStyle,
  bold: { font: 'Helvetica-Bold', size: 8 } as TextStyle,
  label: { font: 'Helvetica-Bold', size: 7.5, color: '#111827' } as TextStyle,
  value: { font: 'Helvetica', size: 7.5 } as TextStyle,
  small: { font: 'Helvetica', size: 7, color: MUTED } as TextStyle,
  detail: { font: 'Helvetica-Oblique', size: 7, color: MUTED } as TextStyle,
  th: { font: 'Helvetica-Bold', size: 7, color: '#ffffff' } as TextStyle,
  cell: { font: 'Helvetica', size: 7.5 } as TextStyle,
  section: { font: 'Helvetica-Bold', size: 7.5, color: ACCENT } as TextStyle,
  issuerTitle: { font: 'Helvetica-Bold', size: 13, color: ACCENT, leading: 1.15 } as TextStyle,
  issuerName: { font: 'Helvetica-Bold', size: 9 } as TextStyle,
  boxRuc: { font: 'Helvetica-Bold', size: 11 } as TextStyle,
  boxTitle: { font: 'Helvetica-Bold', size: 10.5, color: '#ffffff' } as TextStyle,
  boxNumber: { font: 'Helvetica-Bold', size: 13 } as TextStyle,
  words: { font: 'Helvetica-Bold', size: 8 } as TextStyle,
  total: { font: 'Helvetica-Bold', size: 9, color: '#ffffff' } as TextStyle,
  footer: { font: 'Helvetica-Bold', size: 7.5 } as TextStyle,
  pageNo: { font: 'Helvetica', size: 7, color: MUTED } as TextStyle,
};

/** Where content starts on pages after the first, below the continuation header. */
const CONTINUATION_TOP = TOP + lineHeight(ST.bold) + 11;
const NOTICE_STYLE: TextStyle = { font: 'Helvetica-Bold', size: 10, color: '#b91c1c' };

/** A piece of content whose height is known before it is drawn. */
interface Item {
  height: number;
  draw(y: number): void;
}

class Flow {
  y = TOP;
  /** Drawn after the continuation header of every new page while set (the table header). */
  repeat: (() => void) | undefined;

  constructor(
    private readonly doc: Doc,
    private readonly model: PrintModel,
  ) {}

  firstPage(): void {
    this.doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
    this.y = TOP;
  }

  newPage(): void {
    this.doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
    this.y = TOP;
    const doc = this.doc;
    drawLine(doc, fitLine(doc, this.model.issuer.name, W * 0.55, ST.bold), MX, this.y, W * 0.55, ST.bold);
    drawLine(doc, content.continuationTitle(this.model), MX, this.y, W, ST.bold, 'right');
    this.y += lineHeight(ST.bold) + 3;
    rule(doc, MX, this.y, W, ACCENT, 0.8);
    this.y = CONTINUATION_TOP;
    this.repeat?.();
  }

  /** Room left on this page. */
  get room(): number {
    return BOTTOM - this.y;
  }

  /** Starts a new page unless `height` fits on this one. */
  ensure(height: number): void {
    if (this.y + height > BOTTOM) this.newPage();
  }

  place(item: Item, gapAfter = 0): void {
    this.ensure(item.height);
    item.draw(this.y);
    this.y += item.height + gapAfter;
  }
}

function rule(doc: Doc, x: number, y: number, w: number, color = RULE, width = 0.5): void {
  doc
    .save()
    .moveTo(x, y)
    .lineTo(x + w, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke()
    .restore();
}

function frame(doc: Doc, x: number, y: number, w: number, h: number, color = RULE): void {
  doc.save().roundedRect(x, y, w, h, 4).lineWidth(0.8).strokeColor(color).stroke().restore();
}

// ---------------------------------------------------------------------------------------------------------
// Label/value rows (customer block, document data, references, note, detraction)

interface FieldRow {
  label: string;
  lines: string[];
}

function layoutFields(
  doc: Doc,
  fields: PrintLabelValue[],
  width: number,
): { rows: FieldRow[]; labelWidth: number; height: number } {
  const labelWidth = Math.min(
    width * 0.45,
    Math.max(0, ...fields.map((f) => textWidth(doc, `${f.label}:`, ST.label))) + 6,
  );
  const rows = fields.map((f) => ({
    label: `${f.label}:`,
    lines: wrapText(doc, f.value, width - labelWidth, ST.value),
  }));
  const lh = lineHeight(ST.value);
  const height = rows.reduce((h, r) => h + Math.max(1, r.lines.length) * lh + 1.5, 0);
  return { rows, labelWidth, height };
}

function drawFields(doc: Doc, layout: ReturnType<typeof layoutFields>, x: number, y: number, width: number): void {
  const lh = lineHeight(ST.value);
  let cy = y;
  for (const row of layout.rows) {
    drawLine(doc, fitLine(doc, row.label, layout.labelWidth, ST.label), x, cy, layout.labelWidth, ST.label);
    drawLines(doc, row.lines, x + layout.labelWidth, cy, width - layout.labelWidth, ST.value);
    cy += Math.max(1, row.lines.length) * lh + 1.5;
  }
}

/** A framed box with an optional small title and one or two columns of label/value rows. */
function fieldsBox(doc: Doc, title: string | undefined, columns: PrintLabelValue[][]): Item {
  const pad = 6;
  const gap = 14;
  const present = columns.filter((c) => c.length > 0);
  const colWidths = present.length === 2 ? [(W - 2 * pad - gap) * 0.56, (W - 2 * pad - gap) * 0.44] : [W - 2 * pad];
  const layouts = present.map((c, i) => layoutFields(doc, c, colWidths[i]));
  const titleH = title ? lineHeight(ST.section) + 2 : 0;
  const height = pad * 2 + titleH + Math.max(0, ...layouts.map((l) => l.height)) - 1.5;
  return {
    height,
    draw(y) {
      frame(doc, MX, y, W, height);
      if (title) drawLine(doc, title, MX + pad, y + pad, W, ST.section);
      let x = MX + pad;
      layouts.forEach((l, i) => {
        drawFields(doc, l, x, y + pad + titleH, colWidths[i]);
        x += colWidths[i] + gap;
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Header: issuer (with logo) and the framed RUC / title / number box

function headerItem(doc: Doc, model: PrintModel, logo: Logo | undefined): Item {
  const boxW = 196;
  const gap = 16;
  const leftW = W - boxW - gap;
  const logoMaxW = 120;
  const logoMaxH = 70;
  let logoW = 0;
  let logoH = 0;
  if (logo) {
    const scale = Math.min(logoMaxW / logo.width, logoMaxH / logo.height, 1.5);
    logoW = logo.width * scale;
    logoH = logo.height * scale;
  }
  const textX = MX + (logo ? logoW + 10 : 0);
  const textW = leftW - (logo ? logoW + 10 : 0);
  const issuer = model.issuer;
  const blocks: { lines: string[]; style: TextStyle; gap: number }[] = [];
  if (issuer.tradeName) {
    blocks.push({ lines: wrapText(doc, issuer.tradeName, textW, ST.issuerTitle), style: ST.issuerTitle, gap: 2 });
    blocks.push({ lines: wrapText(doc, issuer.name, textW, ST.issuerName), style: ST.issuerName, gap: 3 });
  } else {
    blocks.push({ lines: wrapText(doc, issuer.name, textW, ST.issuerTitle), style: ST.issuerTitle, gap: 4 });
  }
  blocks.push({ lines: wrapText(doc, issuer.address, textW, ST.small), style: ST.small, gap: 1 });
  if (issuer.establishment)
    blocks.push({ lines: wrapText(doc, issuer.establishment, textW, ST.small), style: ST.small, gap: 1 });
  const contact = [issuer.phone && `Telf.: ${issuer.phone}`, issuer.email, issuer.website]
    .filter(Boolean)
    .join('  ·  ');
  if (contact) blocks.push({ lines: wrapText(doc, contact, textW, ST.small), style: ST.small, gap: 0 });
  const textH = blocks.reduce((h, b) => h + b.lines.length * lineHeight(b.style) + b.gap, 0);

  const boxPad = 10;
  const titleLines = wrapText(doc, documentTitle(model.documentType), boxW - 2 * boxPad, ST.boxTitle);
  const bandH = titleLines.length * lineHeight(ST.boxTitle) + 10;
  const boxH = boxPad + lineHeight(ST.boxRuc) + 8 + bandH + 8 + lineHeight(ST.boxNumber) + boxPad - 2;
  const height = Math.max(logoH, textH, boxH);

  return {
    height,
    draw(y) {
      if (logo) drawLogo(doc, logo, MX, y, logoW, logoH);
      let ty = y + Math.max(0, (Math.min(height, boxH) - textH) / 2);
      if (textH > boxH) ty = y;
      for (const b of blocks) {
        ty += drawLines(doc, b.lines, textX, ty, textW, b.style) + b.gap;
      }
      const bx = MX + W - boxW;
      doc.save().roundedRect(bx, y, boxW, boxH, 5).lineWidth(1.2).strokeColor(ACCENT).stroke().restore();
      let by = y + boxPad;
      drawLine(doc, content.rucLine(model), bx, by, boxW, ST.boxRuc, 'center');
      by += lineHeight(ST.boxRuc) + 6;
      doc
        .save()
        .rect(bx + 0.6, by, boxW - 1.2, bandH)
        .fill(ACCENT)
        .restore();
      drawLines(doc, titleLines, bx + boxPad, by + 5.5, boxW - 2 * boxPad, ST.boxTitle, 'center');
      by += bandH + 8;
      drawLine(
        doc,
        fitLine(doc, content.documentNumber(model), boxW - 2 * boxPad, ST.boxNumber),
        bx,
        by,
        boxW,
        ST.boxNumber,
        'center',
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Tables

interface CellLine {
  text: string;
  style: TextStyle;
}
interface Column {
  header: string;
  width: number;
  align: Align;
}
type Row = CellLine[][];

const PAD_X = 3;
const PAD_Y = 3;

function cellHeight(cell: CellLine[]): number {
  return cell.reduce((h, l) => h + lineHeight(l.style), 0);
}

function rowHeight(row: Row): number {
  return Math.max(lineHeight(ST.cell), ...row.map(cellHeight)) + 2 * PAD_Y;
}

/** Splits a row taller than a whole page: the lines that fit in `available`, and the rest. */
function splitRow(row: Row, available: number): [Row, Row] {
  const limit = available - 2 * PAD_Y;
  const head: Row = [];
  const tail: Row = [];
  for (const cell of row) {
    let h = 0;
    let n = 0;
    while (n < cell.length && h + lineHeight(cell[n].style) <= limit) h += lineHeight(cell[n++].style);
    head.push(cell.slice(0, Math.max(n, 0)));
    tail.push(cell.slice(n));
  }
  return [head, tail];
}

function wrapCell(doc: Doc, text: string, width: number, style: TextStyle): CellLine[] {
  return wrapText(doc, text, width - 2 * PAD_X, style).map((t) => ({ text: t, style }));
}

function oneLine(doc: Doc, text: string, width: number, style: TextStyle = ST.cell): CellLine[] {
  return [{ text: fitLine(doc, text, width - 2 * PAD_X, style), style }];
}

class Table {
  private readonly headerCells: CellLine[][];
  readonly headerHeight: number;

  constructor(
    private readonly doc: Doc,
    private readonly columns: Column[],
  ) {
    this.headerCells = columns.map((c) => wrapCell(doc, c.header, c.width, ST.th));
    this.headerHeight = Math.max(...this.headerCells.map(cellHeight)) + 2 * PAD_Y + 1;
  }

  drawHeader(flow: Flow): void {
    const doc = this.doc;
    doc.save().rect(MX, flow.y, W, this.headerHeight).fill(ACCENT).restore();
    let x = MX;
    this.columns.forEach((c, i) => {
      const cell = this.headerCells[i];
      const top = flow.y + (this.headerHeight - cellHeight(cell)) / 2;
      drawLines(
        doc,
        cell.map((l) => l.text),
        x + PAD_X,
        top,
        c.width - 2 * PAD_X,
        ST.th,
        c.align === 'right' ? 'right' : 'center',
      );
      x += c.width;
    });
    flow.y += this.headerHeight;
  }

  private drawRow(flow: Flow, row: Row, shaded: boolean): void {
    const doc = this.doc;
    const h = rowHeight(row);
    if (shaded) doc.save().rect(MX, flow.y, W, h).fill('#f7f9fb').restore();
    let x = MX;
    this.columns.forEach((c, i) => {
      let cy = flow.y + PAD_Y;
      for (const line of row[i] ?? []) {
        drawLine(doc, line.text, x + PAD_X, cy, c.width - 2 * PAD_X, line.style, c.align);
        cy += lineHeight(line.style);
      }
      x += c.width;
    });
    flow.y += h;
    rule(doc, MX, flow.y, W);
  }

  /** Draws the header and the rows, breaking pages between rows (and inside a row taller than a page). */
  draw(flow: Flow, rows: Row[]): void {
    flow.ensure(this.headerHeight + (rows[0] ? Math.min(rowHeight(rows[0]), 60) : 0));
    this.drawHeader(flow);
    flow.repeat = () => this.drawHeader(flow);
    const freshCapacity = BOTTOM - CONTINUATION_TOP - this.headerHeight;
    rows.forEach((original, index) => {
      let row = original;
      for (;;) {
        const h = rowHeight(row);
        if (h <= flow.room) {
          this.drawRow(flow, row, index % 2 === 1);
          break;
        }
        if (h <= freshCapacity) {
          flow.newPage();
          continue;
        }
        // Taller than any page (a very long description): fill this page, go on overleaf.
        if (flow.room < 40) flow.newPage();
        const [head, tail] = splitRow(row, flow.room);
        this.drawRow(flow, head, index % 2 === 1);
        row = tail;
        flow.newPage();
      }
    });
    flow.repeat = undefined;
    rule(this.doc, MX, flow.y, W, ACCENT, 0.8);
  }
}

function linesTable(doc: Doc, model: PrintModel): { table: Table; rows: Row[] } {
  const hasCode = model.lines.some((l) => l.code);
  const hasDiscount = model.lines.some((l) => l.discount !== undefined);
  const cols: (Column & { key: string })[] = [
    { key: 'qty', header: 'CANT.', width: 46, align: 'right' },
    { key: 'unit', header: 'UNID.', width: 32, align: 'center' },
  ];
  if (hasCode) cols.push({ key: 'code', header: 'CÓDIGO', width: 66, align: 'left' });
  cols.push({ key: 'desc', header: 'DESCRIPCIÓN', width: 0, align: 'left' });
  // A guide's lines are goods moved: no prices.
  if (!model.dispatch) {
    cols.push({ key: 'value', header: 'V. UNIT.', width: 54, align: 'right' });
    cols.push({ key: 'price', header: 'P. UNIT.', width: 54, align: 'right' });
    if (hasDiscount) cols.push({ key: 'disc', header: 'DSCTO.', width: 44, align: 'right' });
    cols.push({ key: 'amount', header: 'IMPORTE', width: 62, align: 'right' });
  }
  const fixed = cols.reduce((s, c) => s + c.width, 0);
  cols.find((c) => c.key === 'desc')!.width = W - fixed;

  const rows: Row[] = model.lines.map((line) =>
    cols.map((c): CellLine[] => {
      switch (c.key) {
        case 'qty':
          return oneLine(doc, line.quantity, c.width);
        case 'unit':
          return oneLine(doc, line.unit, c.width);
        case 'code':
          return line.code ? wrapCell(doc, line.code, c.width, ST.cell) : [];
        case 'desc':
          return [
            ...wrapCell(doc, line.description, c.width, ST.cell),
            ...(line.details ?? []).flatMap((d) => wrapCell(doc, d, c.width, ST.detail)),
          ];
        case 'value':
          return oneLine(doc, line.unitValue, c.width);
        case 'price':
          return oneLine(doc, line.unitPrice, c.width);
        case 'disc':
          return line.discount !== undefined ? oneLine(doc, line.discount, c.width) : [];
        default:
          return oneLine(doc, line.amount, c.width);
      }
    }),
  );
  return { table: new Table(doc, cols), rows };
}

function perceptionTable(doc: Doc, model: PrintModel, wording: VoucherWording): { table: Table; rows: Row[] } {
  const cols: Column[] = [
    { header: 'TIPO', width: 52, align: 'left' },
    { header: 'NÚMERO', width: 62, align: 'left' },
    { header: 'FECHA EMISIÓN', width: 48, align: 'center' },
    { header: 'MONEDA', width: 38, align: 'center' },
    { header: 'IMPORTE TOTAL', width: 60, align: 'right' },
    { header: 'FECHA PAGO', width: 48, align: 'center' },
    { header: 'IMPORTE PAGADO', width: 60, align: 'right' },
    { header: 'T.C.', width: 36, align: 'right' },
    { header: `${wording.amount.toUpperCase()} S/`, width: 56, align: 'right' },
    { header: `${wording.net.toUpperCase()} S/`, width: 0, align: 'right' },
  ];
  cols[cols.length - 1].width = W - cols.reduce((s, c) => s + c.width, 0);
  const rows: Row[] = (model.perception?.documents ?? []).map((d) => {
    const values = [
      d.typeLabel,
      d.number,
      formatDate(d.issueDate),
      d.currency,
      d.documentTotal,
      d.paymentDate ? formatDate(d.paymentDate) : '',
      d.paid,
      d.exchangeRate ?? '',
      d.perceived,
      d.cashed,
    ];
    return values.map((v, i) => (i === 0 ? wrapCell(doc, v, cols[i].width, ST.cell) : oneLine(doc, v, cols[i].width)));
  });
  return { table: new Table(doc, cols), rows };
}

// ---------------------------------------------------------------------------------------------------------
// Summary: totals box on the right; amount in words, legends, payment terms, detraction on the left

function totalsItem(doc: Doc, model: PrintModel, width: number): Item {
  const rows = content.totalRows(model);
  const lh = lineHeight(ST.body) + 3;
  const strongH = lineHeight(ST.total) + 8;
  const endsStrong = rows[rows.length - 1]?.strong === true;
  const height = 4 + rows.reduce((h, r) => h + (r.strong ? strongH : lh), 0) + (endsStrong ? 0 : 3);
  return {
    height,
    draw(y) {
      const x = MX + W - width;
      let cy = y + 4;
      for (const r of rows) {
        if (r.strong) {
          // The band is clipped to the rounded frame so it fills the box's bottom corners cleanly.
          doc.save().roundedRect(x, y, width, height, 4).clip().rect(x, cy, width, strongH).fill(ACCENT).restore();
          drawLine(doc, r.label, x + 7, cy + 4, width, ST.total);
          drawLine(doc, r.value, x, cy + 4, width - 7, ST.total, 'right');
          cy += strongH;
        } else {
          drawLine(doc, r.label, x + 7, cy + 1.5, width, ST.body);
          drawLine(doc, r.value, x, cy + 1.5, width - 7, ST.bold, 'right');
          cy += lh;
        }
      }
      frame(doc, x, y, width, height, endsStrong ? ACCENT : RULE);
    },
  };
}

function textItems(doc: Doc, x: number, width: number, text: string, style: TextStyle, gapAfter = 0): Item[] {
  const lines = wrapText(doc, text, width, style);
  return lines.map((line, i) => ({
    height: lineHeight(style) + (i === lines.length - 1 ? gapAfter : 0),
    draw: (y: number) => drawLine(doc, line, x, y, width, style),
  }));
}

function fieldItems(doc: Doc, x: number, width: number, fields: PrintLabelValue[], gapAfter = 0): Item[] {
  const layout = layoutFields(doc, fields, width);
  const lh = lineHeight(ST.value);
  return layout.rows.map((row, i) => ({
    height: Math.max(1, row.lines.length) * lh + 1.5 + (i === layout.rows.length - 1 ? gapAfter : 0),
    draw: (y: number) => {
      drawLine(doc, fitLine(doc, row.label, layout.labelWidth, ST.label), x, y, layout.labelWidth, ST.label);
      drawLines(doc, row.lines, x + layout.labelWidth, y, width - layout.labelWidth, ST.value);
    },
  }));
}

function instalmentItems(doc: Doc, model: PrintModel, x: number, width: number): Item[] {
  const instalments = model.paymentTerms?.instalments ?? [];
  if (instalments.length === 0) return [];
  const widths = [width * 0.34, width * 0.33, width * 0.33];
  const lh = lineHeight(ST.value) + 2;
  const row = (cells: string[], style: TextStyle, shaded: boolean): Item => ({
    height: lh,
    draw: (y) => {
      if (shaded) doc.save().rect(x, y, width, lh).fill(TINT).restore();
      drawLine(doc, fitLine(doc, cells[0], widths[0] - 6, style), x + 3, y + 1.2, widths[0], style);
      drawLine(doc, cells[1], x + widths[0], y + 1.2, widths[1], style, 'center');
      drawLine(doc, cells[2], x + widths[0] + widths[1], y + 1.2, widths[2] - 3, style, 'right');
    },
  });
  const s = model.currency.symbol;
  return [
    row(['Cuota', 'Vencimiento', `Monto (${s})`], ST.label, true),
    ...instalments.map((c) => row([c.label, formatDate(c.dueDate), c.amount], ST.value, false)),
    { height: 4, draw: (y) => rule(doc, x, y + 1, width) },
  ];
}

function heading(doc: Doc, x: number, width: number, text: string): Item {
  return {
    height: lineHeight(ST.section) + 2,
    draw: (y) => drawLine(doc, fitLine(doc, text, width, ST.section), x, y, width, ST.section),
  };
}

function leftColumnItems(doc: Doc, model: PrintModel, x: number, width: number): Item[] {
  const items: Item[] = [];
  // Amount in words in a tinted band (legend 1000).
  const words = wrapText(doc, content.amountInWordsLine(model), width - 12, ST.words);
  const wordsH = words.length * lineHeight(ST.words) + 10;
  items.push({
    height: wordsH + 6,
    draw: (y) => {
      doc.save().roundedRect(x, y, width, wordsH, 3).fill(TINT).restore();
      drawLines(doc, words, x + 6, y + 5, width - 12, ST.words);
    },
  });
  for (const legend of content.legendTexts(model)) items.push(...textItems(doc, x, width, legend, ST.value, 3));
  if (items.length > 1) items[items.length - 1].height += 3;

  const terms = model.paymentTerms;
  if (terms) {
    items.push(heading(doc, x, width, `FORMA DE PAGO: ${terms.condition.toUpperCase()}`));
    const pending = content.pendingPaymentLine(model);
    if (pending) items.push(...textItems(doc, x, width, pending, ST.value, 2));
    items.push(...instalmentItems(doc, model, x, width));
    const payments = content.paymentLines(model);
    if (payments.length) {
      items.push(...textItems(doc, x, width, `Pagos: ${payments.join('; ')}`, ST.value, 0));
    }
    items.push({ height: 5, draw: () => undefined });
  }
  const detraction = content.detractionFields(model);
  if (detraction.length) {
    items.push(heading(doc, x, width, content.DETRACTION_TITLE));
    items.push(...fieldItems(doc, x, width, detraction, 5));
  }
  return items;
}

function summary(doc: Doc, flow: Flow, model: PrintModel): void {
  const totalsW = 206;
  const gap = 16;
  const leftW = W - totalsW - gap;
  const totals = totalsItem(doc, model, totalsW);
  const left = leftColumnItems(doc, model, MX, leftW);
  const leftH = left.reduce((h, i) => h + i.height, 0);
  // Keep the totals and the start of the left column together; the left column may continue overleaf.
  flow.ensure(Math.max(totals.height, Math.min(leftH, left[0].height + 40)));
  totals.draw(flow.y);
  const totalsBottom = flow.y + totals.height;
  let brokeOver = false;
  for (const item of left) {
    if (flow.y + item.height > BOTTOM) {
      flow.newPage();
      brokeOver = true;
    }
    item.draw(flow.y);
    flow.y += item.height;
  }
  if (!brokeOver) flow.y = Math.max(flow.y, totalsBottom);
  flow.y += 8;
}

// ---------------------------------------------------------------------------------------------------------
// Observations, additional information and the QR footer

function notesSection(doc: Doc, flow: Flow, model: PrintModel): void {
  if (model.observations) {
    const items = [heading(doc, MX, W, 'OBSERVACIONES'), ...textItems(doc, MX, W, model.observations, ST.value, 6)];
    flow.ensure(items[0].height + (items[1]?.height ?? 0));
    for (const item of items) flow.place(item);
  }
  if (model.additionalInformation?.length) {
    const items = [
      heading(doc, MX, W, 'INFORMACIÓN ADICIONAL'),
      ...fieldItems(doc, MX, W, model.additionalInformation, 6),
    ];
    flow.ensure(items[0].height + (items[1]?.height ?? 0));
    for (const item of items) flow.place(item);
  }
}

function footerItem(doc: Doc, model: PrintModel): Item {
  const qrSide = 92;
  const pad = 8;
  const textX = MX + pad + qrSide + 14;
  const textW = W - (textX - MX) - pad;
  const legend = wrapText(doc, content.footerLegend(model, representationLegend(model.documentType)), textW, ST.footer);
  const hash = wrapText(doc, `Valor resumen: ${model.hash}`, textW, ST.value);
  const authorization = [model.authorization, model.footerText].flatMap((t) =>
    t ? wrapText(doc, t, textW, ST.small) : [],
  );
  const textH =
    legend.length * lineHeight(ST.footer) +
    4 +
    hash.length * lineHeight(ST.value) +
    (authorization.length ? 4 + authorization.length * lineHeight(ST.small) : 0);
  const height = Math.max(qrSide, textH) + 2 * pad;
  const matrix = qrMatrix(model.qrText);
  return {
    height,
    draw(y) {
      frame(doc, MX, y, W, height);
      drawQr(doc, matrix, MX + pad, y + pad, qrSide);
      let ty = y + (height - textH) / 2;
      ty += drawLines(doc, legend, textX, ty, textW, ST.footer) + 4;
      ty += drawLines(doc, hash, textX, ty, textW, ST.value);
      if (authorization.length) drawLines(doc, authorization, textX, ty + 4, textW, ST.small);
    },
  };
}

function decorateAllPages(doc: Doc, model: PrintModel): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    if (model.watermark) {
      doc.save();
      doc.rotate(-40, { origin: [PAGE_W / 2, PAGE_H / 2] });
      doc.fillOpacity(0.13);
      // 96 pt, smaller for a longer word (POR ANULAR) so that it is printed whole across the page.
      const wide: TextStyle = { font: 'Helvetica-Bold', size: 96, color: '#b91c1c' };
      const size = Math.min(96, Math.floor((96 * (PAGE_W - 24)) / textWidth(doc, model.watermark, wide)));
      const style: TextStyle = { ...wide, size };
      const text = fitLine(doc, model.watermark, PAGE_W, style);
      drawLine(doc, text, 0, PAGE_H / 2 - size / 2, PAGE_W, style, 'center');
      doc.restore();
    }
    // A demo document says so above everything, on every page (there is room above TOP).
    if (model.notice) drawLine(doc, model.notice, MX, 14, W, NOTICE_STYLE, 'center');
    drawLine(doc, `Página ${i - range.start + 1} de ${range.count}`, MX, PAGE_H - 32, W, ST.pageNo, 'center');
  }
}

/** Lays the whole document out on `doc` (created with bufferPages and no automatic first page). */
export function layoutA4(doc: Doc, model: PrintModel): void {
  const flow = new Flow(doc, model);
  flow.firstPage();
  flow.place(headerItem(doc, model, openLogo(doc, model.issuer.logoBase64)), 10);
  flow.place(fieldsBox(doc, undefined, [content.customerFields(model), content.documentFields(model)]), 6);
  const note = content.noteFields(model);
  if (note.length) flow.place(fieldsBox(doc, 'DOCUMENTO QUE MODIFICA', [note]), 6);
  const references = content.referenceFields(model);
  if (references.length) flow.place(fieldsBox(doc, 'DOCUMENTOS RELACIONADOS', [references]), 6);
  for (const section of model.dispatch?.sections ?? []) flow.place(fieldsBox(doc, section.title, [section.fields]), 6);
  flow.y += 4;
  const wording = voucherWording(model.documentType);
  const { table, rows } = wording ? perceptionTable(doc, model, wording) : linesTable(doc, model);
  table.draw(flow, rows);
  flow.y += 8;
  if (!model.dispatch) summary(doc, flow, model);
  notesSection(doc, flow, model);
  flow.place(footerItem(doc, model));
  decorateAllPages(doc, model);
}
