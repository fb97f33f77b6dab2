// computeDocument: a parsed body + context → the computed document, as a fixed sequence of small pure steps
// fill defaults → compute each line → sum the document → check the rules knowable in advance →
// assemble. Each step returns new values and its own findings; nothing here mutates its input or does I/O.
import { itemProperties, propertyValueElement } from '../catalogs/index.ts';
import {
  Decimal,
  ZERO,
  canonical,
  formatAmount,
  formatDecimal,
  formatUnitAmount,
  round2,
  type Decimal as D,
} from '../money.ts';
import type { Issue, Warning } from '../issues.ts';
import { amountInWords, numberToLetter } from '../words.ts';
import { DEFAULT_ISSUE_DATE_MAX_AGE_DAYS, type DocumentContext } from './context.ts';
import { fillDefaults, type FilledBody } from './defaults.ts';
import type { Findings } from './findings.ts';
import { computeLines, type UnitPriceRule, type WorkAllowanceCharge, type WorkLine } from './lines.ts';
import { checkConsistency } from './rules/consistency.ts';
import { checkCustomer } from './rules/customer.ts';
import { checkDates } from './rules/dates.ts';
import { checkDetraction } from './rules/detraction.ts';
import { checkIgvRates } from './rules/igv-rate.ts';
import { checkItemProperties, propertyTypedValue } from './rules/item-properties.ts';
import { checkLineMagnitudes, checkTotalMagnitudes } from './rules/magnitudes.ts';
import { buildLegends } from './rules/legends.ts';
import { toPen } from './rules/money-context.ts';
import { checkNote } from './rules/notes.ts';
import { checkNoteSums } from './rules/note-sums.ts';
import { checkNoteKind } from './rules/note-kinds.ts';
import { checkOperationProducts } from './rules/operation-products.ts';
import { checkPaymentTerms, paymentTermsRules } from './rules/payment-terms.ts';
import { checkPerception, checkRetention } from './rules/perception-retention.ts';
import { checkSeries } from './rules/series.ts';
import type { DocumentBody } from './schema.ts';
import { sumDocument, type DocumentSums } from './totals.ts';
import type {
  ComputedDocument,
  DocumentAllowanceCharge,
  DocumentItemAttribute,
  DocumentLine,
  DocumentNote,
  DocumentTotals,
} from './types.ts';

export interface ComputeResult {
  /** Present when there are no issues. */
  document?: ComputedDocument;
  issues: Issue[];
  warnings: Warning[];
}

/** Issues and warnings of every step, in the order the steps ran. */
class Collected {
  readonly issues: Issue[] = [];
  readonly warnings: Warning[] = [];
  add(f: Findings): void {
    this.issues.push(...f.issues);
    this.warnings.push(...f.warnings);
  }
}

/** What the header tells before any figure: the document's type, its group (01 facturas, 02 boletas) and note. */
interface Header {
  type: ComputedDocument['documentType'];
  isInvoice: boolean;
  group: '01' | '02';
  note?: DocumentNote;
}

export function computeDocument(body: DocumentBody, ctx: DocumentContext): ComputeResult {
  const c = new Collected();
  const done = (document?: ComputedDocument): ComputeResult => ({
    ...(document ? { document } : {}),
    issues: c.issues,
    warnings: c.warnings,
  });
  // 1. Fill defaults; the rules that need no figures.
  const filled = fillDefaults(body, ctx);
  c.add(filled.findings);
  const b = filled.body;
  const header = headerRules(b, ctx, c);
  // 2–3. Compute each line, then sum the document; figures beyond SUNAT's formats stop here.
  const figures = linesAndSums(b, header, c);
  if (!figures) return done();
  // 4. Rules that need the figures.
  const checked = figureRules(b, ctx, header, figures, c);
  if (c.issues.length > 0) return done();
  // 5. Assemble the computed document (plain JSON).
  return done(assemble(b, header, figures, checked));
}

