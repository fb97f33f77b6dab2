// The rest of "never stricter than SUNAT": what SUNAT accepts — with an observation or silently — is accepted by the
// core with a warning, and the simulator, reading the XML the core built, rejects nothing (observations ≥ 4000 only).
import { describe, expect, it } from 'vitest';
import { assignNumber, buildDocumentXml, prepareDocument, type PrepareResult } from '../../src/core/index.ts';
import { evaluateRules } from '../../src/simulator/rules/index.ts';
import { parseXml } from '../../src/sunat/xml.ts';
import {
  TODAY,
  boleta,
  creditNote,
  debitNote,
  detractionInvoice,
  oneLineInvoice,
  shiftDate,
  taxedInvoice,
  testContext,
  testIssuer,
  type Body,
} from '../fixtures/invoices.ts';

type Accepted = Extract<PrepareResult, { ok: true }>;

function accepted(body: Body): Accepted {
  const r = prepareDocument(body, testContext());
  if (!r.ok) throw new Error(`rejected: ${JSON.stringify(r.issues)}`);
  return r;
}
/** SUNAT's verdict on the XML the core built for an accepted body. */
function sunat(r: Accepted) {
  const xml = buildDocumentXml(assignNumber(r.document, 1), testIssuer);
  const v = evaluateRules(parseXml(xml), r.document.documentType);
  return { xml, errors: v.errors.map((e) => e.code), observations: v.observations.map((o) => o.code) };
}
function warningCodes(r: Accepted): string[] {
  return r.warnings.map((w) => w.sunatRule ?? w.code);
}

describe('detraction of a foreign-currency factura (SUNAT 3208: the amount is in PEN; no exchange rate required)', () => {
  const usd = (patch: Body = {}) =>
    detractionInvoice({
      codigo_tipo_moneda: 'USD',
      detraccion: { monto: 2950.2 },
      totales: { total_pendiente_pago: 7066.33 },
      cuotas: [{ fecha: shiftDate(TODAY, 30), codigo_tipo_moneda: 'USD', monto: 7066.33 }],
      ...patch,
    });
  it('with detraccion.monto and no factor_tipo_de_cambio: 200, the amount emitted in PEN as sent, a warning', () => {
    const r = accepted(usd());
    expect(r.document.detraction?.amount).toBe('2950.20');
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'detraccion.monto', code: 'exchange_rate_missing' }),
    );
    const v = sunat(r);
    expect(v.errors).toEqual([]);
    expect(v.xml).toMatch(/<cbc:Amount currencyID="PEN">2950.20<\/cbc:Amount>/);
  });
  it('without detraccion.monto nor an exchange rate the amount cannot be computed: 422 exchange_rate_required', () => {
    const r = prepareDocument(usd({ detraccion: { monto: undefined } }), testContext());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues).toContainEqual(expect.objectContaining({ code: 'exchange_rate_required' }));
  });
});

describe('notes: SUNAT NC/ND rules check only a RUC customer number (2017), never 2801/2802', () => {
  const dniCustomer = (numero: string, tipo = '1') => ({
    datos_del_cliente_o_receptor: {
      codigo_tipo_documento_identidad: tipo,
      numero_documento: numero,
      apellidos_y_nombres_o_razon_social: 'JUAN PEREZ QUISPE',
    },
  });
  for (const [name, build] of [
    ['credit note', creditNote],
    ['debit note', debitNote],
  ] as const) {
    it(`a ${name} of a factura to a 7-digit DNI: 200 with a warning; SUNAT rejects nothing`, () => {
      const r = accepted(build(dniCustomer('1234567')));
      expect(warningCodes(r)).toContain('customer_document_number_unusual');
      const v = sunat(r);
      expect(v.errors).toEqual([]);
    });
  }
  it('a credit note to a DNI "0" or to "-" (sin documento): 200; SUNAT rejects nothing', () => {
    for (const [numero, tipo] of [
      ['0', '1'],
      ['-', '-'],
      ['0', '0'],
    ]) {
      const r = accepted(creditNote(dniCustomer(numero, tipo)));
      expect(sunat(r).errors).toEqual([]);
    }
  });
  it('a factura keeps 2801 for the same DNI', () => {
    const r = prepareDocument(taxedInvoice(dniCustomer('1234567')), testContext());
    expect(r.ok).toBe(false);
  });
});

