// The rules knowable before sending, table-driven: each row is a body that breaks (or bends) one
// rule and the issue or warning a user gets back. A pinned clock (TODAY) everywhere.
import { describe, expect, it } from 'vitest';
import type { DocumentContext } from '../../../src/core/index.ts';
import {
  TODAY,
  advancesInvoice,
  bagTaxInvoice,
  boleta,
  creditNote,
  creditNote13,
  creditSale,
  debitNote,
  detractionInvoice,
  dollarInvoice,
  exportInvoice,
  freeInvoice,
  iscInvoice,
  oneLineInvoice,
  shiftDate,
  taxedInvoice,
  prepareForTest,
  type Body,
} from '../../fixtures/invoices.ts';

const run = prepareForTest;
function issuesOf(body: Body, ctx: Partial<DocumentContext> = {}) {
  const r = run(body, ctx);
  return r.ok
    ? []
    : r.issues.map((i) => ({ path: i.path, code: i.code, ...(i.sunatRule ? { sunatRule: i.sunatRule } : {}) }));
}
function accepted(body: Body, ctx: Partial<DocumentContext> = {}) {
  const r = run(body, ctx);
  if (!r.ok) throw new Error(`rejected: ${JSON.stringify(r.issues)}`);
  return r;
}

interface Row {
  name: string;
  body: () => Body;
  path: string;
  code: string;
  sunatRule?: string;
  ctx?: Partial<DocumentContext>;
}

function rejects(rows: Row[]) {
  for (const row of rows) {
    it(row.name, () => {
      expect(issuesOf(row.body(), row.ctx)).toContainEqual(
        expect.objectContaining({
          path: row.path,
          code: row.code,
          ...(row.sunatRule ? { sunatRule: row.sunatRule } : {}),
        }),
      );
    });
  }
}

describe('series format per document type (series_invalid, SUNAT 1001)', () => {
  rejects([
    {
      name: 'factura with a boleta series',
      body: () => taxedInvoice({ serie_documento: 'B001' }),
      path: 'serie_documento',
      code: 'series_invalid',
      sunatRule: '1001',
    },
    {
      name: 'boleta with a factura series',
      body: () => boleta({ serie_documento: 'F001' }),
      path: 'serie_documento',
      code: 'series_invalid',
    },
    {
      name: 'series of 3 characters',
      body: () => taxedInvoice({ serie_documento: 'F01' }),
      path: 'serie_documento',
      code: 'series_invalid',
    },
    {
      name: 'note with a T series',
      body: () => creditNote({ serie_documento: 'T001' }),
      path: 'serie_documento',
      code: 'series_invalid',
    },
    {
      name: 'number with 9 digits',
      body: () => taxedInvoice({ numero_documento: '123456789' }),
      path: 'numero_documento',
      code: 'number_invalid',
    },
    {
      name: 'number 0',
      body: () => taxedInvoice({ numero_documento: 0 }),
      path: 'numero_documento',
      code: 'number_invalid',
    },
  ]);
  it('accepts F###, contingency 0001, FC01/BC01 notes and a lower-case series (normalised)', () => {
    accepted(taxedInvoice({ serie_documento: 'FA12' }));
    accepted(taxedInvoice({ serie_documento: '0001', numero_documento: 158 }));
    const r = accepted(taxedInvoice({ serie_documento: 'f001' }));
    expect(r.document.series).toBe('F001');
    expect(r.warnings).toContainEqual(expect.objectContaining({ path: 'serie_documento', code: 'value_normalized' }));
  });
  it('"00000003" is the number 3 (warning), "#" waits for the database', () => {
    const r = accepted(taxedInvoice({ numero_documento: '00000003' }));
    expect(r.document.number).toBe(3);
    expect(r.warnings).toContainEqual(expect.objectContaining({ path: 'numero_documento', code: 'value_normalized' }));
    expect(accepted(taxedInvoice()).document.number).toBeNull();
  });
});

