// SUNAT as it stands today, each case written from the rule's text in SUNAT's validation package (the code cited):
// one IGV rate per document from the dated table (3462), and the refusals SUNAT does not make — accepted, their XML
// XSD-valid, signed and passed by the simulator (test/property/judge.ts), with the line drawn where SUNAT draws it.
import { describe, expect, it } from 'vitest';
import { assignNumber, buildDocumentXml, prepareDocument, type PrepareResult } from '../../../src/core/index.ts';
import { IGV_RATE_PERIODS, allowedIgvRates, generalIgvRate, igvRatePeriod } from '../../../src/core/igv-rates.ts';
import { evaluateRules } from '../../../src/simulator/rules/index.ts';
import { parseXml } from '../../../src/sunat/xml.ts';
import {
  TODAY,
  type Body,
  boleta,
  creditNote,
  debitNote,
  exportInvoice,
  oneLineInvoice,
  testContext,
  testIssuer,
  withoutTotals,
} from '../../fixtures/invoices.ts';
import { boletaNote, customerDni, facturaNote, noteLine } from '../../fixtures/note-rules.ts';
import { violation } from '../../property/judge.ts';

function run(body: Body, today = TODAY): PrepareResult {
  return prepareDocument(structuredClone(body), testContext({ today }));
}
function accepted(body: Body, today = TODAY) {
  const r = run(body, today);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.issues)}`);
  // Its XML passes the XSD, its signature verifies and the simulator's rules raise no rejection.
  if (today === TODAY) expect(violation(body)).toBeUndefined();
  return r;
}
function refused(body: Body, path: string, sunatRule: string, today = TODAY) {
  const r = run(body, today);
  expect(r.ok, JSON.stringify(r.ok ? r.warnings : r.issues)).toBe(false);
  if (!r.ok) expect(r.issues).toContainEqual(expect.objectContaining({ path, sunatRule }));
  return r;
}
/** The simulator's verdict on the core's XML of a body with one edit to it. */
function simulatorOn(body: Body, edit: (xml: string) => string, type: string) {
  const r = run(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const xml = edit(buildDocumentXml(assignNumber(r.document, 1), testIssuer));
  const v = evaluateRules(parseXml(xml), type);
  return { errors: v.errors.map((e) => e.code), observations: v.observations.map((o) => o.code) };
}
const at = (rate: number, patch: Body = {}) => ({
  descripcion: 'Menú del día',
  unidad_de_medida: 'NIU',
  cantidad: 2,
  valor_unitario: 25,
  codigo_tipo_afectacion_igv: '10',
  porcentaje_igv: rate,
  ...patch,
});
const invoiceOf = (items: Body[], patch: Body = {}) => ({ ...oneLineInvoice(), items, ...patch });

describe('one IGV rate per document, in force on its date (SUNAT 3462, PAS20221U210700304)', () => {
  it('the table has one row per day, without gaps, each with its legal source', () => {
    for (const [i, row] of IGV_RATE_PERIODS.entries()) {
      expect(row.source.length).toBeGreaterThan(20);
      expect(row.rates[0]).toBe('18');
      const next = IGV_RATE_PERIODS[i + 1];
      if (next)
        expect(new Date(`${row.to}T00:00:00Z`).getTime() + 86_400_000).toBe(Date.parse(`${next.from}T00:00:00Z`));
      else expect(row.to).toBeUndefined();
    }
    expect(igvRatePeriod('2022-08-31').rates).toEqual(['18']);
    expect(igvRatePeriod('2022-09-01').rates).toEqual(['18', '10']);
    expect(igvRatePeriod('2025-12-31').rates).toEqual(['18', '10']);
    expect(igvRatePeriod('2026-01-01').rates).toEqual(['18', '10.5']);
    expect(generalIgvRate('2030-01-01').toFixed()).toBe('18');
    expect(allowedIgvRates('2026-03-01', true).map((r) => r.toFixed())).toEqual(['18', '10', '10.5']);
  });

  it('a body with 18 % and 10 % lines is a 422 naming the line off the common rate', () => {
    const r = refused(invoiceOf([at(18), at(10), at(18)]), 'items[1].porcentaje_igv', '3462');
    if (!r.ok) {
      expect(r.issues).toHaveLength(1);
      expect(r.issues[0].code).toBe('igv_rate_invalid');
      expect(r.issues[0].message).toContain('las líneas 1 y 3 al 18 %');
    }
  });

  it('a free taxed line (11–16) counts with its rate; exonerated, unaffected and IVAP lines do not', () => {
    refused(invoiceOf([at(10), at(18, { codigo_tipo_afectacion_igv: '13' })]), 'items[1].porcentaje_igv', '3462');
    accepted(
      invoiceOf([at(10), at(18, { codigo_tipo_afectacion_igv: '20' }), at(18, { codigo_tipo_afectacion_igv: '30' })]),
    );
  });

  it('the 10 % of Ley 31556 in 2025 passes; 10.5 % that year is not in force, nor 15 % ever', () => {
    expect(accepted(invoiceOf([at(10), at(10)])).document.lines[0].igvPercent).toBe('10');
    refused(invoiceOf([at(10.5)]), 'items[0].porcentaje_igv', '3462');
    refused(invoiceOf([at(15)]), 'items[0].porcentaje_igv', '3462');
  });

  it('in 2026 the special rate is 10.5 % (Ley 32387: IPM 2.5 %): 10 % is refused on an invoice, kept on a note', () => {
    const day = '2026-03-02';
    const dated = (b: Body) => ({ ...b, fecha_de_emision: day, fecha_de_vencimiento: day });
    expect(accepted(dated(invoiceOf([at(10.5)])), day).document.lines[0].igvPercent).toBe('10.5');
    refused(dated(invoiceOf([at(10)])), 'items[0].porcentaje_igv', '3462', day);
    // A note adjusts a 2025 document at its own rate.
    accepted({ ...facturaNote({ items: [noteLine({ porcentaje_igv: 10 })] }), fecha_de_emision: day }, day);
  });

  it('from 2027, where the table has no verified special rate, one other rate is accepted with a warning', () => {
    const day = '2027-02-01';
    const r = accepted({ ...invoiceOf([at(12)]), fecha_de_emision: day, fecha_de_vencimiento: day }, day);
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'igv_rate_unusual', sunatRule: '3462' }));
  });

  it('a taxed line without porcentaje_igv takes the general rate of its date', () => {
    expect(accepted(invoiceOf([{ ...at(18), porcentaje_igv: undefined }])).document.lines[0].igvPercent).toBe('18');
  });

  it('the simulator rejects an XML mixing rates, or with a rate not in force, with 3462', () => {
    const body = invoiceOf([at(10), at(10)]);
    let n = 0;
    const mixed = simulatorOn(
      body,
      (x) => x.replace(/<cbc:Percent>10\.00</g, (m) => (++n === 2 ? '<cbc:Percent>18.00<' : m)),
      '01',
    );
    expect(mixed.errors).toContain('3462');
    const off = simulatorOn(body, (x) => x.replace(/<cbc:Percent>10\.00</g, '<cbc:Percent>12.00<'), '01');
    expect(off.errors).toContain('3462');
    expect(simulatorOn(body, (x) => x, '01').errors).toEqual([]);
  });
});

describe('payment terms SUNAT does not check', () => {
  const credit = { codigo_condicion_de_pago: '02', fecha_de_vencimiento: TODAY, cuotas: undefined };
  it('ND: a debit note on credit without cuotas or due date (the ND rules read no FormaPago)', () => {
    const r = accepted({ ...withoutTotals(debitNote()), codigo_condicion_de_pago: '02' });
    expect(r.document.paymentForm).toBe('Credito');
    expect(r.warnings).toContainEqual(expect.objectContaining({ path: 'cuotas', code: 'payment_terms_unchecked' }));
  });
  it('Boleta XSL has no FormaPago rule: a boleta on credit without cuotas, or with nothing pending', () => {
    accepted({ ...withoutTotals(boleta()), ...credit });
    const free = withoutTotals(boleta());
    free.items = free.items.map((i: Body) => ({ ...i, codigo_tipo_afectacion_igv: '13', codigo_tipo_precio: '02' }));
    accepted({ ...free, ...credit });
  });
  it('Factura XSL 3249/3267 apply to a RUC customer only: a passport customer on credit without cuotas', () => {
    const passport = {
      codigo_tipo_documento_identidad: '7',
      numero_documento: 'X1234567',
      apellidos_y_nombres_o_razon_social: 'JOHN SMITH',
    };
    accepted({ ...oneLineInvoice(), codigo_tipo_operacion: '0401', datos_del_cliente_o_receptor: passport, ...credit });
  });
  it('a note of a boleta to a DNI customer on credit (NC 3249 reads RUC customers only)', () => {
    accepted(boletaNote({ codigo_condicion_de_pago: '02' }));
  });
  it('the same factura to a RUC customer is still refused (3249), and a credit note to a RUC (NC 3249)', () => {
    refused({ ...oneLineInvoice(), ...credit }, 'cuotas', '3249');
    refused(facturaNote({ codigo_condicion_de_pago: '02' }), 'cuotas', '3249');
  });
});

describe("notes' global and line allowances within SUNAT's ±1.00 (NC/ND 3277, 3280)", () => {
  it('a global discount 02 or charge 49 up to 1.00, a discount 03 or a line discount 01 up to 1.00, and 0.00', () => {
    for (const patch of [
      { descuentos: [{ codigo: '02', monto: 1 }] },
      { cargos: [{ codigo: '49', monto: 0.75 }] },
      { descuentos: [{ codigo: '03', monto: 1 }] },
      { descuentos: [{ codigo: '02', monto: 0 }] },
      { items: [noteLine({ descuentos: [{ codigo: '01', monto: 0.5 }] })] },
    ])
      accepted(facturaNote(patch));
  });
  it('beyond 1.00 they are refused at the allowance (3277 base, 3280 total)', () => {
    refused(facturaNote({ descuentos: [{ codigo: '02', monto: 1.5 }] }), 'descuentos[0].codigo', '3277');
    refused(facturaNote({ descuentos: [{ codigo: '03', monto: 1.01 }] }), 'descuentos[0].codigo', '3280');
    refused(
      facturaNote({ items: [noteLine({ descuentos: [{ codigo: '01', monto: 2 }] })] }),
      'items[0].descuentos[0].codigo',
      '3280',
    );
  });
  it('the simulator draws the same line on the XML: within ±1.00 nothing, beyond it 3277', () => {
    const body = facturaNote({ descuentos: [{ codigo: '02', monto: 1 }] });
    expect(simulatorOn(body, (x) => x, '07').errors).toEqual([]);
    const lowered = simulatorOn(
      body,
      (x) => x.replace(/(<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">)99\.00/, '$197.50'),
      '07',
    );
    expect(lowered.errors).toContain('3277');
  });
});

describe('the unit price (Factura 3270; Boleta 4287; NC none; ND 3270/4287 on value + taxes)', () => {
  const offPrice = (b: Body) => {
    const body = withoutTotals(b);
    body.items[0].precio_unitario = body.items[0].precio_unitario + 5;
    return body;
  };
  it('a boleta with a sent price off by more than 1.00 is accepted with observation 4287, the price emitted as sent', () => {
    const r = accepted(offPrice(boleta()));
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'items[0].precio_unitario', code: 'sunat_observation', sunatRule: '4287' }),
    );
    expect(Number(r.document.lines[0].unitPrice)).toBe(boleta().items[0].precio_unitario + 5);
  });
  it('a credit note with any sent price is accepted (its rules compare none); a factura is refused (3270)', () => {
    const note = withoutTotals(creditNote());
    note.items[0].precio_unitario = 50;
    expect(accepted(note).warnings.filter((w) => w.sunatRule === '4287')).toEqual([]);
    refused(
      offPrice(oneLineInvoice({ precio_unitario: 118, valor_unitario: 100 })),
      'items[0].precio_unitario',
      '3270',
    );
  });
  it('a line with only precio_unitario and a discount 00 or charge 47 derives its value from the net price', () => {
    const line = (ac: Body) => ({
      descripcion: 'Servicio',
      unidad_de_medida: 'ZZ',
      cantidad: 3,
      precio_unitario: 100,
      codigo_tipo_afectacion_igv: '10',
      ...ac,
    });
    for (const ac of [
      { descuentos: [{ codigo: '00', factor: 0.1 }] },
      { cargos: [{ codigo: '47', factor: 0.05 }] },
      {
        descuentos: [
          { codigo: '00', monto: 20 },
          { codigo: '01', factor: 0.05 },
        ],
      },
    ]) {
      const r = accepted(invoiceOf([line(ac)]));
      // SUNAT 3270: (value + taxes − 01 + 48) ÷ quantity is the price sent, ±1.
      expect(Number(r.document.lines[0].unitPrice)).toBe(100);
      expect(Math.abs(Number(r.document.totals.payable) - 300)).toBeLessThanOrEqual(1);
    }
  });
});

describe('customers: what SUNAT accepts', () => {
  it('an export factura 0200 to a RUC customer with legend 2008 (Factura 2800 excepts it, PAS20191U210100194)', () => {
    const ruc = {
      codigo_tipo_documento_identidad: '6',
      numero_documento: '20604187339',
      apellidos_y_nombres_o_razon_social: 'CLIENTE SAC',
    };
    const body = { ...withoutTotals(exportInvoice()), datos_del_cliente_o_receptor: ruc };
    refused(body, 'datos_del_cliente_o_receptor.codigo_tipo_documento_identidad', '2800');
    accepted({ ...body, leyendas: [{ codigo: '2008', valor: 'VENTA EXONERADA DEL IGV-ISC-IPM' }] });
  });
  it("a debit note to a customer named in 2 characters (ND 2022: '^(?!\\s*$).{2,999}$'); 1 is refused, and 2 on a credit note", () => {
    const named = (name: string) => ({ ...customerDni, apellidos_y_nombres_o_razon_social: name });
    const path = 'datos_del_cliente_o_receptor.apellidos_y_nombres_o_razon_social';
    accepted({
      ...withoutTotals(debitNote()),
      datos_del_cliente_o_receptor: {
        ...withoutTotals(debitNote()).datos_del_cliente_o_receptor,
        apellidos_y_nombres_o_razon_social: 'AB',
      },
    });
    refused({ ...withoutTotals(debitNote()), datos_del_cliente_o_receptor: named('A') }, path, '2022');
    refused(boletaNote({ datos_del_cliente_o_receptor: named('AB') }), path, '2022');
  });
});

describe('credit notes 04/05/08 on a boleta: observation 4367', () => {
  it('accepted with the warning; the simulator observes it; on a factura nothing', () => {
    for (const type of ['04', '05', '08']) {
      const r = accepted(boletaNote({ codigo_tipo_nota: type }));
      expect(r.warnings).toContainEqual(
        expect.objectContaining({ path: 'codigo_tipo_nota', code: 'sunat_observation', sunatRule: '4367' }),
      );
      expect(simulatorOn(boletaNote({ codigo_tipo_nota: type }), (x) => x, '07').observations).toContain('4367');
    }
    expect(accepted(facturaNote({ codigo_tipo_nota: '04' })).warnings.map((w) => w.sunatRule)).not.toContain('4367');
    expect(accepted(boletaNote({ codigo_tipo_nota: '07' })).warnings.map((w) => w.sunatRule)).not.toContain('4367');
  });
});