/** Series (1001), dates (2108/2329), the note's reference and type, the lines' consistency with the operation. */
function headerRules(b: FilledBody, ctx: DocumentContext, c: Collected): Header {
  const type = b.codigo_tipo_documento as ComputedDocument['documentType'];
  const isInvoice = type === '01' || type === '03';
  let group: '01' | '02' = type === '03' ? '02' : '01';
  let note: DocumentNote | undefined;
  if (!isInvoice) {
    const n = checkNote(b);
    c.add(n.findings);
    note = n.note;
    group = n.group;
  }
  c.add(checkSeries(b.serie_documento, type));
  c.add(
    checkDates({
      issueDate: b.fecha_de_emision,
      dueDate: b.fecha_de_vencimiento,
      today: ctx.today,
      group,
      maxAgeDays: ctx.issueDateMaxAgeDays ?? DEFAULT_ISSUE_DATE_MAX_AGE_DAYS,
      isInvoice,
    }),
  );
  c.add(checkConsistency(b));
  c.add(checkItemProperties(b));
  c.add(checkOperationProducts(b));
  return { type, isInvoice, group, ...(note ? { note } : {}) };
}

interface Figures {
  lines: WorkLine[];
  sums: DocumentSums;
  payable: Decimal;
}

/** Each line, then the document's sums; a broken line would make every header sum look wrong: stop before. */
function linesAndSums(b: FilledBody, header: Header, c: Collected): Figures | undefined {
  const { isInvoice } = header;
  const computed = computeLines(b.items, b.fecha_de_emision, {
    netUnitValue: !isInvoice,
    // SUNAT 3105 on notes only asks for the tax scheme (an NC 13 has lines of 0.00).
    zeroValueAllowed:
      !isInvoice || ['0112', '2100', '2101', '2102', '2103', '2104'].includes(b.codigo_tipo_operacion ?? ''),
    unitPrice: unitPriceRule(header),
  });
  c.add(computed.findings);
  if (!computed.complete) return undefined;
  c.add(checkIgvRates(computed.lines, b.fecha_de_emision, !isInvoice));
  // Figures beyond SUNAT's formats cannot be summed, written or spelled out in words: stop here.
  const lineMagnitudes = checkLineMagnitudes(computed.lines);
  c.add(lineMagnitudes);
  if (lineMagnitudes.issues.length > 0) return undefined;
  const summed = sumDocument(b, computed.lines);
  c.add(summed.findings);
  const totalMagnitudes = checkTotalMagnitudes(summed.sums.totals);
  c.add(totalMagnitudes);
  if (totalMagnitudes.issues.length > 0) return undefined;
  return { lines: computed.lines, sums: summed.sums, payable: summed.sums.totals.payable };
}

/**
 * The unit price SUNAT computes and how it answers a sent one off by more than ±1: 3270 on facturas (Factura XSL)
 * and debit notes of facturas (ND, from the value and taxes alone); observation 4287 on boletas and debit notes of
 * boletas; credit notes compare none (NC XSL).
 */
function unitPriceRule({ type, group }: Header): UnitPriceRule {
  if (type === '07') return { formula: 'invoice', check: 'none' };
  const check = group === '01' ? 'error' : 'observation';
  return { formula: type === '08' ? 'debit-note' : 'invoice', check };
}

type Checked = ReturnType<typeof figureRules>;

