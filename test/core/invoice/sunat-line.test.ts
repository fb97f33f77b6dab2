// The core draws SUNAT's line — a 422 for what SUNAT rejects, a warning carrying SUNAT's code for what it
// accepts (observations included), and the value SUNAT wants where the intent is clear.
import { describe, expect, it } from 'vitest';
import {
  TODAY,
  boleta,
  creditNote,
  debitNote,
  detractionInvoice,
  oneLineInvoice,
  shiftDate,
  taxedInvoice,
  prepareForTest,
  type Body,
} from '../../fixtures/invoices.ts';

const run = prepareForTest;
function accepted(body: Body) {
  const r = run(body);
  if (!r.ok) throw new Error(`rejected: ${JSON.stringify(r.issues)}`);
  return r;
}
function refused(body: Body, path: string, code: string, sunatRule?: string) {
  const r = run(body);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.issues).toContainEqual(expect.objectContaining({ path, code, ...(sunatRule ? { sunatRule } : {}) }));
}

describe('laxer than SUNAT: what SUNAT rejects is fixed at its cause or refused', () => {
  it('3101: porcentaje_igv 18 on exonerated, unaffected and export lines becomes Percent 0.00 with a warning', () => {
    for (const code of ['20', '30', '21', '31']) {
      const r = accepted(oneLineInvoice({ codigo_tipo_afectacion_igv: code, porcentaje_igv: 18 }));
      expect(r.document.lines[0].igvPercent).toBe('0');
      expect(r.warnings).toContainEqual(
        expect.objectContaining({ path: 'items[0].porcentaje_igv', code: 'value_adjusted', sunatRule: '3101' }),
      );
    }
    const taxed = accepted(oneLineInvoice({ porcentaje_igv: 18 }));
    expect(taxed.document.lines[0].igvPercent).toBe('18');
    expect(taxed.warnings.filter((w) => w.code === 'value_adjusted')).toEqual([]);
  });

  it('2022: a customer name shorter than 3 characters is refused', () => {
    refused(
      boleta({ datos_del_cliente_o_receptor: { apellidos_y_nombres_o_razon_social: '-' } }),
      'datos_del_cliente_o_receptor.apellidos_y_nombres_o_razon_social',
      'customer_name_invalid',
      '2022',
    );
    accepted(boleta({ datos_del_cliente_o_receptor: { apellidos_y_nombres_o_razon_social: 'ANA' } }));
  });

  it('3104/3108: ISC of a fixed amount (system 02) carries the rate that yields it', () => {
    const r = accepted(oneLineInvoice({ codigo_tipo_sistema_isc: '02', total_isc: 15, valor_unitario: 100 }));
    const isc = r.document.lines[0].isc!;
    expect(isc.systemCode).toBe('02');
    expect(isc.percent).toBe('7.5'); // 15 / 200 × 100
    expect(Number(isc.base) * Number(isc.percent) * 0.01).toBeCloseTo(Number(isc.amount), 2);
  });

  it('2644: an IVAP document with a free line is refused', () => {
    refused(
      oneLineInvoice(
        { codigo_tipo_afectacion_igv: '17' },
        {
          items: [
            {
              descripcion: 'Arroz pilado',
              unidad_de_medida: 'KGM',
              cantidad: 10,
              valor_unitario: 3,
              codigo_tipo_afectacion_igv: '17',
            },
            {
              descripcion: 'Muestra',
              unidad_de_medida: 'NIU',
              cantidad: 1,
              valor_unitario: 5,
              codigo_tipo_afectacion_igv: '21',
            },
          ],
        },
      ),
      'items[1].codigo_tipo_afectacion_igv',
      'catalog_code_invalid',
      '2644',
    );
  });

  it('3111: an IVAP line whose 4 % rounds to 0.00 on a base above 0.06 is refused', () => {
    refused(
      oneLineInvoice({ codigo_tipo_afectacion_igv: '17', cantidad: 1, valor_unitario: 0.1 }),
      'items[0].total_igv',
      'amount_zero_invalid',
      '3111',
    );
    accepted(oneLineInvoice({ codigo_tipo_afectacion_igv: '17', cantidad: 1, valor_unitario: 0.2 }));
  });

  it('3037: a detraction of 0.00 (every line free) is refused', () => {
    const body = detractionInvoice({ totales: undefined });
    body.items = body.items.map((i: Body) => ({
      ...i,
      codigo_tipo_afectacion_igv: '13',
      codigo_tipo_precio: '02',
      total_base_igv: 1000,
      total_valor_item: undefined,
      total_igv: undefined,
      total_impuestos: undefined,
      total_item: undefined,
      precio_unitario: undefined,
    }));
    refused(body, 'detraccion.monto', 'amount_zero_invalid', '3037');
  });

  it('3074: a FISE charge (45) that comes to 0.00 is refused', () => {
    refused(
      oneLineInvoice({}, { cargos: [{ codigo: '45', factor: 0.00001 }] }),
      'cargos[0].monto',
      'amount_zero_invalid',
      '3074',
    );
    accepted(oneLineInvoice({}, { cargos: [{ codigo: '45', factor: 0.05 }] }));
  });

  it('2800: a boleta of operation 0401 (or an export but 0202) to a RUC customer is refused', () => {
    const ruc = { codigo_tipo_documento_identidad: '6', numero_documento: '20604187339' };
    refused(
      boleta({ codigo_tipo_operacion: '0401', datos_del_cliente_o_receptor: ruc }),
      'datos_del_cliente_o_receptor.codigo_tipo_documento_identidad',
      'customer_document_type_invalid',
      '2800',
    );
  });
});