describe('catalog codes (catalog_code_invalid)', () => {
  rejects([
    {
      name: 'afectación 99 (catalog 07)',
      body: () => taxedInvoice({ items: [{ ...taxedInvoice().items[0], codigo_tipo_afectacion_igv: '99' }] }),
      path: 'items[0].codigo_tipo_afectacion_igv',
      code: 'catalog_code_invalid',
      sunatRule: '2040',
    },
    {
      name: 'operation 0999 (catalog 51)',
      body: () => taxedInvoice({ codigo_tipo_operacion: '0999' }),
      path: 'codigo_tipo_operacion',
      code: 'catalog_code_invalid',
      sunatRule: '3206',
    },
    {
      name: 'currency XYZ (catalog 02)',
      body: () => taxedInvoice({ codigo_tipo_moneda: 'XYZ' }),
      path: 'codigo_tipo_moneda',
      code: 'catalog_code_invalid',
      sunatRule: '3088',
    },
    {
      name: 'identity document type 9 (catalog 06)',
      body: () => taxedInvoice({ datos_del_cliente_o_receptor: { codigo_tipo_documento_identidad: '9' } }),
      path: 'datos_del_cliente_o_receptor.codigo_tipo_documento_identidad',
      code: 'catalog_code_invalid',
    },
    {
      name: 'document type 40 on /api/documents',
      body: () => taxedInvoice({ codigo_tipo_documento: '40' }),
      path: 'codigo_tipo_documento',
      code: 'catalog_code_invalid',
    },
    {
      name: 'global discount code 77 (catalog 53)',
      body: () => taxedInvoice({ descuentos: [{ codigo: '77', factor: 0.1 }] }),
      path: 'descuentos[0].codigo',
      code: 'catalog_code_invalid',
    },
    {
      name: 'legend 3000 (catalog 52)',
      body: () => taxedInvoice({ leyendas: [{ codigo: '3000', valor: 'x' }] }),
      path: 'leyendas[0].codigo',
      code: 'catalog_code_invalid',
      sunatRule: '3027',
    },
    {
      name: 'payment condition 05',
      body: () => taxedInvoice({ codigo_condicion_de_pago: '05' }),
      path: 'codigo_condicion_de_pago',
      code: 'catalog_code_invalid',
    },
    {
      name: 'credit note type 14 (catalog 09)',
      body: () => creditNote({ codigo_tipo_nota: '14' }),
      path: 'codigo_tipo_nota',
      code: 'catalog_code_invalid',
    },
    {
      name: 'debit note type 04 (catalog 10)',
      body: () => debitNote({ codigo_tipo_nota: '04' }),
      path: 'codigo_tipo_nota',
      code: 'catalog_code_invalid',
    },
    {
      name: 'operation 0112 on a boleta (factura only)',
      body: () => boleta({ codigo_tipo_operacion: '0112' }),
      path: 'codigo_tipo_operacion',
      code: 'catalog_code_invalid',
      sunatRule: '3206',
    },
    {
      name: 'operation 0113 on a factura (boleta only)',
      body: () => taxedInvoice({ codigo_tipo_operacion: '0113' }),
      path: 'codigo_tipo_operacion',
      code: 'catalog_code_invalid',
      sunatRule: '3206',
    },
    {
      name: 'guide type 01',
      body: () => taxedInvoice({ guias: [{ numero: 'T001-1', codigo_tipo_documento: '01' }] }),
      path: 'guias[0].codigo_tipo_documento',
      code: 'catalog_code_invalid',
    },
  ]);
  it('codes sent as numbers are zero-padded, with a warning only when the text changes', () => {
    const body = taxedInvoice({
      codigo_tipo_operacion: 101,
      datos_del_cliente_o_receptor: { codigo_tipo_documento_identidad: 6 },
    });
    body.items[0].codigo_tipo_afectacion_igv = 10;
    const r = accepted(body);
    expect(r.document.operationType).toBe('0101');
    expect(r.document.lines[0].affectationCode).toBe('10');
    expect(r.warnings.map((w) => w.path)).toEqual(['codigo_tipo_operacion']);
  });
});

describe('customer (SUNAT 2800 / 2017 / 2801)', () => {
  const customer = (c: Body) => ({ datos_del_cliente_o_receptor: c });
  rejects([
    {
      name: 'factura to a DNI',
      body: () => taxedInvoice(customer({ codigo_tipo_documento_identidad: '1', numero_documento: '45871236' })),
      path: 'datos_del_cliente_o_receptor.codigo_tipo_documento_identidad',
      code: 'customer_document_type_invalid',
      sunatRule: '2800',
    },
    {
      name: 'factura to a passport in a domestic sale',
      body: () => taxedInvoice(customer({ codigo_tipo_documento_identidad: '7', numero_documento: 'AB123456' })),
      path: 'datos_del_cliente_o_receptor.codigo_tipo_documento_identidad',
      code: 'customer_document_type_invalid',
    },
    {
      name: 'RUC of 10 digits',
      body: () => taxedInvoice(customer({ numero_documento: '2060418733' })),
      path: 'datos_del_cliente_o_receptor.numero_documento',
      code: 'customer_ruc_invalid',
      sunatRule: '2017',
    },
    {
      name: 'RUC with a wrong check digit (production)',
      body: () => taxedInvoice(customer({ numero_documento: '20604187338' })),
      path: 'datos_del_cliente_o_receptor.numero_documento',
      code: 'customer_ruc_invalid',
    },
    {
      name: 'export 0200 to a RUC holder',
      body: () => exportInvoice(customer({ codigo_tipo_documento_identidad: '6', numero_documento: '20604187339' })),
      path: 'datos_del_cliente_o_receptor.codigo_tipo_documento_identidad',
      code: 'customer_document_type_invalid',
    },
  ]);
  it('a wrong RUC check digit is only a warning in demo mode', () => {
    const r = accepted(taxedInvoice(customer({ numero_documento: '20604187338' })), { mode: 'demo' });
    expect(r.warnings).toContainEqual(
      expect.objectContaining({
        path: 'datos_del_cliente_o_receptor.numero_documento',
        code: 'customer_ruc_check_digit',
      }),
    );
  });
  it("a boleta may go to an anonymous customer; above S/ 700 only a warning (the rule is not SUNAT's)", () => {
    accepted(boleta(customer({ codigo_tipo_documento_identidad: '0', numero_documento: '-' })));
    accepted(boleta(customer({ codigo_tipo_documento_identidad: '-', numero_documento: '-' })));
    const r = accepted(
      boleta({
        ...customer({ codigo_tipo_documento_identidad: '0', numero_documento: '-' }),
        items: [
          {
            descripcion: 'Televisor',
            unidad_de_medida: 'NIU',
            cantidad: 5,
            valor_unitario: 200,
            codigo_tipo_afectacion_igv: '10',
          },
        ],
        totales: undefined,
      }),
    );
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'boleta_buyer_unidentified' }));
  });
  it('a boleta DNI that is not 8 digits is SUNAT observation 4207: accepted with a warning', () => {
    for (const number of ['4587123', '20604187339']) {
      const r = accepted(boleta(customer({ numero_documento: number })));
      expect(r.warnings).toContainEqual(
        expect.objectContaining({
          path: 'datos_del_cliente_o_receptor.numero_documento',
          code: 'sunat_observation',
          sunatRule: '4207',
        }),
      );
    }
  });
  it('a note of a factura may go to a DNI or "-" customer (SUNAT\'s note rules do not check the type)', () => {
    accepted(creditNote(customer({ codigo_tipo_documento_identidad: '1', numero_documento: '45871236' })));
    accepted(creditNote(customer({ codigo_tipo_documento_identidad: '-', numero_documento: '-' })));
  });
  it('0112 allows a DNI on a factura; exports allow any foreign document', () => {
    const deductible = taxedInvoice({
      codigo_tipo_operacion: '0112',
      ...customer({ codigo_tipo_documento_identidad: '1', numero_documento: '45871236' }),
    });
    // SUNAT 3181: a 0112 factura has a line 84121901 (mortgage credit) or 80131501 (lease).
    deductible.items = deductible.items.map((i: Body) => ({ ...i, codigo_producto_sunat: '80131501' }));
    accepted(deductible);
    accepted(exportInvoice(customer({ codigo_tipo_documento_identidad: '7', numero_documento: 'X1234567' })));
  });
  it('a missing codigo_pais becomes PE with a warning; "" is treated as not sent', () => {
    const r = accepted(taxedInvoice(customer({ codigo_pais: undefined, telefono: '' })));
    expect(r.document.customer.countryCode).toBe('PE');
    expect(r.document.customer.phone).toBeUndefined();
    expect(r.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'datos_del_cliente_o_receptor.codigo_pais', code: 'default_applied' }),
        expect.objectContaining({ path: 'datos_del_cliente_o_receptor.telefono', code: 'empty_value_ignored' }),
      ]),
    );
  });
  it('a ubigeo sent as a number keeps its leading zero', () => {
    const r = accepted(taxedInvoice(customer({ ubigeo: 40101 })));
    expect(r.document.customer.ubigeo).toBe('040101');
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'datos_del_cliente_o_receptor.ubigeo', code: 'value_normalized' }),
    );
  });
});