/** Detraction, perception, retention, FormaPago, the customer (with the total in PEN) and the legends. */
function figureRules(b: FilledBody, ctx: DocumentContext, header: Header, figures: Figures, c: Collected) {
  const { payable, lines } = figures;
  const { type, isInvoice, group, note } = header;
  const detraction = checkDetraction(b, payable);
  c.add(detraction.findings);
  const perception = checkPerception(b, payable);
  c.add(perception.findings);
  const retention = checkRetention(b, payable);
  c.add(retention.findings);
  const nc13 = type === '07' && note?.typeCode === '13';
  if (type === '07' || type === '08') {
    const taxSubtotals = figures.sums.taxSubtotals;
    c.add(checkNoteKind({ documentType: type, typeCode: note?.typeCode, lines, taxSubtotals, payable }));
    c.add(checkNoteSums({ body: b, group, lines, totals: figures.sums.totals, taxSubtotals }));
  }
  const terms = checkPaymentTerms({
    body: b,
    payable,
    detraction: detractionInDocumentCurrency(b, detraction.amount),
    retention: retention.amount ?? ZERO,
    // SUNAT accepts FormaPago Credito with cuotas on any note (NC 13 must carry it); notes at cash carry none.
    carriesPaymentTerms: isInvoice || nc13 || b.codigo_condicion_de_pago === '02' || (b.cuotas?.length ?? 0) > 0,
    requiresCredit: nc13,
    rules: paymentTermsRules(type, b.datos_del_cliente_o_receptor.codigo_tipo_documento_identidad, nc13),
  });
  c.add(terms.findings);
  const payablePen = toPen(payable, b.codigo_tipo_moneda, b.factor_tipo_de_cambio) ?? payable;
  c.add(checkCustomer({ body: b, group, payablePen, mode: ctx.mode, isNote: !isInvoice }));
  const words = amountInWords(payable, b.codigo_tipo_moneda);
  const required: string[] = [];
  if (lines.length > 0 && lines.every((l) => !l.affectation.onerous)) required.push('1002');
  if (detraction.detraction) required.push('2006');
  if (perception.perception) required.push('2000');
  if (lines.some((l) => l.affectation.scheme === '1016')) required.push('2007');
  const legends = buildLegends({ body: b, amountInWords: words, required });
  c.add(legends.findings);
  return { detraction, perception, retention, terms, legends: legends.legends, words };
}

/**
 * The computed document: plain JSON, everything formatted as it goes into the XML. Its fixed fields are one literal,
 * the optional ones set after it (see toLine).
 */
function assemble(b: FilledBody, header: Header, figures: Figures, checked: Checked): ComputedDocument {
  const { type, isInvoice, group, note } = header;
  const { sums, payable } = figures;
  const { detraction, perception, retention, terms } = checked;
  const currency = b.codigo_tipo_moneda;
  const { advances, guides, related } = documentReferences(b, sums);
  const doc: ComputedDocument = {
    schemaVersion: 1,
    documentType: type,
    group,
    series: b.serie_documento,
    number: b.numero_documento === '#' ? null : b.numero_documento,
    issueDate: b.fecha_de_emision,
    issueTime: b.hora_de_emision,
    currency,
    paymentCondition: b.codigo_condicion_de_pago,
    customer: customerOf(b),
    lines: figures.lines.map((l) => toLine(l, currency)),
    allowanceCharges: documentAllowanceCharges(sums, checked, currency),
    taxSubtotals: sums.taxSubtotals.map((s) =>
      s.taxableAmount !== undefined
        ? { scheme: s.scheme, taxableAmount: formatAmount(s.taxableAmount), taxAmount: formatAmount(s.taxAmount) }
        : { scheme: s.scheme, taxAmount: formatAmount(s.taxAmount) },
    ),
    totals: toTotals(sums, terms.pending),
    legends: checked.legends,
    advances,
    guides,
    related,
    installments: terms.installments,
    payments: paymentsOf(b),
    actions: {
      sendEmail: b.acciones?.enviar_email ?? false,
      sendXmlSigned: b.acciones?.enviar_xml_firmado ?? true,
      pdfFormat: b.acciones?.formato_pdf ?? 'a4',
    },
    amountInWords: checked.words,
    numberToLetter: numberToLetter(payable),
    extra: headerExtra(b),
  };
  if (isInvoice && b.fecha_de_vencimiento) doc.dueDate = b.fecha_de_vencimiento;
  if (isInvoice && b.codigo_tipo_operacion) doc.operationType = b.codigo_tipo_operacion;
  if (b.factor_tipo_de_cambio) doc.exchangeRate = canonical(b.factor_tipo_de_cambio);
  if (b.numero_orden_de_compra) doc.purchaseOrder = b.numero_orden_de_compra;
  if (b.informacion_adicional) doc.additionalInformation = b.informacion_adicional;
  if (terms.paymentForm) doc.paymentForm = terms.paymentForm;
  if (detraction.detraction) doc.detraction = detraction.detraction;
  if (perception.perception) doc.perception = perception.perception;
  if (retention.retention) doc.retention = retention.retention;
  if (note) doc.note = note;
  return doc;
}

