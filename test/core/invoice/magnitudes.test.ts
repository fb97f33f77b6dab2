// Figures beyond SUNAT's formats: amounts of up to 12 integer digits, quantities and unit values
// of up to 12 integer digits; what a client sends and what the arithmetic produces. Each is an issue with its
// path and code amount_out_of_range — never an exception, never a number that a database column cannot hold.
import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../../src/core/index.ts';
import { preparePerception } from '../../../src/core/perception/index.ts';
import { integerToWords } from '../../../src/core/words.ts';
import { TODAY, oneLineInvoice, testContext, testIssuer } from '../../fixtures/invoices.ts';

function issues(body: unknown) {
  const r = prepareDocument(body, testContext());
  return r.ok
    ? []
    : r.issues.map((i) => ({ path: i.path, code: i.code, ...(i.sunatRule ? { sunatRule: i.sunatRule } : {}) }));
}

describe('amounts and quantities sent beyond SUNAT formats', () => {
  it.each([
    ['a unit value of 1e308', { valor_unitario: 1e308 }, 'items[0].valor_unitario'],
    ['a unit value of 13 integer digits as text', { valor_unitario: '1000000000000' }, 'items[0].valor_unitario'],
    ['an amount that rounds up to 13 digits', { valor_unitario: '999999999999.999' }, 'items[0].valor_unitario'],
    ['a negative enormous quantity', { cantidad: -1e20 }, 'items[0].cantidad'],
    ['a quantity of 10^12', { cantidad: 1e12 }, 'items[0].cantidad'],
    ['a line total of 1e15', { total_item: 1e15 }, 'items[0].total_item'],
  ])('%s', (_name, item, path) => {
    expect(issues(oneLineInvoice(item))).toContainEqual(expect.objectContaining({ path, code: 'amount_out_of_range' }));
  });

  it('cites SUNAT 2025 for a quantity', () => {
    expect(issues(oneLineInvoice({ cantidad: '5000000000000' }))).toContainEqual({
      path: 'items[0].cantidad',
      code: 'amount_out_of_range',
      sunatRule: '2025',
    });
  });

  it('bounds a global factor to 3 integer digits and an exchange rate to 4', () => {
    expect(issues(oneLineInvoice({}, { descuentos: [{ codigo: '02', factor: 1e6, base: 200 }] }))).toContainEqual(
      expect.objectContaining({ path: 'descuentos[0].factor', code: 'amount_out_of_range' }),
    );
    expect(issues(oneLineInvoice({}, { factor_tipo_de_cambio: 123456 }))).toContainEqual(
      expect.objectContaining({ path: 'factor_tipo_de_cambio', code: 'amount_out_of_range' }),
    );
  });

  it('keeps the largest amount SUNAT writes', () => {
    const r = prepareDocument(
      oneLineInvoice({ cantidad: 1, valor_unitario: '800000000000', codigo_tipo_afectacion_igv: '20' }),
      testContext(),
    );
    expect(r.ok).toBe(true);
  });
});

describe('figures the arithmetic makes too large', () => {
  it('a line value (quantity × unit value) beyond 12 digits names the line field', () => {
    expect(issues(oneLineInvoice({ cantidad: 999_999_999_999, valor_unitario: 999_999 }))).toContainEqual(
      expect.objectContaining({ path: 'items[0].total_valor_item', code: 'amount_out_of_range' }),
    );
  });

  it('a line whose IGV pushes its total past 12 digits', () => {
    expect(issues(oneLineInvoice({ cantidad: 1, valor_unitario: 900_000_000_000 }))).toContainEqual(
      expect.objectContaining({ path: 'items[0].total_item', code: 'amount_out_of_range' }),
    );
  });

  it('document totals beyond 12 digits (several large lines) name the total, and never reach the words (RangeError at 10^15)', () => {
    const line = {
      descripcion: 'Maquinaria',
      unidad_de_medida: 'NIU',
      cantidad: 1,
      valor_unitario: 700_000_000_000,
      codigo_tipo_afectacion_igv: '20',
    };
    const body = oneLineInvoice({}, { items: Array.from({ length: 3 }, () => line) });
    const found = issues(body);
    expect(found).toContainEqual(expect.objectContaining({ path: 'totales.total_venta', code: 'amount_out_of_range' }));
    expect(found).toContainEqual(expect.objectContaining({ path: 'totales.total_valor', code: 'amount_out_of_range' }));
    expect(() => integerToWords(10n ** 15n)).toThrow(RangeError);
  });
});

describe('dates outside any calendar the document can use', () => {
  it.each(['0000-01-01', '1899-12-31', '2026-13-45', '2026-02-30'])('%s', (date) => {
    expect(issues(oneLineInvoice({}, { fecha_de_vencimiento: date }))).toContainEqual(
      expect.objectContaining({ path: 'fecha_de_vencimiento' }),
    );
  });
});

describe('perceptions', () => {
  const base = () => ({
    serie_documento: 'P001',
    numero_documento: '#',
    fecha_de_emision: TODAY,
    codigo_tipo_documento: '40',
    datos_del_cliente_o_receptor: {
      codigo_tipo_documento_identidad: '6',
      numero_documento: '20604187339',
      apellidos_y_nombres_o_razon_social: 'CLIENTE S.A.C.',
    },
    codigo_tipo_percepcion: '01',
    documentos: [
      {
        codigo_tipo_documento: '01',
        serie_documento: 'F001',
        numero_documento: 1,
        fecha_de_emision: TODAY,
        codigo_tipo_moneda: 'PEN',
        total_documento: 1180,
      },
    ],
  });
  const perceptionIssues = (b: unknown) => {
    const r = preparePerception(b, { today: TODAY, issuer: testIssuer, mode: 'demo' });
    return r.ok ? [] : r.issues.map((i) => ({ path: i.path, code: i.code }));
  };

  it('refuses a total_documento of 1.79e308 (it was written in exponent notation)', () => {
    const b = base();
    b.documentos[0].total_documento = 1.79e308;
    expect(perceptionIssues(b)).toContainEqual({ path: 'documentos[0].total_documento', code: 'amount_out_of_range' });
  });

  it('refuses a payment whose value in soles (× exchange rate) passes 12 digits', () => {
    const b = base() as any;
    Object.assign(b.documentos[0], {
      codigo_tipo_moneda: 'USD',
      total_documento: 900_000_000_000,
      tipo_de_cambio: {
        codigo_tipo_moneda_referencia: 'USD',
        codigo_tipo_moneda_objetivo: 'PEN',
        factor: 3.75,
        fecha_tipo_de_cambio: TODAY,
      },
    });
    expect(perceptionIssues(b)).toContainEqual({ path: 'documentos[0].total_a_pagar', code: 'amount_out_of_range' });
  });

  it('refuses a sum of documents beyond 12 digits', () => {
    const b = base();
    b.documentos = Array.from({ length: 3 }, (_, i) => ({
      ...b.documentos[0],
      numero_documento: i + 1,
      total_documento: 500_000_000_000,
    }));
    expect(perceptionIssues(b)).toContainEqual({ path: 'totales.total_pagado', code: 'amount_out_of_range' });
  });
});