describe('issue-date window (issue_date_out_of_range)', () => {
  rejects([
    {
      name: 'a factura dated tomorrow',
      body: () => taxedInvoice({ fecha_de_emision: shiftDate(TODAY, 1), fecha_de_vencimiento: shiftDate(TODAY, 1) }),
      path: 'fecha_de_emision',
      code: 'issue_date_out_of_range',
    },
    {
      name: 'a factura 4 days old (default window 3)',
      body: () => taxedInvoice({ fecha_de_emision: shiftDate(TODAY, -4) }),
      path: 'fecha_de_emision',
      code: 'issue_date_out_of_range',
    },
    {
      name: 'a credit note of a factura 4 days old',
      body: () => creditNote({ fecha_de_emision: shiftDate(TODAY, -4) }),
      path: 'fecha_de_emision',
      code: 'issue_date_out_of_range',
    },
    {
      name: 'a boleta dated tomorrow',
      body: () => boleta({ fecha_de_emision: shiftDate(TODAY, 1), fecha_de_vencimiento: shiftDate(TODAY, 1) }),
      path: 'fecha_de_emision',
      code: 'issue_date_out_of_range',
    },
    {
      name: 'a factura 2 days old with a 1-day window',
      body: () => taxedInvoice({ fecha_de_emision: shiftDate(TODAY, -2) }),
      ctx: { issueDateMaxAgeDays: 1 },
      path: 'fecha_de_emision',
      code: 'issue_date_out_of_range',
    },
    {
      name: 'date with slashes',
      body: () => taxedInvoice({ fecha_de_emision: '16/06/2025' }),
      path: 'fecha_de_emision',
      code: 'validation_failed',
    },
  ]);
  it('accepts a factura 3 days old, a boleta 6 days old, and a custom window', () => {
    accepted(taxedInvoice({ fecha_de_emision: shiftDate(TODAY, -3) }));
    accepted(boleta({ fecha_de_emision: shiftDate(TODAY, -6) }));
    accepted(taxedInvoice({ fecha_de_emision: shiftDate(TODAY, -6) }), { issueDateMaxAgeDays: 7 });
  });
  it('a missing due date and operation default to the issue date and 0101 (warnings)', () => {
    const r = accepted(taxedInvoice({ fecha_de_vencimiento: undefined, codigo_tipo_operacion: undefined }));
    expect([r.document.dueDate, r.document.operationType]).toEqual([TODAY, '0101']);
    expect(r.warnings.map((w) => w.code)).toEqual(['default_applied', 'default_applied']);
  });
  it('HH:mm is completed to HH:mm:ss', () => {
    expect(accepted(taxedInvoice({ hora_de_emision: '09:30' })).document.issueTime).toBe('09:30:00');
  });
});