/** The document's discounts and charges, then the perception (51–53, PEN) and retention (62) as charges/discounts. */
function documentAllowanceCharges(sums: DocumentSums, checked: Checked, currency: string): DocumentAllowanceCharge[] {
  const out = sums.allowanceCharges.map((ac) => toAllowanceCharge(ac, currency));
  const p = checked.perception.perception;
  if (p) {
    const factor = canonical(new Decimal(p.percent).div(100));
    out.push({ charge: true, code: p.code, factor, amount: p.amount, base: p.base, currency: 'PEN' });
  }
  const r = checked.retention.retention;
  if (r) {
    const factor = canonical(new Decimal(r.percent).div(100));
    out.push({ charge: false, code: '62', factor, amount: r.amount, base: r.base, currency });
  }
  return out;
}

/** Advances, despatch guides and related documents the document refers to. */
function documentReferences(b: FilledBody, sums: DocumentSums) {
  return {
    advances: sums.advances.map((a) => ({
      number: a.number,
      documentType: a.documentType,
      value: formatAmount(a.value),
      total: formatAmount(a.total),
    })),
    guides: (b.guias ?? []).map((g) => ({
      number: g.numero.trim().toUpperCase(),
      documentType: g.codigo_tipo_documento,
    })),
    related: (b.relacionados ?? []).map((r) => ({
      number: r.numero.trim(),
      documentType: r.codigo_tipo_documento,
      ...(r.monto !== undefined ? { amount: formatAmount(r.monto) } : {}),
    })),
  };
}

function paymentsOf(b: FilledBody): ComputedDocument['payments'] {
  return (b.pagos ?? []).map((p) => ({
    methodCode: p.codigo_metodo_pago,
    ...(p.codigo_destino_pago !== undefined ? { destination: p.codigo_destino_pago } : {}),
    ...(p.referencia ? { reference: p.referencia } : {}),
    amount: formatAmount(p.monto ?? ZERO),
    ...(p.pago_recibido !== undefined ? { received: formatAmount(p.pago_recibido) } : {}),
  }));
}

/** The customer: fixed fields in one literal, the optional ones set after it (see toLine). */
function customerOf(b: FilledBody): ComputedDocument['customer'] {
  const c = b.datos_del_cliente_o_receptor;
  const customer: ComputedDocument['customer'] = {
    documentType: c.codigo_tipo_documento_identidad,
    documentNumber: c.numero_documento.trim(),
    name: c.apellidos_y_nombres_o_razon_social.trim(),
    countryCode: c.codigo_pais ?? 'PE',
  };
  if (c.nombre_comercial) customer.tradeName = c.nombre_comercial;
  if (c.ubigeo) customer.ubigeo = c.ubigeo;
  if (c.direccion) customer.address = c.direccion;
  if (c.correo_electronico) customer.email = c.correo_electronico;
  if (c.telefono) customer.phone = c.telefono;
  if (c.codigo_tipo_direccion) customer.addressTypeCode = c.codigo_tipo_direccion;
  return customer;
}

function toAllowanceCharge(ac: WorkAllowanceCharge, currency: string): DocumentAllowanceCharge {
  return {
    charge: ac.charge,
    code: ac.code,
    ...(ac.description ? { description: ac.description } : {}),
    ...(ac.factor !== undefined ? { factor: canonical(ac.factor) } : {}),
    amount: formatAmount(ac.amount),
    base: formatAmount(ac.base),
    currency,
  };
}

