// Hospedaje item properties read from typed elements (SUNAT 3065/3135, observations 4280–4282) and operation 0112
// (SUNAT 3181) with its mortgage-credit line properties (3150–3155): the core refuses what SUNAT rejects, and
// what it accepts passes the simulator, which rejects the old shapes with SUNAT's code.
import { describe, expect, it } from 'vitest';
import { assignNumber, buildDocumentXml, prepareDocument, type PrepareResult } from '../../src/core/index.ts';
import { evaluateRules } from '../../src/simulator/rules/index.ts';
import { parseXml } from '../../src/sunat/xml.ts';
import { HOTEL_PROPERTY_VALUES, testContext, testIssuer, type Body } from '../fixtures/invoices.ts';

function hotel(overrides: Record<string, string> = {}): Body {
  const props = { ...HOTEL_PROPERTY_VALUES, ...overrides };
  return {
    serie_documento: 'F001',
    numero_documento: '#',
    codigo_tipo_documento: '01',
    codigo_tipo_operacion: '0202',
    codigo_tipo_moneda: 'PEN',
    datos_del_cliente_o_receptor: {
      codigo_tipo_documento_identidad: '0',
      numero_documento: 'AB123456',
      apellidos_y_nombres_o_razon_social: 'JOHN SMITH',
      codigo_pais: 'US',
    },
    items: [
      {
        descripcion: 'Hospedaje',
        unidad_de_medida: 'ZZ',
        cantidad: 1,
        valor_unitario: 100,
        codigo_tipo_afectacion_igv: '40',
        codigo_producto_sunat: '90111501',
        datos_adicionales: Object.entries(props).map(([codigo, valor]) => ({ codigo, valor })),
      },
    ],
  };
}

function deductible(item: Body = {}): Body {
  return {
    serie_documento: 'F001',
    numero_documento: '#',
    codigo_tipo_documento: '01',
    codigo_tipo_operacion: '0112',
    codigo_tipo_moneda: 'PEN',
    datos_del_cliente_o_receptor: {
      codigo_tipo_documento_identidad: '6',
      numero_documento: '20604187339',
      apellidos_y_nombres_o_razon_social: 'CLIENTE SAC',
    },
    items: [
      {
        descripcion: 'Arrendamiento de vivienda',
        unidad_de_medida: 'ZZ',
        cantidad: 1,
        valor_unitario: 100,
        codigo_tipo_afectacion_igv: '10',
        ...item,
      },
    ],
  };
}