describe('payment terms and cuotas (installments_mismatch / installments_invalid)', () => {
  const cuota = (days: number, monto: number, extra: Body = {}) => ({
    fecha: shiftDate(TODAY, days),
    codigo_tipo_moneda: 'PEN',
    monto,
    ...extra,
  });
  rejects([
    {
      name: 'cuotas not summing the pending amount (3319)',
      body: () => creditSale({ cuotas: [cuota(30, 1000), cuota(60, 2000)] }),
      path: 'cuotas',
      code: 'installments_mismatch',
      sunatRule: '3319',
    },
    {
      name: 'a cuota due on the issue date (3267)',
      body: () => creditSale({ cuotas: [cuota(0, 3070.79)] }),
      path: 'cuotas[0].fecha',
      code: 'installments_invalid',
      sunatRule: '3267',
    },
    {
      name: 'a cuota in another currency (2071)',
      body: () => creditSale({ cuotas: [cuota(30, 3070.79, { codigo_tipo_moneda: 'USD' })] }),
      path: 'cuotas[0].codigo_tipo_moneda',
      code: 'installments_invalid',
      sunatRule: '2071',
    },
    {
      name: 'cuotas on a cash sale (3252)',
      body: () => taxedInvoice({ cuotas: [cuota(30, 580.91)] }),
      path: 'cuotas',
      code: 'installments_invalid',
      sunatRule: '3252',
    },
    {
      name: 'credit without cuotas nor a later due date (3249)',
      body: () => creditSale({ cuotas: undefined, fecha_de_vencimiento: TODAY }),
      path: 'cuotas',
      code: 'installments_invalid',
      sunatRule: '3249',
    },
  ]);
  it('contado by default; "03" is read as crédito (pain point: cuotas silently dropped)', () => {
    expect(accepted(taxedInvoice()).document.paymentForm).toBe('Contado');
    const r = accepted(creditSale({ codigo_condicion_de_pago: '03' }));
    expect(r.document.paymentForm).toBe('Credito');
    expect(r.document.installments).toHaveLength(3);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'codigo_condicion_de_pago', code: 'value_normalized' }),
    );
  });
  it('credit without cuotas but with a later due date gets one cuota for the pending amount', () => {
    const r = accepted(creditSale({ cuotas: undefined }));
    expect(r.document.installments).toEqual([
      { id: 'Cuota001', dueDate: shiftDate(TODAY, 90), currency: 'PEN', amount: '3070.79' },
    ]);
  });
  it('notes other than NC 13 carry no FormaPago; NC 13 is credit with cuotas and factura-only', () => {
    expect(accepted(creditNote()).document.paymentForm).toBeUndefined();
    const nc13 = accepted(creditNote13({ cuotas: [cuota(30, 256.08)] }));
    expect(nc13.document.paymentForm).toBe('Credito');
    expect(
      issuesOf(
        creditNote({
          codigo_tipo_nota: '13',
          serie_documento: 'BC01',
          documento_afectado: { serie_documento: 'B001', codigo_tipo_documento: '03' },
          datos_del_cliente_o_receptor: { codigo_tipo_documento_identidad: '1', numero_documento: '45871236' },
          cuotas: [cuota(30, 256.08)],
        }),
      ),
    ).toContainEqual(expect.objectContaining({ path: 'codigo_tipo_nota', code: 'note_invalid', sunatRule: '3259' }));
  });
});

describe('detraction (1001–1004)', () => {
  rejects([
    {
      name: 'operation 1001 without the block (3127)',
      body: () => detractionInvoice({ detraccion: undefined }),
      path: 'detraccion',
      code: 'detraction_required',
      sunatRule: '3127',
    },
    {
      name: 'block on a 0101 sale (3128)',
      body: () => taxedInvoice({ detraccion: { codigo_tipo_detraccion: '037', cuenta_bancaria: '00-1' } }),
      path: 'detraccion',
      code: 'detraction_not_allowed',
      sunatRule: '3128',
    },
    {
      name: 'no account (3034)',
      body: () => detractionInvoice({ detraccion: { cuenta_bancaria: undefined } }),
      path: 'detraccion.cuenta_bancaria',
      code: 'detraction_account_required',
      sunatRule: '3034',
    },
    {
      name: '1002 with a code other than 004 (3129)',
      body: () => detractionInvoice({ codigo_tipo_operacion: '1002' }),
      path: 'detraccion.codigo_tipo_detraccion',
      code: 'detraction_code_mismatch',
      sunatRule: '3129',
    },
    {
      name: 'amount off by more than 1',
      body: () => detractionInvoice({ detraccion: { monto: 700 } }),
      path: 'detraccion.monto',
      code: 'totals_mismatch',
    },
    {
      name: '1004 without origin and destination',
      body: () =>
        detractionInvoice({
          codigo_tipo_operacion: '1004',
          detraccion: { codigo_tipo_detraccion: '027', porcentaje: 4, monto: 314.06 },
        }),
      path: 'detraccion.ubigeo_origen',
      code: 'detraction_transport_required',
    },
    {
      name: 'USD without exchange rate nor detraccion.monto (nothing to convert the amount with)',
      body: () =>
        detractionInvoice({
          codigo_tipo_moneda: 'USD',
          detraccion: { monto: undefined },
          cuotas: [{ fecha: shiftDate(TODAY, 30), codigo_tipo_moneda: 'USD', monto: 7066.33 }],
        }),
      path: 'factor_tipo_de_cambio',
      code: 'exchange_rate_required',
    },
  ]);
  it('legend 2006 is added when missing; amount and percent default from catalog 54', () => {
    const r = accepted(
      detractionInvoice({ leyendas: undefined, detraccion: { porcentaje: undefined, monto: undefined } }),
    );
    expect(r.document.legends.map((l) => l.code)).toEqual(['1000', '2006']);
    expect(r.document.detraction?.amount).toBe('785.15');
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'legend_added' }));
  });
  it('a percent other than catalog 54 is a warning', () => {
    const r = accepted(
      detractionInvoice({
        detraccion: { porcentaje: 12, monto: 942.18 },
        totales: { total_pendiente_pago: 6909.3 },
        cuotas: [{ fecha: shiftDate(TODAY, 30), codigo_tipo_moneda: 'PEN', monto: 6909.3 }],
      }),
    );
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'detraccion.porcentaje', code: 'detraction_percent_differs' }),
    );
  });
  it('in dollars the amount is converted to soles with the exchange rate', () => {
    const body = detractionInvoice({
      codigo_tipo_moneda: 'USD',
      factor_tipo_de_cambio: 3.75,
      detraccion: { monto: undefined },
      totales: { total_pendiente_pago: undefined },
      cuotas: undefined,
    });
    const r = accepted(body);
    expect(r.document.detraction?.amount).toBe('2944.31'); // round2(7851.48 × 3.75 × 10 %)
    expect(r.document.totals.pending).toBe('7066.33'); // 7851.48 − round2(2944.31 / 3.75)
  });
});

