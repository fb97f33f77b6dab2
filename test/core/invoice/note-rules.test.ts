// Notes at SUNAT's line (NC/ND rules): 422 with SUNAT's code and the field for what SUNAT rejects (credit notes
// 11/12/13, a fixed ISC no Percent can express), 200 with a warning carrying SUNAT's code for what it only observes.
import { describe, expect, it } from 'vitest';
import { prepareDocument, type PrepareResult } from '../../../src/core/index.ts';
import { testContext, type Body } from '../../fixtures/invoices.ts';
import {
  boletaDebitNote,
  boletaNote,
  customerDni,
  facturaNote,
  laterCuota,
  noteLine,
} from '../../fixtures/note-rules.ts';

function run(body: Body): PrepareResult {
  return prepareDocument(body, testContext());
}
function refusedWith(body: Body, path: string, sunatRule: string) {
  const r = run(body);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.issues).toContainEqual(expect.objectContaining({ path, sunatRule }));
}
function acceptedWith(body: Body, path?: string, sunatRule?: string) {
  const r = run(body);
  if (!r.ok) throw new Error(`rejected: ${JSON.stringify(r.issues)}`);
  if (path) expect(r.warnings).toContainEqual(expect.objectContaining({ path, sunatRule }));
  return r;
}

describe('credit note 11 (ajustes de operaciones de exportación)', () => {
  it('a taxed line is refused: 3107 (header 1000) and 2642 (line not 40)', () => {
    const body = facturaNote({ codigo_tipo_nota: '11' });
    refusedWith(body, 'codigo_tipo_nota', '3107');
    refusedWith(body, 'items[0].codigo_tipo_afectacion_igv', '2642');
  });
  it('an exonerated line is refused: 3221 (header 9997)', () => {
    refusedWith(
      facturaNote({ codigo_tipo_nota: '11', items: [noteLine({ codigo_tipo_afectacion_igv: '20' })] }),
      'codigo_tipo_nota',
      '3221',
    );
  });
  it('lines of afectación 40 pass', () => {
    acceptedWith(facturaNote({ codigo_tipo_nota: '11', items: [noteLine({ codigo_tipo_afectacion_igv: '40' })] }));
  });
});

describe('credit note 12 (ajustes afectos al IVAP)', () => {
  it('a taxed line is refused: 3107 (header 1000) and 2644 (line not 17)', () => {
    const body = facturaNote({ codigo_tipo_nota: '12' });
    refusedWith(body, 'codigo_tipo_nota', '3107');
    refusedWith(body, 'items[0].codigo_tipo_afectacion_igv', '2644');
  });
  it('an export or exonerated line is refused: 3221', () => {
    for (const code of ['40', '20', '30'])
      refusedWith(
        facturaNote({ codigo_tipo_nota: '12', items: [noteLine({ codigo_tipo_afectacion_igv: code })] }),
        'codigo_tipo_nota',
        '3221',
      );
  });
  it('lines of afectación 17 pass', () => {
    acceptedWith(facturaNote({ codigo_tipo_nota: '12', items: [noteLine({ codigo_tipo_afectacion_igv: '17' })] }));
  });
});

describe('debit notes 11 and 12 (the same ND rules)', () => {
  const debit = (patch: Body) => facturaNote({ codigo_tipo_documento: '08', serie_documento: 'FD01', ...patch });
  it('a taxed line on a debit note 11 is refused (2642, 3107); an exonerated one on a 12 (2644, 3221)', () => {
    const export11 = debit({ codigo_tipo_nota: '11' });
    refusedWith(export11, 'items[0].codigo_tipo_afectacion_igv', '2642');
    refusedWith(export11, 'codigo_tipo_nota', '3107');
    const ivap12 = debit({ codigo_tipo_nota: '12', items: [noteLine({ codigo_tipo_afectacion_igv: '20' })] });
    refusedWith(ivap12, 'items[0].codigo_tipo_afectacion_igv', '2644');
    refusedWith(ivap12, 'codigo_tipo_nota', '3221');
  });
  it('lines of 40 (11) and 17 (12) pass', () => {
    acceptedWith(debit({ codigo_tipo_nota: '11', items: [noteLine({ codigo_tipo_afectacion_igv: '40' })] }));
    acceptedWith(debit({ codigo_tipo_nota: '12', items: [noteLine({ codigo_tipo_afectacion_igv: '17' })] }));
  });
});

