// PrintModel factories built from the shared fixtures' figures (the FacturadorPro JSON the ERP sent), so each
// test says only what differs. Amounts are copied from the fixtures and only formatted; the renderer itself
// receives nothing it would have to compute.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Decimal from 'decimal.js';
import {
  creditNoteTypes,
  debitNoteTypes,
  detractionGoods,
  documentTypes,
  operationTypes,
  paymentMeans,
  perceptionRegimes,
  relatedDocumentTypes,
} from '../../src/core/catalogs/index.ts';
import { qrText as coreQrText } from '../../src/core/qr.ts';
import { amountInWords } from '../../src/core/words.ts';
import {
  assignNumber,
  buildDocumentXml,
  prepareDocument,
  qrTextOf,
  type ComputedDocument,
} from '../../src/core/index.ts';
import { signXml, type SigningKey } from '../../src/core/signing.ts';
import {
  describeCurrency,
  formatAmount,
  formatFlexible,
  identityDocumentLabel,
  printModelFromComputed,
} from '../../src/render/index.ts';
import type { PrintContext } from '../../src/render/index.ts';
import { loadInvoiceFixture, testContext, testIssuer } from '../fixtures/invoices.ts';
import type { PrintLine, PrintModel, PrintTotals } from '../../src/render/index.ts';

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/', import.meta.url));
const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

/** A pinned issue date: fixtures use ${TODAY±N} placeholders. */
export const ISSUE_DATE = '2025-03-14';