describe('exports, free lines, IVAP', () => {
  rejects([
    {
      name: 'export line with afectación 10 (2642)',
      body: () =>
        exportInvoice({
          items: [{ ...exportInvoice().items[0], codigo_tipo_afectacion_igv: '10' }],
          totales: undefined,
        }),
      path: 'items[0].codigo_tipo_afectacion_igv',
      code: 'export_invalid',
      sunatRule: '2642',
    },
    {
      name: 'export line without UNSPSC (3001)',
      body: () =>
        exportInvoice({ items: [{ ...exportInvoice().items[0], codigo_producto_sunat: null }], totales: undefined }),
      path: 'items[0].codigo_producto_sunat',
      code: 'export_invalid',
      sunatRule: '3001',
    },
    {
      name: 'afectación 40 in a domestic sale',
      body: () => oneLineInvoice({ codigo_tipo_afectacion_igv: '40' }),
      path: 'items[0].codigo_tipo_afectacion_igv',
      code: 'export_invalid',
    },
    {
      name: 'a free line with price type 01 (3224)',
      body: () => freeInvoice({ items: [{ ...freeInvoice().items[0], codigo_tipo_precio: '01' }] }),
      path: 'items[0].codigo_tipo_precio',
      code: 'free_line_invalid',
      sunatRule: '3224',
    },
    {
      name: 'an onerous line with price type 02 (3234)',
      body: () => oneLineInvoice({ codigo_tipo_precio: '02' }),
      path: 'items[0].codigo_tipo_precio',
      code: 'price_type_invalid',
      sunatRule: '3234',
    },
    {
      name: 'a free line without referential value (2641)',
      body: () => oneLineInvoice({ codigo_tipo_afectacion_igv: '15', valor_unitario: 0 }),
      path: 'items[0].total_base_igv',
      code: 'free_line_invalid',
    },
    {
      name: 'a free exonerated line (21) with IGV (3110)',
      body: () =>
        oneLineInvoice({ codigo_tipo_afectacion_igv: '21', valor_unitario: 0, total_base_igv: 50, total_igv: 9 }),
      path: 'items[0].total_igv',
      code: 'totals_mismatch',
      sunatRule: '3110',
    },
    {
      name: 'IVAP mixed with a taxed line (2644)',
      body: () =>
        oneLineInvoice(
          { codigo_tipo_afectacion_igv: '17' },
          { items: [oneLineInvoice().items[0], { ...oneLineInvoice().items[0], codigo_tipo_afectacion_igv: '17' }] },
        ),
      path: 'items[0].codigo_tipo_afectacion_igv',
      code: 'catalog_code_invalid',
      sunatRule: '2644',
    },
  ]);
  it('a free line given its referential unit value in valor_unitario emits Price 0 (2640) and warns', () => {
    const r = accepted(oneLineInvoice({ codigo_tipo_afectacion_igv: '15', valor_unitario: 12.5 }));
    const line = r.document.lines[0];
    expect([line.unitValue, line.unitPrice, line.igvBase, line.igv, line.taxes, line.priceType]).toEqual([
      '0.00',
      '12.50',
      '25.00',
      '4.50',
      '0.00',
      '02',
    ]);
    expect(r.document.legends.map((l) => l.code)).toEqual(['1000', '1002']);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'items[0].valor_unitario', code: 'value_normalized' }),
    );
  });
  it('IVAP (17): 4 %, scheme 1016 and legend 2007', () => {
    const r = accepted(oneLineInvoice({ codigo_tipo_afectacion_igv: '17' }));
    expect([
      r.document.lines[0].igv,
      r.document.lines[0].scheme,
      r.document.totals.ivap,
      r.document.totals.payable,
    ]).toEqual(['8.00', '1016', '8.00', '208.00']);
    expect(r.document.legends.map((l) => l.code)).toContain('2007');
  });
});

