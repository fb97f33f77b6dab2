// Scenarios beyond the request fixtures, built from the fixture factories: each one must also come out XSD-valid,
// signed (xmlsec1 verifies) and consistent with SUNAT's arithmetic, so that what the rules accept the builders
// can really emit.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignNumber, buildDocumentXml, prepareDocument, ublRootOf, type ComputedDocument } from '../../src/core/index.ts';
import { signXml } from '../../src/core/signing.ts';
import {
  REPO_ROOT,
  TODAY,
  boleta,
  creditNote,
  creditNote13,
  debitNote,
  detractionInvoice,
  dollarInvoice,
  freeInvoice,
  oneLineInvoice,
  shiftDate,
  taxedInvoice,
  testContext,
  type Body,
} from '../fixtures/invoices.ts';
import { xmlsecVerifies, xsdFailures } from './judges.ts';
import { sunatArithmeticProblems } from './sunat-arithmetic.ts';

const KEYS = join(REPO_ROOT, 'test/fixtures/keys');
const key = { privateKeyPem: readFileSync(join(KEYS, 'test-key.pem'), 'utf8'), certificatePem: readFileSync(join(KEYS, 'test-cert.pem'), 'utf8') };
const cuota = (days: number, monto: number | string) => ({ fecha: shiftDate(TODAY, days), codigo_tipo_moneda: 'PEN', monto });

const scenarios: Record<string, () => Body> = {
  'credit note 13 (new instalments)': () => creditNote13({ cuotas: [cuota(30, 128.04), cuota(60, 128.04)] }),
  'credit note of a boleta (BC01)': () =>
    creditNote({ serie_documento: 'BC01', codigo_tipo_nota: '07', documento_afectado: { serie_documento: 'B001', codigo_tipo_documento: '03' }, datos_del_cliente_o_receptor: { codigo_tipo_documento_identidad: '1', numero_documento: '45871236' } }),
  'debit note 02 with a taxed line': () => debitNote({ codigo_tipo_nota: '02', items: [{ ...oneLineInvoice().items[0] }], totales: undefined }),
  'perception inside an invoice (2001)': () => oneLineInvoice({ cantidad: 10 }, { codigo_tipo_operacion: '2001', percepcion: { codigo: '51' } }),
  'IGV retention by the customer (62)': () => taxedInvoice({ retencion: { codigo: '62', porcentaje: 3 }, codigo_condicion_de_pago: '02', cuotas: [cuota(30, 563.48)] }),
  'IVAP (17)': () => oneLineInvoice({ codigo_tipo_afectacion_igv: '17', descripcion: 'Arroz pilado (kg)', unidad_de_medida: 'KGM', cantidad: 500, valor_unitario: 3.1 }),
  'line discount 01 and line charge 48': () => oneLineInvoice({ descuentos: [{ codigo: '01', monto: 10 }], cargos: [{ codigo: '48', monto: 4 }] }),
  'global charge 49 (affects the base)': () => oneLineInvoice({}, { cargos: [{ codigo: '49', factor: 0.1 }] }),
  'global discount 02 on taxed + exonerated lines': () =>
    oneLineInvoice({}, { items: [oneLineInvoice().items[0], { ...oneLineInvoice().items[0], codigo_interno: 'E1', codigo_tipo_afectacion_igv: '20' }], descuentos: [{ codigo: '02', factor: 0.05 }] }),
  'free bag line (ICBPER still due)': () => oneLineInvoice({}, { items: [oneLineInvoice().items[0], { descripcion: 'Bolsa de regalo', unidad_de_medida: 'NIU', cantidad: 2, valor_unitario: 0, codigo_tipo_afectacion_igv: '15', total_base_igv: 0.2, total_impuestos_bolsa_plastica: 1 }] }),
  'free exonerated lines only (21)': () => freeInvoice({ items: freeInvoice().items.map((i: Body) => ({ ...i, codigo_tipo_afectacion_igv: '21', total_igv: 0 })), totales: undefined }),
  'ISC fixed amount (02)': () => oneLineInvoice({ codigo_tipo_sistema_isc: '02', total_isc: 3.4, cantidad: 2 }),
  'other taxes (9999)': () => oneLineInvoice({ porcentaje_otros_impuestos: 5 }),
  'detraction in dollars with exchange rate': () =>
    detractionInvoice({ codigo_tipo_moneda: 'USD', factor_tipo_de_cambio: 3.75, detraccion: { monto: undefined }, totales: undefined, cuotas: [{ fecha: shiftDate(TODAY, 30), codigo_tipo_moneda: 'USD', monto: 7066.33 }] }),
  'detraction transport of goods (1004)': () =>
    detractionInvoice({
      codigo_tipo_operacion: '1004',
      detraccion: { codigo_tipo_detraccion: '027', porcentaje: 4, monto: 314.06, ubigeo_origen: '150101', direccion_origen: 'Av. Argentina 100', ubigeo_destino: '040101', direccion_destino: 'Parque Industrial', detalle_viaje: 'Lima - Arequipa' },
      totales: { total_pendiente_pago: 7537.42 },
      cuotas: [cuota(30, 7537.42)],
    }),
  'dollars, lower-case currency and codes as numbers': () => {
    const b = dollarInvoice({ codigo_tipo_moneda: 'usd', codigo_tipo_operacion: 101 });
    b.items[0].codigo_tipo_afectacion_igv = 10;
    return b;
  },
  'boleta to an anonymous customer': () => boleta({ datos_del_cliente_o_receptor: { codigo_tipo_documento_identidad: '0', numero_documento: '-', apellidos_y_nombres_o_razon_social: 'CLIENTES VARIOS', direccion: undefined, ubigeo: undefined } }),
  'attributes with a usability period (catalog 55)': () =>
    oneLineInvoice({ datos_adicionales: [{ codigo: '4003', valor: 'Habitación 201', fecha_inicio: TODAY, fecha_fin: shiftDate(TODAY, 3), duracion: 3 }], codigo_producto_gsl: '7751234567890' }),
  '999 lines': () => oneLineInvoice({}, { items: Array.from({ length: 999 }, (_, i) => ({ ...oneLineInvoice().items[0], codigo_interno: `P${i}`, cantidad: 1 + (i % 9) })) }),
};