describe('notes have their own arithmetic (SUNAT NC/ND 3277, 3280, 3271, 3270)', () => {
  it('the fixture 27-debit-note emits Percent 0.00 on its unaffected line', () => {
    const r = accepted(debitNote());
    expect(r.document.lines[0].igvPercent).toBe('0');
  });

  it('global discounts and base-moving charges beyond ±1.00 are refused on notes', () => {
    refused(
      creditNote({ totales: undefined, descuentos: [{ codigo: '02', factor: 0.05 }] }),
      'descuentos[0].codigo',
      'allowance_invalid',
      '3277',
    );
    // A debit note of unaffected lines has no IGV base for a discount 02 to move: 0.00, accepted (3277 unchecked).
    expect(
      accepted(debitNote({ totales: undefined, descuentos: [{ codigo: '02', factor: 0.05 }] })).document.totals.payable,
    ).toBe('86.37');
    refused(
      creditNote({ totales: undefined, cargos: [{ codigo: '49', factor: 0.05 }] }),
      'cargos[0].codigo',
      'allowance_invalid',
      '3277',
    );
  });

  it('a line discount 00 on a note gives the net unit value, so Price × quantity = LineExtensionAmount', () => {
    const body = debitNote({ totales: undefined });
    body.items = [
      {
        descripcion: 'Servicio',
        unidad_de_medida: 'ZZ',
        cantidad: 3,
        valor_unitario: 100,
        codigo_tipo_afectacion_igv: '10',
        descuentos: [{ codigo: '00', factor: 0.1 }],
      },
    ];
    const r = accepted(body);
    const line = r.document.lines[0];
    expect(line.lineExtensionAmount).toBe('270.00');
    expect(Math.abs(Number(line.unitValue) * 3 - 270)).toBeLessThan(0.01);
    expect(r.document.totals.payable).toBe('318.60');
  });

  it('line discounts 01 beyond ±1.00 are refused on notes (3280); line charges 48 pass on both', () => {
    const line = (ac: Body) => ({
      descripcion: 'Servicio',
      unidad_de_medida: 'ZZ',
      cantidad: 2,
      valor_unitario: 50,
      codigo_tipo_afectacion_igv: '10',
      ...ac,
    });
    const credit01 = creditNote({ totales: undefined });
    credit01.items = [line({ descuentos: [{ codigo: '01', factor: 0.05 }] })];
    refused(credit01, 'items[0].descuentos[0].codigo', 'allowance_invalid', '3280');
    const debit48 = debitNote({ totales: undefined });
    debit48.items = [line({ cargos: [{ codigo: '48', factor: 0.05 }] })];
    // ND 3270: (value + taxes) ÷ quantity, the charge aside: 59.00, and ChargeTotalAmount 5.00 in the payable.
    expect(accepted(debit48).document.lines[0].unitPrice).toBe('59.00');
    const credit48 = creditNote({ totales: undefined });
    credit48.items = [line({ cargos: [{ codigo: '48', factor: 0.05 }] })];
    expect(accepted(credit48).document.totals.chargeTotal).toBe('5.00');
  });
});