describe('ICBPER per bag, rate by year of issue (icbper_invalid)', () => {
  const bagLine = (qty: number, tax: number) =>
    oneLineInvoice({ descripcion: 'Bolsa', cantidad: qty, valor_unitario: 0.1, total_impuestos_bolsa_plastica: tax });
  rejects([
    {
      name: 'half a bag',
      body: () => bagLine(1.5, 0.75),
      path: 'items[0].cantidad',
      code: 'icbper_invalid',
      sunatRule: '2892',
    },
    {
      name: 'header ICBPER not the sum of the lines (3306, exact)',
      body: () => bagTaxInvoice({ totales: { total_impuestos_bolsa_plastica: 2.5 } }),
      path: 'totales.total_impuestos_bolsa_plastica',
      code: 'totals_mismatch',
      sunatRule: '3306',
    },
  ]);
  it('S/ 0.40 per bag in 2025 is SUNAT observation 4318: accepted at that rate with a warning', () => {
    const r = accepted(bagLine(2, 0.8));
    expect(r.document.lines[0].icbper).toEqual({ bags: '2', rate: '0.40', amount: '0.80' });
    expect(r.warnings).toContainEqual(
      expect.objectContaining({
        path: 'items[0].total_impuestos_bolsa_plastica',
        code: 'sunat_observation',
        sunatRule: '4318',
      }),
    );
  });
  rejects([
    {
      name: 'an ICBPER that is no yearly rate × bags',
      body: () => bagLine(2, 0.77),
      path: 'items[0].total_impuestos_bolsa_plastica',
      code: 'icbper_invalid',
    },
  ]);
  it('S/ 0.30 per bag for a 2021 issue date', () => {
    const body = bagLine(3, 0.9);
    body.fecha_de_emision = '2021-03-01';
    body.fecha_de_vencimiento = '2021-03-01';
    const r = accepted(body, { today: '2021-03-01' });
    expect(r.document.lines[0].icbper).toEqual({ bags: '3', rate: '0.30', amount: '0.90' });
    expect(r.document.totals.taxes).toBe('0.95'); // IGV 0.05 (0.30 × 18 %) + ICBPER 0.90
  });
});

describe('advances with discount 04 (prepayment_mismatch)', () => {
  it('without the 04 discounts they are generated from anticipos (warning) and the figures do not change', () => {
    const r = accepted(advancesInvoice({ descuentos: undefined }));
    expect(r.document.totals.payable).toBe('49700.00');
    expect(r.document.allowanceCharges.map((a) => [a.code, a.amount, a.factor])).toEqual([
      ['04', '12033.90', '0.2'],
      ['04', '6016.95', '0.1'],
    ]);
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'prepayment_discount_added' }));
  });
  rejects([
    {
      name: '04 discounts that do not add up to the advances (3287)',
      body: () =>
        advancesInvoice({
          anticipos: [{ numero: 'F001-1042', codigo_tipo_documento: '02', monto: 12033.9, total: 14200 }],
          totales: undefined,
        }),
      path: 'descuentos',
      code: 'prepayment_mismatch',
      sunatRule: '3287',
    },
    {
      name: 'a 04 discount without anticipos (3282)',
      body: () => taxedInvoice({ descuentos: [{ codigo: '04', factor: 0.1 }], totales: undefined }),
      path: 'descuentos[0].codigo',
      code: 'prepayment_mismatch',
      sunatRule: '3282',
    },
    {
      name: 'total_anticipos not Σ anticipos.total (2509, exact)',
      body: () => advancesInvoice({ totales: { total_anticipos: 21300.5 } }),
      path: 'totales.total_anticipos',
      code: 'totals_mismatch',
      sunatRule: '2509',
    },
  ]);
  it('numero_documento is read as numero in anticipos (pain point 20.1 #13)', () => {
    const body = advancesInvoice();
    body.anticipos = body.anticipos.map((a: Body) => ({
      numero_documento: a.numero,
      codigo_tipo_documento: a.codigo_tipo_documento,
      monto: a.monto,
      total: a.total,
    }));
    const r = accepted(body);
    expect(r.document.advances[0].number).toBe('F001-1042');
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'anticipos[0].numero_documento', code: 'value_normalized' }),
    );
  });
});

describe('allowances and charges (allowance_invalid)', () => {
  rejects([
    {
      name: 'line discount 00 with amount ≠ base × factor (3290)',
      body: () => oneLineInvoice({ descuentos: [{ codigo: '00', factor: 0.1, monto: 5, base: 200 }] }),
      path: 'items[0].descuentos[0].monto',
      code: 'allowance_invalid',
      sunatRule: '3290',
    },
    {
      name: 'a charge code in descuentos',
      body: () => taxedInvoice({ descuentos: [{ codigo: '50', factor: 0.1 }], totales: undefined }),
      path: 'descuentos[0].codigo',
      code: 'allowance_invalid',
    },
    {
      name: 'neither amount nor factor',
      body: () => taxedInvoice({ cargos: [{ codigo: '50' }], totales: undefined }),
      path: 'cargos[0].monto',
      code: 'validation_failed',
    },
  ]);
  it('line discount 01 and line charge 48 feed AllowanceTotal and ChargeTotal, not the base', () => {
    const r = accepted(
      oneLineInvoice({ descuentos: [{ codigo: '01', monto: 10 }], cargos: [{ codigo: '48', monto: 4 }] }),
    );
    const d = r.document;
    expect([d.lines[0].value, d.lines[0].igv, d.totals.allowanceTotal, d.totals.chargeTotal, d.totals.payable]).toEqual(
      ['200.00', '36.00', '10.00', '4.00', '230.00'],
    );
    expect(d.lines[0].unitPrice).toBe('115.00'); // (200 + 36 − 10 + 4) / 2 (SUNAT 3270)
  });
  it('global charge 49 raises the IGV base', () => {
    const d = accepted(oneLineInvoice({}, { cargos: [{ codigo: '49', factor: 0.1 }] })).document;
    expect([d.totals.taxed, d.totals.igv, d.totals.value, d.totals.payable]).toEqual([
      '220.00',
      '39.60',
      '220.00',
      '259.60',
    ]);
  });
});