/**
 * The item's own fields kept as sent (FacturadorPro's, for the PDF and the ERP), each read by name: a loop of keyed
 * reads over keys most items lack missed V8's inline caches and took its slow property lookup, line after line.
 */
function itemExtra(item: WorkLine['item']): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  const { nombre, nombre_secundario, lots, actualizar_descripcion, nombre_producto_pdf } = item;
  const { dato_adicional, warehouse_id, IdLoteSelected, presentacion } = item;
  if (nombre !== undefined) extra.nombre = nombre;
  if (nombre_secundario !== undefined) extra.nombre_secundario = nombre_secundario;
  if (lots !== undefined) extra.lots = lots;
  if (actualizar_descripcion !== undefined) extra.actualizar_descripcion = actualizar_descripcion;
  if (nombre_producto_pdf !== undefined) extra.nombre_producto_pdf = nombre_producto_pdf;
  if (dato_adicional !== undefined) extra.dato_adicional = dato_adicional;
  if (warehouse_id !== undefined) extra.warehouse_id = warehouse_id;
  if (IdLoteSelected !== undefined) extra.IdLoteSelected = IdLoteSelected;
  if (presentacion !== undefined) extra.presentacion = presentacion;
  return extra;
}

/**
 * A line's figures as text. The fields every line has are one object literal and the optional ones are set after
 * it: in a literal, each property that follows a spread is defined through V8's runtime (~25 calls a line here).
 */
function toLine(l: WorkLine, currency: string): DocumentLine {
  const item = l.item;
  const line: DocumentLine = {
    index: l.index,
    description: item.descripcion,
    unitCode: item.unidad_de_medida,
    quantity: formatDecimal(l.quantity),
    unitValue: formatUnitAmount(l.unitValue),
    priceType: l.priceType,
    unitPrice: formatUnitAmount(l.unitPrice),
    affectationCode: l.affectation.code,
    scheme: l.affectation.scheme,
    onerous: l.affectation.onerous,
    igvBase: formatAmount(l.igvBase),
    igvPercent: canonical(l.igvPercent),
    igv: formatAmount(l.igv),
    taxes: formatAmount(l.taxes),
    value: formatAmount(l.value),
    lineExtensionAmount: formatAmount(l.lineExtension),
    discountTotal: formatAmount(l.discountTotal),
    chargeTotal: formatAmount(l.chargeTotal),
    total: formatAmount(l.total),
    allowanceCharges: l.allowanceCharges.map((ac) => toAllowanceCharge(ac, currency)),
    attributes: (item.datos_adicionales ?? []).map(toAttribute),
    extra: itemExtra(item),
  };
  if (item.codigo_interno) line.internalCode = item.codigo_interno;
  if (item.nombre_producto_xml) line.descriptionXml = item.nombre_producto_xml;
  if (item.codigo_tipo_item) line.itemType = item.codigo_tipo_item;
  if (item.codigo_producto_sunat) line.sunatProductCode = item.codigo_producto_sunat;
  if (item.codigo_producto_gsl) line.gtin = item.codigo_producto_gsl;
  if (l.isc)
    line.isc = {
      systemCode: l.isc.systemCode,
      base: formatAmount(l.isc.base),
      percent: canonical(l.isc.percent),
      amount: formatAmount(l.isc.amount),
    };
  if (l.other)
    line.otherTaxes = {
      base: formatAmount(l.other.base),
      percent: canonical(l.other.percent),
      amount: formatAmount(l.other.amount),
    };
  if (l.icbper)
    line.icbper = {
      bags: canonical(l.icbper.bags),
      rate: formatAmount(l.icbper.rate),
      amount: formatAmount(l.icbper.amount),
    };
  if (item.informacion_adicional) line.additionalInformation = item.informacion_adicional;
  return line;
}