describe('stricter than SUNAT: what SUNAT accepts is accepted, with a warning', () => {
  it('a due date before the issue date (SUNAT checks only its format)', () => {
    const r = accepted(taxedInvoice({ fecha_de_vencimiento: shiftDate(TODAY, -1) }));
    expect(r.document.dueDate).toBe(shiftDate(TODAY, -1));
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'fecha_de_vencimiento', code: 'due_date_before_issue' }),
    );
  });
});

describe('hospedaje (SUNAT 3136–3145)', () => {
  it('0202 lines without the item properties 4000–4009 are refused; with them accepted', () => {
    const body = boleta({ codigo_tipo_operacion: '0205', totales: undefined });
    body.items = [
      {
        descripcion: 'Paquete turístico',
        unidad_de_medida: 'ZZ',
        cantidad: 1,
        valor_unitario: 500,
        codigo_tipo_afectacion_igv: '10',
      },
    ];
    refused(body, 'items[0].datos_adicionales', 'hotel_properties_required', '3138');
    body.items[0].datos_adicionales = ['4000', '4007', '4008', '4009'].map((codigo) => ({ codigo, valor: 'X' }));
    const r = run(body);
    expect(r.ok ? [] : r.issues.filter((i) => i.code === 'hotel_properties_required')).toEqual([]);
  });
});

describe('credit note type 13 (SUNAT: payable 0, Credito amount and cuotas)', () => {
  it("a note 13 of 0.00 carries the factura's new pending amount in its cuotas", () => {
    const body = creditNote({
      totales: undefined,
      codigo_tipo_nota: '13',
      motivo_o_sustento_de_nota: 'Nuevo cronograma',
    });
    body.items = [
      {
        descripcion: 'Ajuste de cuotas',
        unidad_de_medida: 'ZZ',
        cantidad: 1,
        valor_unitario: 0,
        codigo_tipo_afectacion_igv: '10',
      },
    ];
    body.cuotas = [
      { fecha: shiftDate(TODAY, 30), monto: 500 },
      { fecha: shiftDate(TODAY, 60), monto: 700 },
    ];
    const r = accepted(body);
    expect(r.document.totals.payable).toBe('0.00');
    expect(r.document.paymentForm).toBe('Credito');
    expect(r.document.totals.pending).toBe('1200.00');
    expect(r.document.installments.map((i) => i.amount)).toEqual(['500.00', '700.00']);
  });
});

describe('FormaPago Credito with cuotas on other notes (SUNAT accepts it)', () => {
  it('a debit note on credit carries its cuotas', () => {
    const body = debitNote({ codigo_condicion_de_pago: '02', cuotas: [{ fecha: shiftDate(TODAY, 30), monto: 86.37 }] });
    const r = accepted(body);
    expect(r.document.paymentForm).toBe('Credito');
    expect(r.document.installments.map((i) => i.amount)).toEqual(['86.37']);
  });
  it('a note at cash carries no FormaPago', () => {
    expect(accepted(debitNote()).document.paymentForm).toBeUndefined();
  });
});