function run(body: Body): PrepareResult {
  return prepareDocument(body, testContext());
}
function xmlOf(body: Body): string {
  const r = run(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return buildDocumentXml(assignNumber(r.document, 1), testIssuer);
}
function verdict(xml: string, tipo = '01') {
  const v = evaluateRules(parseXml(xml), tipo);
  return { errors: v.errors.map((e) => e.code), observations: v.observations.map((o) => o.code) };
}
function issuesOf(body: Body) {
  const r = run(body);
  return r.ok ? [] : r.issues;
}

describe('hospedaje 0202: dates in UsabilityPeriod/StartDate (SUNAT 3065), days in DurationMeasure (3135)', () => {
  it('a complete 0202 body is accepted and its XML passes the simulator', () => {
    const xml = xmlOf(hotel());
    expect(verdict(xml)).toEqual({ errors: [], observations: [] });
    expect(xml).toMatch(/>4002<\/cbc:NameCode>\s*<cac:UsabilityPeriod>\s*<cbc:StartDate>2025-06-10<\/cbc:StartDate>/);
    expect(xml).toMatch(/>4005<\/cbc:NameCode>\s*<cac:UsabilityPeriod>\s*<cbc:DurationMeasure unitCode="DAY">2</);
  });
  it('the minimal body with one date property 4002 writes it as a StartDate', () => {
    const body = deductible({ datos_adicionales: [{ codigo: '4002', valor: '2025-06-10' }] });
    body.codigo_tipo_operacion = '0101';
    const xml = xmlOf(body);
    expect(xml).toContain('<cbc:StartDate>2025-06-10</cbc:StartDate>');
    expect(verdict(xml).errors).toEqual([]);
  });
  it('fecha_inicio / duracion take precedence and then valor stays in cbc:Value; a quantity 3006 is a ValueQuantity', () => {
    const body = deductible({
      datos_adicionales: [
        { codigo: '4003', valor: 'Check-in 14:00', fecha_inicio: '2025-06-10' },
        { codigo: '3006', valor: '12.50' },
      ],
    });
    body.codigo_tipo_operacion = '0101';
    const xml = xmlOf(body);
    expect(xml).toMatch(
      />4003<\/cbc:NameCode>\s*<cbc:Value>Check-in 14:00<\/cbc:Value>\s*<cac:UsabilityPeriod>\s*<cbc:StartDate>2025-06-10</,
    );
    expect(xml).toMatch(/>3006<\/cbc:NameCode>\s*<cbc:ValueQuantity>12.5<\/cbc:ValueQuantity>/);
    expect(verdict(xml).errors).toEqual([]);
  });
  it('a date property that is no date is refused with 3065 at its path; days that are no number with 3135', () => {
    expect(issuesOf(hotel({ '4003': 'ayer' }))).toContainEqual(
      expect.objectContaining({
        path: 'items[0].datos_adicionales[3].valor',
        code: 'item_property_invalid',
        sunatRule: '3065',
      }),
    );
    expect(issuesOf(hotel({ '4005': 'dos' }))).toContainEqual(
      expect.objectContaining({
        path: 'items[0].datos_adicionales[5].valor',
        code: 'item_property_invalid',
        sunatRule: '3135',
      }),
    );
  });
  it('the simulator rejects the old shape (the date or the days in cbc:Value) with 3065 and 3135', () => {
    const xml = xmlOf(hotel());
    const oldDate = xml.replace(
      /<cac:UsabilityPeriod>\s*<cbc:StartDate>(2025-06-12)<\/cbc:StartDate>\s*<\/cac:UsabilityPeriod>/,
      '<cbc:Value>$1</cbc:Value>',
    );
    const oldDays = xml.replace(
      /<cac:UsabilityPeriod>\s*<cbc:DurationMeasure unitCode="DAY">2<\/cbc:DurationMeasure>\s*<\/cac:UsabilityPeriod>/,
      '<cbc:Value>2</cbc:Value>',
    );
    expect(oldDate).not.toBe(xml);
    expect(oldDays).not.toBe(xml);
    expect(verdict(oldDate).errors).toEqual(['3065']);
    expect(verdict(oldDays).errors).toEqual(['3135']);
  });
  it('a country outside catalog 04 is accepted with the observation 4280, as SUNAT does', () => {
    const body = hotel({ '4000': 'USA' });
    const r = run(body);
    expect(r.ok && r.warnings).toContainEqual(
      expect.objectContaining({ path: 'items[0].datos_adicionales[0].valor', sunatRule: '4280' }),
    );
    expect(verdict(xmlOf(body))).toEqual({ errors: [], observations: ['4280'] });
  });
  it('a check-in after the check-out (4282) and days beyond 4 digits (4281) are observations', () => {
    const body = hotel({ '4003': '2025-06-13', '4005': '12345' });
    const r = run(body);
    expect(r.ok && r.warnings.map((w) => w.sunatRule)).toEqual(expect.arrayContaining(['4281', '4282']));
    expect(verdict(xmlOf(body)).observations).toEqual(expect.arrayContaining(['4281', '4282']));
  });
});

describe('operation 0112: a line 84121901 or 80131501 (SUNAT 3181), mortgage properties (3150–3155)', () => {
  it('a 0112 factura with a lease line 80131501 is accepted and passes the simulator', () => {
    expect(verdict(xmlOf(deductible({ codigo_producto_sunat: '80131501' }))).errors).toEqual([]);
  });
  it('a 0112 factura with neither product is refused with 3181 at items; the simulator rejects it with 3181', () => {
    expect(issuesOf(deductible())).toContainEqual(
      expect.objectContaining({ path: 'items', code: 'operation_products_required', sunatRule: '3181' }),
    );
    const xml = xmlOf(deductible({ codigo_producto_sunat: '80131501' })).replace(
      '>80131501</cbc:ItemClassificationCode>',
      '>43211507</cbc:ItemClassificationCode>',
    );
    expect(verdict(xml).errors).toContain('3181');
  });
  it('a line 84121901 needs 7001, 7004, 7005 (and 7003, 7006, 7007 when 7002 is 3)', () => {
    const mortgage = (codes: Record<string, string>) =>
      deductible({
        descripcion: 'Intereses de crédito hipotecario',
        codigo_producto_sunat: '84121901',
        datos_adicionales: Object.entries(codes).map(([codigo, valor]) => ({ codigo, valor })),
      });
    expect(issuesOf(mortgage({}))).toContainEqual(
      expect.objectContaining({
        path: 'items[0].datos_adicionales',
        code: 'mortgage_properties_required',
        sunatRule: '3150',
      }),
    );
    const base = { '7001': '1', '7004': 'C-123', '7005': '2020-01-15' };
    expect(issuesOf(mortgage(base))).toEqual([]);
    expect(issuesOf(mortgage({ ...base, '7002': '3' }))).toContainEqual(
      expect.objectContaining({ code: 'mortgage_properties_required', sunatRule: '3151' }),
    );
    const xml = xmlOf(mortgage(base));
    expect(verdict(xml).errors).toEqual([]);
    const without7001 = xml.replace(
      /<cac:AdditionalItemProperty>(?:(?!<\/cac:AdditionalItemProperty>)[\s\S])*>7001<[\s\S]*?<\/cac:AdditionalItemProperty>/,
      '',
    );
    expect(verdict(without7001).errors).toEqual(['3150']);
  });
});