describe('credit note 13 (ajuste de montos y/o fechas de pago) totals 0 (3315)', () => {
  it('a priced line is refused', () => {
    refusedWith(facturaNote({ codigo_tipo_nota: '13', cuotas: laterCuota(118) }), 'items[0].valor_unitario', '3315');
  });
  it('lines of 0.00 with Credito cuotas pass', () => {
    const r = acceptedWith(
      facturaNote({ codigo_tipo_nota: '13', items: [noteLine({ valor_unitario: 0 })], cuotas: laterCuota(118) }),
    );
    expect(r.ok && r.document.totals.payable).toBe('0.00');
    expect(r.ok && r.document.paymentForm).toBe('Credito');
  });
});

describe('ISC of a fixed amount (02) that no Percent can express (3108)', () => {
  it('13.97 on a base of 0.16 is refused', () => {
    const item = noteLine({ valor_unitario: 0.16, codigo_tipo_sistema_isc: '02', total_isc: 13.97 });
    refusedWith(facturaNote({ items: [item] }), 'items[0].total_isc', '3108');
  });
  it('13.97 on a base of 1.50 passes (Percent 931.33333)', () => {
    const item = noteLine({ valor_unitario: 1.5, codigo_tipo_sistema_isc: '02', total_isc: 13.97 });
    const r = acceptedWith(facturaNote({ items: [item] }));
    expect(r.ok && r.document.lines[0]).toBeDefined();
  });
});

describe('notes of boletas: what SUNAT only observes is accepted with its code', () => {
  it('global discount 02 → 4299, 03 → 4312, global charge 49 → 4299', () => {
    acceptedWith(boletaNote({ descuentos: [{ codigo: '02', factor: 0.1 }] }), 'descuentos[0].codigo', '4299');
    acceptedWith(boletaNote({ descuentos: [{ codigo: '03', factor: 0.1 }] }), 'descuentos[0].codigo', '4312');
    acceptedWith(boletaNote({ cargos: [{ codigo: '49', factor: 0.1 }] }), 'cargos[0].codigo', '4299');
  });
  it('a debit note with a line discount 01 beyond ±1.00 (4312); a line charge 48 needs no warning', () => {
    const discounted = noteLine({ descuentos: [{ codigo: '01', factor: 0.1 }] });
    const charged = noteLine({ cargos: [{ codigo: '48', factor: 0.1 }] });
    acceptedWith(boletaDebitNote({ items: [discounted] }), 'items[0].descuentos[0].codigo', '4312');
    // ND 3270/4287: the price is (value + taxes) ÷ quantity; the charge goes to ChargeTotalAmount, which 3280 adds.
    const warned = acceptedWith(boletaDebitNote({ items: [charged] })).warnings;
    expect(warned.filter((w) => w.code === 'sunat_observation')).toEqual([]);
  });
  it('the same on a note of a factura is still refused beyond ±1.00 (3277/3280)', () => {
    refusedWith(facturaNote({ descuentos: [{ codigo: '02', factor: 0.1 }] }), 'descuentos[0].codigo', '3277');
    refusedWith(facturaNote({ descuentos: [{ codigo: '03', factor: 0.1 }] }), 'descuentos[0].codigo', '3280');
    const discounted = noteLine({ descuentos: [{ codigo: '01', factor: 0.1 }] });
    refusedWith(
      facturaNote({ codigo_tipo_documento: '08', serie_documento: 'FD01', items: [discounted] }),
      'items[0].descuentos[0].codigo',
      '3280',
    );
    const charged = noteLine({ cargos: [{ codigo: '48', factor: 0.1 }] });
    acceptedWith(facturaNote({ codigo_tipo_documento: '08', serie_documento: 'FD01', items: [charged] }));
  });
  it('a DNI that is not 8 digits is accepted with customer_document_number_unusual', () => {
    const r = acceptedWith(
      boletaNote({ datos_del_cliente_o_receptor: { ...customerDni, numero_documento: '4587123' } }),
    );
    expect(r.warnings).toContainEqual(
      expect.objectContaining({
        path: 'datos_del_cliente_o_receptor.numero_documento',
        code: 'customer_document_number_unusual',
      }),
    );
  });
});

describe('hora_de_emision is optional', () => {
  it('a date without a time is issued at 00:00:00', () => {
    const r = acceptedWith(facturaNote({ fecha_de_emision: testContext().today }));
    expect(r.ok && r.document.issueTime).toBe('00:00:00');
  });
});