describe('notes (note_invalid, SUNAT 2117 / 2116 / 2128)', () => {
  rejects([
    {
      name: 'no documento_afectado',
      body: () => creditNote({ documento_afectado: undefined }),
      path: 'documento_afectado',
      code: 'note_invalid',
      sunatRule: '2117',
    },
    {
      name: 'affected without number',
      body: () => creditNote({ documento_afectado: { numero_documento: undefined } }),
      path: 'documento_afectado.numero_documento',
      code: 'note_invalid',
    },
    {
      name: 'an F-note of a boleta',
      body: () => creditNote({ documento_afectado: { serie_documento: 'B001', codigo_tipo_documento: '03' } }),
      path: 'serie_documento',
      code: 'note_invalid',
      sunatRule: '2116',
    },
    {
      name: 'affected factura with a B series',
      body: () => creditNote({ documento_afectado: { serie_documento: 'B001' } }),
      path: 'documento_afectado.serie_documento',
      code: 'note_invalid',
    },
    {
      name: 'no note type',
      body: () => debitNote({ codigo_tipo_nota: undefined }),
      path: 'codigo_tipo_nota',
      code: 'validation_failed',
      sunatRule: '2128',
    },
    {
      name: 'no reason',
      body: () => debitNote({ motivo_o_sustento_de_nota: '' }),
      path: 'motivo_o_sustento_de_nota',
      code: 'validation_failed',
      sunatRule: '2135',
    },
    {
      name: 'anticipos on a credit note',
      body: () =>
        creditNote({
          anticipos: [{ numero: 'F001-1', codigo_tipo_documento: '02', monto: 10, total: 11.8 }],
          totales: undefined,
        }),
      path: 'anticipos',
      code: 'validation_failed',
    },
  ]);
  it('a note by external_id only waits for the service to resolve the affected document', () => {
    const r = accepted(
      creditNote({
        documento_afectado: {
          serie_documento: undefined,
          numero_documento: undefined,
          codigo_tipo_documento: undefined,
          external_id: '46C6CE9D-AAAE-4B8D-8E94-A6F94C964B47',
        },
      }),
    );
    expect(r.document.note?.affectedDocument).toEqual({ externalId: '46c6ce9d-aaae-4b8d-8e94-a6f94c964b47' });
    expect(r.document.group).toBe('01');
  });
  it('a boleta note (BC01) belongs to group 02 and may go to a DNI', () => {
    const r = accepted(
      creditNote({
        serie_documento: 'BC01',
        documento_afectado: { serie_documento: 'B001', codigo_tipo_documento: '03' },
        datos_del_cliente_o_receptor: { codigo_tipo_documento_identidad: '1', numero_documento: '45871236' },
      }),
    );
    expect(r.document.group).toBe('02');
  });
});

describe('legends', () => {
  it('1000 is generated from the total, never duplicated; a client 1000 is replaced (warning)', () => {
    const r = accepted(taxedInvoice({ leyendas: [{ codigo: '1000', valor: 'QUINIENTOS' }] }));
    expect(r.document.legends).toEqual([{ code: '1000', value: 'SON QUINIENTOS OCHENTA CON 91/100 SOLES' }]);
    expect(r.warnings).toContainEqual(expect.objectContaining({ path: 'leyendas[0].valor', code: 'legend_replaced' }));
  });
  it('the same code twice is refused (3014)', () => {
    expect(
      issuesOf(
        taxedInvoice({
          leyendas: [
            { codigo: '2005', valor: 'a' },
            { codigo: '2005', valor: 'b' },
          ],
        }),
      ),
    ).toContainEqual(
      expect.objectContaining({ path: 'leyendas[1].codigo', code: 'legend_duplicated', sunatRule: '3014' }),
    );
  });
  it('words in dollars; number_to_letter in FacturadorPro style', () => {
    const d = accepted(dollarInvoice()).document;
    expect(d.amountInWords).toBe('SON MIL SESENTA Y SIETE CON 80/100 DOLARES AMERICANOS');
    expect(d.numberToLetter).toBe('Mil sesenta y siete con 80/100');
  });
});