interface Built { name: string; root: string; doc: ComputedDocument; signed: string }
const built: Built[] = [];
let failures = new Map<string, string>();
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'facturo-extra-'));
  Object.entries(scenarios).forEach(([name, make], i) => {
    const r = prepareDocument(make(), testContext());
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.issues)}`);
    const doc = assignNumber(r.document, 100 + i);
    built.push({ name: `s${i}`, root: ublRootOf(doc.documentType), doc, signed: signXml(buildDocumentXml(doc, { ...testContext().issuer }), key, { assumeCanonical: true }).xml });
  });
  failures = xsdFailures(dir, built);
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('extra scenarios: XSD-valid, signed, arithmetically sound', () => {
  Object.keys(scenarios).forEach((title, i) => {
    it(title, () => {
      const b = built[i];
      expect(failures.get(b.name) ?? '').toBe('');
      expect(sunatArithmeticProblems(b.signed)).toEqual([]);
      const path = join(dir, `${b.name}-verify.xml`);
      writeFileSync(path, b.signed);
      expect(xmlsecVerifies(path)).toMatchObject({ ok: true });
      expect(JSON.parse(JSON.stringify(b.doc))).toEqual(b.doc);
    });
  });
  it('what they emit', () => {
    const by = (title: string) => built[Object.keys(scenarios).indexOf(title)];
    expect(by('perception inside an invoice (2001)').signed).toMatch(/<cbc:ID>Percepcion<\/cbc:ID>\s*<cbc:Amount currencyID="PEN">1203\.60<\/cbc:Amount>/);
    expect(by('perception inside an invoice (2001)').doc.legends.map((l) => l.code)).toEqual(['1000', '2000']);
    expect(by('IGV retention by the customer (62)').doc.totals.pending).toBe('563.48');
    expect(by('credit note 13 (new instalments)').signed).toMatch(/<cbc:PaymentMeansID>Cuota002<\/cbc:PaymentMeansID>/);
    expect(by('free bag line (ICBPER still due)').doc.totals).toMatchObject({ icbper: '1.00', free: '0.20', payable: '237.00' });
    expect(by('detraction in dollars with exchange rate').signed).toMatch(/<cbc:ID>Detraccion<\/cbc:ID>\s*<cbc:PaymentMeansID>019<\/cbc:PaymentMeansID>\s*<cbc:PaymentPercent>10\.00<\/cbc:PaymentPercent>\s*<cbc:Amount currencyID="PEN">2944\.31<\/cbc:Amount>/);
    expect(by('999 lines').doc.lines).toHaveLength(999);
  });
});
