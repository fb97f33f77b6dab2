// The retention core: SUNAT's rounding per document (half up, PEN and USD), credit notes listed out of
// the sums, and the checks that name the field — pure, no database.
import { describe, expect, it } from 'vitest';
import { assignRetentionNumber, buildRetentionXml, prepareRetention } from '../../../src/core/retention/index.ts';
import { testContext, testIssuer, TODAY } from '../../fixtures/invoices.ts';

const supplier = {
  codigo_tipo_documento_identidad: '6',
  numero_documento: '20495033113',
  apellidos_y_nombres_o_razon_social: 'INVERSIONES HOTELERAS COLCA S.A.C.',
};

function body(documentos: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    serie_documento: 'R001',
    numero_documento: '#',
    codigo_tipo_documento: '20',
    datos_del_proveedor: supplier,
    codigo_tipo_retencion: '01',
    documentos,
    ...extra,
  };
}

const factura = (total: number, extra: Record<string, unknown> = {}) => ({
  codigo_tipo_documento: '01',
  serie_documento: 'F001',
  numero_documento: '7',
  fecha_de_emision: TODAY,
  codigo_tipo_moneda: 'PEN',
  total_documento: total,
  ...extra,
});

function issues(b: unknown) {
  const r = prepareRetention(b, testContext());
  return r.ok ? [] : r.issues;
}

describe('computeRetention', () => {
  it('rounds each retention half up: 3 % of 1000.50 is 30.02 (30.015), net 970.48', () => {
    const r = prepareRetention(body([factura(1000.5)]), testContext());
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.document.documents[0].retention).toMatchObject({ amount: '30.02', netPaid: '970.48', basePen: '1000.50' });
    expect([r.document.totalRetained, r.document.totalPaid]).toEqual(['30.02', '970.48']);
  });

  it('converts a USD payment at its rate before the 3 % and keeps the rate in the XML', () => {
    const usd = factura(100, {
      codigo_tipo_moneda: 'USD',
      pagos: [{ total_pago: 100, codigo_tipo_moneda: 'USD' }],
      tipo_de_cambio: { codigo_tipo_moneda_referencia: 'USD', codigo_tipo_moneda_objetivo: 'PEN', factor: 3.7505 },
    });
    const r = prepareRetention(body([usd]), testContext());
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    // 100 × 3.7505 = 375.05; × 3 % = 11.2515 → 11.25; net 363.80.
    expect(r.document.documents[0].retention).toMatchObject({ amount: '11.25', netPaid: '363.80' });
    const xml = buildRetentionXml(assignRetentionNumber(r.document, 3), testIssuer);
    expect(xml).toContain('<cbc:ID>R001-3</cbc:ID>');
    expect(xml).toContain('<cbc:CalculationRate>3.750500</cbc:CalculationRate>');
  });

  it('lists a credit note without payment out of the sums', () => {
    const note = { ...factura(50), codigo_tipo_documento: '07', serie_documento: 'FC01' };
    const r = prepareRetention(body([factura(200), note]), testContext());
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.document.documents[1].inSums).toBe(false);
    expect(r.document.documents[1].retention).toBeUndefined();
    expect(r.document.totalRetained).toBe('6.00');
  });

  it("refuses figures beyond SUNAT's 12 integer digits in soles, as the perception does, naming the field", () => {
    const usd = (total: number) =>
      factura(total, {
        codigo_tipo_moneda: 'USD',
        tipo_de_cambio: { codigo_tipo_moneda_referencia: 'USD', codigo_tipo_moneda_objetivo: 'PEN', factor: 3.745 },
      });
    // 999,999,999,999 dollars are 3,744,999,999,996.26 soles: one digit too many for SUNAT and the database.
    expect(issues(body([usd(999_999_999_999)]))).toContainEqual(
      expect.objectContaining({ path: 'documentos[0].total_a_pagar', code: 'amount_out_of_range' }),
    );
    // Two documents within the format whose net paid together is not.
    expect(issues(body([factura(999_999_999_999), factura(999_999_999_999)]))).toEqual([
      expect.objectContaining({ path: 'totales.total_pagado', code: 'amount_out_of_range' }),
    ]);
  });

  it('names the field of each refusal, with SUNAT rule codes', () => {
    expect(issues(body([factura(100, { codigo_tipo_moneda: 'USD' })]))[0]).toMatchObject({
      path: 'documentos[0].tipo_de_cambio',
      sunatRule: '2721',
    });
    expect(issues(body([factura(100)], { totales: { total_pagado: 100 } }))[0]).toMatchObject({
      path: 'totales.total_pagado',
      code: 'totals_mismatch',
      expected: '97.00',
    });
    expect(
      issues(body([factura(100)], { datos_del_proveedor: { ...supplier, numero_documento: testIssuer.ruc } }))[0],
    ).toMatchObject({ path: 'datos_del_proveedor.numero_documento', sunatRule: '2620' });
    expect(issues(body([factura(100, { fecha_de_emision: '2099-01-01' })]))[0].path).toBe(
      'documentos[0].fecha_de_emision',
    );
    expect(issues(body([factura(100)], { codigo_tipo_retencion: '03' }))[0].path).toBe('codigo_tipo_retencion');
  });
});