describe('totals: SUNAT tolerances, client figures kept when accepted', () => {
  it('a client figure within ±1 is kept as sent', () => {
    const r = accepted(taxedInvoice({ totales: { total_igv: 88.9, total_impuestos: 88.9, total_venta: 581.19 } }));
    expect([r.document.totals.igv, r.document.totals.taxes, r.document.totals.payable]).toEqual([
      '88.90',
      '88.90',
      '581.19',
    ]);
  });
  rejects([
    {
      name: 'line value off by more than 1 (3271)',
      body: () => oneLineInvoice({ total_valor_item: 198 }),
      path: 'items[0].total_valor_item',
      code: 'totals_mismatch',
      sunatRule: '3271',
    },
    {
      name: 'line IGV off by more than 1 (3103)',
      body: () => oneLineInvoice({ total_igv: 34 }),
      path: 'items[0].total_igv',
      code: 'totals_mismatch',
      sunatRule: '3103',
    },
    {
      name: 'line base ≠ value (3272, exact)',
      body: () => oneLineInvoice({ total_base_igv: 200.01 }),
      path: 'items[0].total_base_igv',
      code: 'totals_mismatch',
      sunatRule: '3272',
    },
    {
      name: 'exonerated line with IGV (3110)',
      body: () => oneLineInvoice({ codigo_tipo_afectacion_igv: '20', total_igv: 1 }),
      path: 'items[0].total_igv',
      code: 'totals_mismatch',
      sunatRule: '3110',
    },
    {
      name: 'price far from value + taxes (3270)',
      body: () => oneLineInvoice({ precio_unitario: 100 }),
      path: 'items[0].precio_unitario',
      code: 'totals_mismatch',
      sunatRule: '3270',
    },
    {
      name: 'gravadas off (3277)',
      body: () => taxedInvoice({ totales: { total_operaciones_gravadas: 480 } }),
      path: 'totales.total_operaciones_gravadas',
      code: 'totals_mismatch',
      sunatRule: '3277',
    },
    {
      name: 'total_valor off (3278)',
      body: () => taxedInvoice({ totales: { total_valor: 500 } }),
      path: 'totales.total_valor',
      code: 'totals_mismatch',
      sunatRule: '3278',
    },
    {
      name: 'subtotal_venta off (3279)',
      body: () => taxedInvoice({ totales: { subtotal_venta: 590 } }),
      path: 'totales.subtotal_venta',
      code: 'totals_mismatch',
      sunatRule: '3279',
    },
    {
      name: 'total_venta off with subtotal_venta sent (3280)',
      body: () => taxedInvoice({ totales: { subtotal_venta: 580.91, total_venta: 590 } }),
      path: 'totales.total_venta',
      code: 'totals_mismatch',
      sunatRule: '3280',
    },
    {
      name: 'total_cargos off (3301)',
      body: () => taxedInvoice({ totales: { total_cargos: 5 } }),
      path: 'totales.total_cargos',
      code: 'totals_mismatch',
      sunatRule: '3301',
    },
    {
      name: 'ISC off (3108)',
      body: () => iscInvoice({ items: [{ ...iscInvoice().items[0], total_isc: 30 }], totales: undefined }),
      path: 'items[0].total_isc',
      code: 'totals_mismatch',
      sunatRule: '3108',
    },
    {
      name: 'exoneradas off (3275)',
      body: () => taxedInvoice({ totales: { total_operaciones_exoneradas: 10 } }),
      path: 'totales.total_operaciones_exoneradas',
      code: 'totals_mismatch',
      sunatRule: '3275',
    },
  ]);
  it('figures SUNAT never sees (total_item, total_descuentos) only warn, and ours are used', () => {
    const body = taxedInvoice({ totales: { total_descuentos: 12 } });
    body.items[0].total_item = 240;
    const r = accepted(body);
    expect(r.document.lines[0].total).toBe('237.36');
    expect(r.document.totals.discountTotal).toBe('0.00');
    expect(r.warnings.map((w) => [w.path, w.code])).toEqual([
      ['items[0].total_item', 'informational_total_differs'],
      ['totales.total_descuentos', 'informational_total_differs'],
    ]);
  });
  it('a pending amount other than total − detracción is kept (warning); the cuotas must add up to it', () => {
    const r = accepted(
      creditSale({
        totales: { total_pendiente_pago: 3000 },
        cuotas: [{ fecha: shiftDate(TODAY, 30), codigo_tipo_moneda: 'PEN', monto: 3000 }],
      }),
    );
    expect(r.document.totals.pending).toBe('3000.00');
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'totales.total_pendiente_pago', code: 'informational_total_differs' }),
    );
    expect(issuesOf(creditSale({ totales: { total_pendiente_pago: 3000 } }))).toEqual([
      { path: 'cuotas', code: 'installments_mismatch', sunatRule: '3319' },
    ]);
  });
  it('amounts with more than 2 decimals are rounded half-up (warning)', () => {
    const r = accepted(taxedInvoice({ totales: { total_venta: '580.905' } }));
    expect(r.document.totals.payable).toBe('580.91');
    expect(r.warnings).toContainEqual(expect.objectContaining({ path: 'totales.total_venta', code: 'amount_rounded' }));
  });
  it('amounts as numeric strings are accepted; a currency in lower case is upper-cased (warning)', () => {
    const body = taxedInvoice({ codigo_tipo_moneda: 'pen' });
    body.items[0].valor_unitario = '8.3814';
    body.items[0].cantidad = '24';
    const r = accepted(body);
    expect(r.document.currency).toBe('PEN');
    expect(r.warnings).toEqual([expect.objectContaining({ path: 'codigo_tipo_moneda', code: 'value_normalized' })]);
  });
  it('unit value derived from a price with IGV when valor_unitario is missing', () => {
    const d = accepted(oneLineInvoice({ valor_unitario: undefined, precio_unitario: 118 })).document;
    expect([d.lines[0].unitValue, d.lines[0].value, d.lines[0].igv, d.totals.payable]).toEqual([
      '100.00',
      '200.00',
      '36.00',
      '236.00',
    ]);
  });
  it('more than 999 lines are refused (2023)', () => {
    const body = oneLineInvoice();
    body.items = Array.from({ length: 1000 }, () => ({ ...body.items[0] }));
    expect(issuesOf(body)).toContainEqual(
      expect.objectContaining({ path: 'items', code: 'too_many_lines', sunatRule: '2023' }),
    );
  });
  it('schema errors name the field with a Spanish message', () => {
    const r = run(
      taxedInvoice({ items: [{ ...taxedInvoice().items[0], cantidad: 'dos' }], hora_de_emision: undefined }),
    );
    expect(r.ok ? [] : r.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'items[0].cantidad',
          code: 'validation_failed',
          message: expect.stringContaining('número'),
        }),
      ]),
    );
  });
  it('does not mutate the request body', () => {
    const body = taxedInvoice();
    const before = JSON.stringify(body);
    accepted(body);
    expect(JSON.stringify(body)).toBe(before);
  });
});