function shiftDate(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export function loadFixture(relativePath: string): Json {
  const raw = readFileSync(FIXTURES + relativePath, 'utf8').replace(/\$\{TODAY(?:([+-])(\d+))?\}/g, (_m, sign, n) =>
    sign ? shiftDate(ISSUE_DATE, (sign === '-' ? -1 : 1) * Number(n)) : ISSUE_DATE,
  );
  return JSON.parse(raw);
}

/** A fake but realistic DigestValue (base64 of a SHA-1), different for every fixture. */
function fakeHash(seed: string): string {
  return createHash('sha1').update(seed).digest('base64');
}

export const logoBase64 = (): string => readFileSync(`${ASSETS}logo.png`).toString('base64');

export const issuer = {
  ruc: '20612345679',
  name: 'COMERCIALIZADORA LOS ANDES S.A.C.',
  tradeName: 'Los Andes Market',
  address: 'Av. Ejército 1024, Of. 301, Yanahuara — Arequipa, Arequipa',
  phone: '054-256677',
  email: 'ventas@losandes.example',
};

const GUIDE_TYPES: Record<string, string> = {
  '09': 'Guía de remisión remitente',
  '31': 'Guía de remisión transportista',
};
/** FacturadorPro's tenant table payment_method_types (compat.md §4.6). */
const PAYMENT_METHODS: Record<string, string> = {
  '01': 'Efectivo',
  '02': 'Tarjeta de crédito',
  '03': 'Tarjeta de débito',
  '04': 'Transferencia',
};

const withCode = (code: string, description: string | undefined): string =>
  description ? `${code} - ${description}` : code;

const nonZero = (v: unknown): string | undefined =>
  v === undefined || v === null || new Decimal(v as number).isZero() ? undefined : formatAmount(v as number);

function printLine(item: Json): PrintLine {
  const free = item.codigo_tipo_precio === '02';
  const details: string[] = [];
  for (const a of item.datos_adicionales ?? []) details.push(`${a.descripcion}: ${a.valor ?? ''}`.trim());
  if (item.informacion_adicional) details.push(item.informacion_adicional);
  if (free) details.push('Transferencia gratuita (valor referencial)');
  return {
    quantity: formatFlexible(item.cantidad),
    unit: item.unidad_de_medida,
    code: item.codigo_interno || undefined,
    description: item.descripcion,
    details: details.length ? details : undefined,
    // SUNAT: a free line's referential unit value is total_base_igv / cantidad (PriceTypeCode 02).
    unitValue: free
      ? formatFlexible(new Decimal(item.total_base_igv).div(item.cantidad).toDecimalPlaces(4))
      : formatFlexible(item.valor_unitario),
    unitPrice: formatFlexible(item.precio_unitario),
    discount: nonZero(item.total_descuentos),
    amount: formatAmount(item.total_item),
  };
}

function printTotals(t: Json): PrintTotals {
  const subtotal =
    t.subtotal_venta !== undefined && !new Decimal(t.subtotal_venta).eq(t.total_venta)
      ? formatAmount(t.subtotal_venta)
      : undefined;
  const pending =
    t.total_pendiente_pago !== undefined && !new Decimal(t.total_pendiente_pago).eq(t.total_venta)
      ? formatAmount(t.total_pendiente_pago)
      : undefined;
  return {
    taxed: nonZero(t.total_operaciones_gravadas),
    exonerated: nonZero(t.total_operaciones_exoneradas),
    unaffected: nonZero(t.total_operaciones_inafectas),
    export: nonZero(t.total_exportacion),
    free: nonZero(t.total_operaciones_gratuitas),
    discounts: nonZero(t.total_descuentos),
    charges: nonZero(t.total_cargos),
    advances: nonZero(t.total_anticipos),
    subtotal,
    igvRate: nonZero(t.total_igv) ? '18' : undefined,
    igv: nonZero(t.total_igv),
    isc: nonZero(t.total_isc),
    icbper: nonZero(t.total_impuestos_bolsa_plastica),
    total: formatAmount(t.total_venta),
    pendingPayment: pending,
  };
}

function qrText(
  type: string,
  series: string,
  number: string,
  igv: unknown,
  total: unknown,
  date: string,
  customer: Json,
  hash: string,
): string {
  return coreQrText(
    {
      ruc: issuer.ruc,
      documentType: type,
      series,
      number,
      igv: String(igv ?? 0),
      total: String(total ?? 0),
      issueDate: date,
      customerDocumentType: customer.codigo_tipo_documento_identidad,
      customerDocumentNumber: customer.numero_documento,
    },
    hash,
  );
}

function customerOf(c: Json): PrintModel['customer'] {
  return {
    documentTypeCode: c.codigo_tipo_documento_identidad,
    documentTypeLabel: identityDocumentLabel(c.codigo_tipo_documento_identidad),
    documentNumber: c.numero_documento,
    name: c.apellidos_y_nombres_o_razon_social,
    address: c.direccion,
  };
}

/** The PrintModel of an invoice/boleta/note fixture, as issued with correlativo `number`. */
export function invoiceModel(file: string, number = '123', overrides: Partial<PrintModel> = {}): PrintModel {
  const j = loadFixture(file);
  const hash = fakeHash(file + number);
  const type = j.codigo_tipo_documento;
  const credit = j.codigo_condicion_de_pago === '02';
  const model: PrintModel = {
    documentType: type,
    series: j.serie_documento,
    number,
    issuer,
    customer: customerOf(j.datos_del_cliente_o_receptor),
    issueDate: j.fecha_de_emision,
    issueTime: j.hora_de_emision,
    dueDate: j.fecha_de_vencimiento,
    currency: describeCurrency(j.codigo_tipo_moneda),
    exchangeRate:
      j.codigo_tipo_moneda !== 'PEN' && j.factor_tipo_de_cambio ? String(j.factor_tipo_de_cambio) : undefined,
    operationType: j.codigo_tipo_operacion ? operationTypes.get(j.codigo_tipo_operacion)?.description : undefined,
    purchaseOrder: j.numero_orden_de_compra,
    guides: (j.guias ?? []).map((g: Json) => ({
      label: GUIDE_TYPES[g.codigo_tipo_documento] ?? 'Guía',
      number: g.numero,
    })),
    relatedDocuments: (j.relacionados ?? []).map((r: Json) => ({
      label: relatedDocumentTypes.get(r.codigo_tipo_documento)?.description ?? 'Documento',
      number: r.numero,
      amount: nonZero(r.monto),
    })),
    lines: j.items.map(printLine),
    totals: printTotals(j.totales),
    amountInWords: amountInWords(String(j.totales.total_venta), j.codigo_tipo_moneda),
    legends: (j.leyendas ?? []).map((l: Json) => ({ code: l.codigo, text: l.valor })),
    paymentTerms:
      type === '01' || type === '03' || j.cuotas
        ? {
            condition: credit ? 'Crédito' : 'Contado',
            instalments: (j.cuotas ?? []).map((c: Json, i: number) => ({
              label: `Cuota ${String(i + 1).padStart(3, '0')}`,
              dueDate: c.fecha,
              amount: formatAmount(c.monto),
            })),
            payments: (j.pagos ?? []).map((p: Json) => ({
              method: PAYMENT_METHODS[p.codigo_metodo_pago] ?? p.codigo_metodo_pago,
              reference: p.referencia,
              amount: formatAmount(p.monto),
            })),
          }
        : undefined,
    detraction: j.detraccion
      ? {
          goodsOrService: withCode(
            j.detraccion.codigo_tipo_detraccion,
            detractionGoods.get(j.detraccion.codigo_tipo_detraccion)?.description,
          ),
          percent: String(j.detraccion.porcentaje),
          amount: formatAmount(j.detraccion.monto),
          account: j.detraccion.cuenta_bancaria,
          paymentMethod: withCode(
            j.detraccion.codigo_metodo_pago,
            paymentMeans.get(j.detraccion.codigo_metodo_pago)?.description,
          ),
        }
      : undefined,
    note: j.documento_afectado
      ? {
          affectedDocumentLabel:
            documentTypes.get(j.documento_afectado.codigo_tipo_documento)?.printedName ?? 'DOCUMENTO',
          affectedDocumentNumber: `${j.documento_afectado.serie_documento}-${j.documento_afectado.numero_documento}`,
          noteType: withCode(
            j.codigo_tipo_nota,
            (type === '07' ? creditNoteTypes : debitNoteTypes).get(j.codigo_tipo_nota)?.description,
          ),
          reason: j.motivo_o_sustento_de_nota,
        }
      : undefined,
    qrText: qrText(
      type,
      j.serie_documento,
      number,
      j.totales.total_igv,
      j.totales.total_venta,
      j.fecha_de_emision,
      j.datos_del_cliente_o_receptor,
      hash,
    ),
    hash,
    consultationUrl: 'https://losandes.facturo.example/consultas',
    observations: j.observaciones,
    additionalInformation: j.informacion_adicional
      ? String(j.informacion_adicional)
          .split('|')
          .map((pair) => {
            const at = pair.indexOf(':');
            return at < 0
              ? { label: 'Información', value: pair }
              : { label: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
          })
      : undefined,
  };
  return { ...model, ...overrides };
}

export const taxedInvoice = (overrides: Partial<PrintModel> = {}): PrintModel =>
  invoiceModel('invoices/01-taxed.json', '123', { issuer: { ...issuer, logoBase64: logoBase64() }, ...overrides });
export const freeInvoice = (): PrintModel => invoiceModel('invoices/03-free-of-charge.json', '124');
export const creditInvoice = (): PrintModel => invoiceModel('invoices/19-credit-payment.json', '125');
export const detractionInvoice = (): PrintModel => invoiceModel('invoices/13-detraction.json', '126');
export const plateInvoice = (): PrintModel => invoiceModel('invoices/18-plate.json', '127');
export const observationsInvoice = (): PrintModel =>
  invoiceModel('invoices/28-observations-and-purchase-order.json', '128');
export const creditNote = (): PrintModel => invoiceModel('invoices/26-credit-note.json', '31');

/**
 * An invoice of `count` lines: fixture 01's three lines repeated in turn, each with its own numbered code and
 * description; the totals are the sums of those lines' fixture figures.
 */
export function longInvoice(count = 120): PrintModel {
  const base = invoiceModel('invoices/01-taxed.json', '9001');
  const items: Json[] = loadFixture('invoices/01-taxed.json').items;
  const chosen = Array.from({ length: count }, (_, i) => items[i % items.length]);
  const sum = (key: string): Decimal => chosen.reduce((s: Decimal, it: Json) => s.plus(it[key]), new Decimal(0));
  const lines = chosen.map((item, i) => {
    const line = printLine(item);
    const n = String(i + 1).padStart(3, '0');
    return { ...line, code: `${line.code}-${n}`, description: `${line.description} — lote L${n}` };
  });
  const total = sum('total_item');
  const igv = sum('total_igv');
  return {
    ...base,
    lines,
    totals: {
      taxed: formatAmount(sum('total_valor_item')),
      igvRate: '18',
      igv: formatAmount(igv),
      total: formatAmount(total),
    },
    amountInWords: amountInWords(total, 'PEN'),
    qrText: qrText(
      '01',
      base.series,
      base.number,
      igv,
      total,
      base.issueDate,
      loadFixture('invoices/01-taxed.json').datos_del_cliente_o_receptor,
      base.hash,
    ),
  };
}

/** The PrintModel of a perception fixture (type 40). */
export function perceptionModel(file = 'perceptions/01-pen.json', number = '45'): PrintModel {
  const j = loadFixture(file);
  const hash = fakeHash(file + number);
  const regime = perceptionRegimes.get(j.codigo_tipo_percepcion)!;
  return {
    documentType: '40',
    series: j.serie_documento,
    number,
    issuer,
    customer: customerOf(j.datos_del_cliente_o_receptor),
    issueDate: j.fecha_de_emision,
    issueTime: j.hora_de_emision,
    currency: describeCurrency('PEN'),
    lines: [],
    totals: { perceived: formatAmount(j.totales.total_percibido), total: formatAmount(j.totales.total_pagado) },
    // FacturadorPro writes legend 1000 from the total cashed (compat.md §11.2).
    amountInWords: amountInWords(String(j.totales.total_pagado), 'PEN'),
    legends: [{ code: '2000', text: 'COMPROBANTE DE PERCEPCIÓN' }],
    perception: {
      regime: withCode(regime.code, regime.description),
      rate: regime.percent,
      documents: j.documentos.map((d: Json) => ({
        typeLabel: (documentTypes.get(d.codigo_tipo_documento)?.description ?? d.codigo_tipo_documento).toUpperCase(),
        number: `${d.serie_documento}-${d.numero_documento}`,
        issueDate: d.fecha_de_emision,
        currency: d.codigo_tipo_moneda,
        documentTotal: formatAmount(d.total_documento),
        paymentDate: d.pagos?.[0]?.fecha_de_pago,
        paid: formatAmount(d.pagos.reduce((s: Decimal, p: Json) => s.plus(p.total_pago), new Decimal(0))),
        exchangeRate: d.codigo_tipo_moneda !== 'PEN' ? String(d.tipo_de_cambio.factor) : undefined,
        perceived: formatAmount(d.total_percibido),
        cashed: formatAmount(d.total_pagado),
      })),
    },
    qrText: qrText(
      '40',
      j.serie_documento,
      number,
      '0',
      j.totales.total_pagado,
      j.fecha_de_emision,
      j.datos_del_cliente_o_receptor,
      hash,
    ),
    hash,
    consultationUrl: 'https://losandes.facturo.example/consultas',
    observations: j.observaciones,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Documents as the pipeline issues them: fixture → core (prepare, number) → UBL → signature → PrintModel.

export interface IssuedDocument {
  document: ComputedDocument;
  digestValue: string;
  qrText: string;
  model: PrintModel;
}

const signingKey: SigningKey = {
  privateKeyPem: readFileSync(fileURLToPath(new URL('../fixtures/keys/test-key.pem', import.meta.url)), 'utf8'),
  certificatePem: readFileSync(fileURLToPath(new URL('../fixtures/keys/test-cert.pem', import.meta.url)), 'utf8'),
};

/** Issues an invoice fixture through the real core and signature, then maps it with printModelFromComputed. */
export function issuedDocument(name: string, number = 57, context: Partial<PrintContext> = {}): IssuedDocument {
  const prepared = prepareDocument(loadInvoiceFixture(name), testContext());
  if (!prepared.ok) throw new Error(`${name}: ${JSON.stringify(prepared.issues)}`);
  const document = assignNumber(prepared.document, number);
  const { digestValue } = signXml(buildDocumentXml(document, testIssuer), signingKey);
  const qrText = qrTextOf(document, testIssuer.ruc, digestValue);
  const model = printModelFromComputed(document, testIssuer, { hash: digestValue, qrText, ...context });
  return { document, digestValue, qrText, model };
}