describe('catalog 53 codes at the wrong level are observations (4268 line, 4291 global)', () => {
  it('a global discount 02 on a line: 200 with sunat_observation 4268; it moves no total; SUNAT observes 4268', () => {
    const plain = accepted(oneLineInvoice());
    const r = accepted(oneLineInvoice({ descuentos: [{ codigo: '02', factor: 0.1 }] }));
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'items[0].descuentos[0].codigo', code: 'sunat_observation', sunatRule: '4268' }),
    );
    expect(r.document.totals.payable).toBe(plain.document.totals.payable);
    const v = sunat(r);
    expect(v.errors).toEqual([]);
    expect(v.observations).toContain('4268');
  });
  it('a line discount 00 in the document discounts: 200 with 4291; SUNAT observes 4291', () => {
    const r = accepted(taxedInvoice({ descuentos: [{ codigo: '00', factor: 0.1 }], totales: undefined }));
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'descuentos[0].codigo', code: 'sunat_observation', sunatRule: '4291' }),
    );
    const v = sunat(r);
    expect(v.errors).toEqual([]);
    expect(v.observations).toContain('4291');
  });
  it('a line charge 48 among the global charges and a line discount 01 among the discounts: the same', () => {
    const r = accepted(
      taxedInvoice({
        cargos: [{ codigo: '48', factor: 0.05 }],
        descuentos: [{ codigo: '01', factor: 0.1 }],
        totales: undefined,
      }),
    );
    expect(warningCodes(r).filter((c) => c === '4291')).toHaveLength(2);
    expect(sunat(r).errors).toEqual([]);
  });
  it('a charge code among the discounts is still refused (SUNAT 3114 is a rejection)', () => {
    const r = prepareDocument(
      taxedInvoice({ descuentos: [{ codigo: '50', factor: 0.1 }], totales: undefined }),
      testContext(),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues).toContainEqual(expect.objectContaining({ sunatRule: '3114' }));
  });
});

describe('3265/3266 caps belong to the invoice rules only', () => {
  it('a credit note (type other than 13) on credit with a cuota above its total: 200; SUNAT rejects nothing', () => {
    const body = creditNote({ codigo_condicion_de_pago: '02', totales: { total_pendiente_pago: 500 } });
    body.cuotas = [{ fecha: shiftDate(TODAY, 30), monto: 500 }];
    const r = accepted(body);
    expect(r.document.installments.map((i) => i.amount)).toEqual(['500.00']);
    expect(sunat(r).errors).toEqual([]);
  });
  it('a debit note the same', () => {
    const body = debitNote({ codigo_condicion_de_pago: '02', totales: { total_pendiente_pago: 500 } });
    body.cuotas = [{ fecha: shiftDate(TODAY, 30), monto: 500 }];
    expect(sunat(accepted(body)).errors).toEqual([]);
  });
  it('a factura keeps them: a cuota above the total is 422 with 3266, as the simulator rejects it', () => {
    const body = taxedInvoice({ codigo_condicion_de_pago: '02', totales: { total_pendiente_pago: 100000 } });
    body.cuotas = [{ fecha: shiftDate(TODAY, 30), monto: 100000 }];
    const r = prepareDocument(body, testContext());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.sunatRule)).toEqual(expect.arrayContaining(['3265', '3266']));
  });
  it('a boleta to a DNI customer is not capped (SUNAT checks FormaPago amounts of RUC customers only)', () => {
    const body = boleta({ codigo_condicion_de_pago: '02', totales: { total_pendiente_pago: 100000 } });
    body.cuotas = [{ fecha: shiftDate(TODAY, 30), monto: 100000 }];
    const r = prepareDocument(body, testContext());
    expect(r.ok ? [] : r.issues.filter((i) => i.sunatRule === '3265' || i.sunatRule === '3266')).toEqual([]);
  });
});