type ItemProperty = NonNullable<FilledBody['items'][number]['datos_adicionales']>[number];

/** A catalog-55 property; dates, days and quantities go where SUNAT reads them (3065/3135), not in cbc:Value. */
function toAttribute(a: ItemProperty): DocumentItemAttribute {
  const element = propertyValueElement(a.codigo)?.element;
  const typed = element ? propertyTypedValue(a, element) : undefined;
  const startDate = element === 'startDate' ? typed : a.fecha_inicio;
  const duration = element === 'duration' ? typed : a.duracion;
  // `valor` moves to the typed element unless that element has its own field (fecha_inicio, duracion).
  const valorMoved =
    element === 'quantity' ||
    (element === 'startDate' && a.fecha_inicio === undefined) ||
    (element === 'duration' && a.duracion === undefined);
  return {
    code: a.codigo,
    name: a.descripcion ?? itemProperties.get(a.codigo)?.description ?? a.codigo,
    ...(a.valor !== undefined && !valorMoved ? { value: a.valor } : {}),
    ...(element === 'quantity' && typed !== undefined ? { quantity: canonical(typed) } : {}),
    ...(startDate ? { startDate } : {}),
    ...(a.fecha_fin ? { endDate: a.fecha_fin } : {}),
    ...(duration !== undefined ? { duration: canonical(duration) } : {}),
  };
}

function toTotals(s: DocumentSums, pending: D): DocumentTotals {
  const t = s.totals;
  const totals: DocumentTotals = {
    taxed: formatAmount(t.taxed),
    ivapBase: formatAmount(t.ivapBase),
    ivap: formatAmount(t.ivap),
    exonerated: formatAmount(t.exonerated),
    unaffected: formatAmount(t.unaffected),
    exportation: formatAmount(t.exportation),
    free: formatAmount(t.free),
    freeIgv: formatAmount(t.freeIgv),
    igv: formatAmount(t.igv),
    iscBase: formatAmount(t.iscBase),
    isc: formatAmount(t.isc),
    otherTaxesBase: formatAmount(t.otherTaxesBase),
    otherTaxes: formatAmount(t.otherTaxes),
    icbper: formatAmount(t.icbper),
    taxes: formatAmount(t.taxes),
    value: formatAmount(t.value),
    taxInclusive: formatAmount(t.taxInclusive),
    allowanceTotal: formatAmount(t.allowanceTotal),
    chargeTotal: formatAmount(t.chargeTotal),
    discountTotal: formatAmount(t.discountTotal),
    prepaid: formatAmount(t.prepaid),
    payable: formatAmount(t.payable),
    pending: formatAmount(pending),
  };
  if (!t.rounding.isZero()) totals.rounding = formatAmount(t.rounding);
  return totals;
}

const HEADER_EXTRA_KEYS = [
  'pago_anticipado',
  'codigo_nota_venta',
  'numero_de_placa',
  'codigo_vendedor',
  'terminos_condiciones',
  'folio',
  'dato_adicional',
  'es_itinerante',
  'codigo_consignado',
  'codigo_direccion_consignado',
  'consignado_ubigeo',
  'consignado_direccion',
  'hotel',
  'transport',
  'worker_full_name_tips',
  'total_tips',
  'offline_id',
] as const;

function headerExtra(b: FilledBody): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of HEADER_EXTRA_KEYS) {
    const v = b[key];
    if (v === undefined) continue;
    out[key] = v instanceof Decimal ? formatAmount(v) : v;
  }
  return out;
}

/** The detraction (in PEN) in the document's currency, for the pending amount; 0 when it cannot be converted. */
function detractionInDocumentCurrency(b: FilledBody, amountPen: Decimal | undefined): Decimal {
  if (!amountPen) return ZERO;
  if (b.codigo_tipo_moneda === 'PEN') return amountPen;
  return b.factor_tipo_de_cambio ? round2(amountPen.div(b.factor_tipo_de_cambio)) : ZERO;
}
