// The simulator's rules at SUNAT's level for the classes where a laxer simulator would let through what SUNAT rejects
// (3101 on debit notes, notes' own arithmetic, 2022 on boletas, boleta 2800, hospedaje 3136–3145).
import { describe, expect, it } from 'vitest';
import { assignNumber, buildDocumentXml, prepareDocument } from '../../src/core/index.ts';
import { edit, verdict } from './helpers.ts';
import { fixture, testContext, testIssuer } from '../fixtures/invoices.ts';

function coreXml(name: string, patch: Record<string, unknown> = {}): string {
  const prepared = prepareDocument(fixture(name, patch), testContext());
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
  return buildDocumentXml(assignNumber(prepared.document, 1), testIssuer);
}

describe('debit notes: Percent 0.00 on 9995/9997/9998 lines (ND 3101)', () => {
  it('the core emits 0.00 and passes; 18.00 is rejected with 3101', () => {
    const xml = coreXml('27-debit-note');
    expect(verdict(xml, '08').errors).toEqual([]);
    const bad = edit(xml, '<cbc:Percent>0.00</cbc:Percent>', '<cbc:Percent>18.00</cbc:Percent>');
    expect(verdict(bad, '08').errors).toContain('3101');
  });
});

describe("notes' own arithmetic (NC/ND 3277, 3280, 3271)", () => {
  const credit = coreXml('26-credit-note');
  it('the core credit note passes', () => {
    expect(verdict(credit, '07').errors).toEqual([]);
  });
  it('a global discount 02 moving the note IGV base is rejected with 3277 (notes take Σ line values)', () => {
    const base = /(<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">)([0-9.]+)(<\/cbc:TaxableAmount>)/;
    const m = credit.match(base)!;
    const lowered = (Number(m[2]) - 10).toFixed(2);
    const bad = edit(credit, base, `${m[1]}${lowered}${m[3]}`);
    expect(verdict(bad, '07').errors).toContain('3277');
  });
  it('the same on a note of a boleta is only observation 4299', () => {
    const boletaNote = edit(
      edit(
        credit,
        /<cbc:DocumentTypeCode([^>]*)>01<\/cbc:DocumentTypeCode>/,
        '<cbc:DocumentTypeCode$1>03</cbc:DocumentTypeCode>',
      ),
      /(<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">)([0-9.]+)/,
      '$10.01',
    );
    const v = verdict(boletaNote, '07');
    expect(v.errors).not.toContain('3277');
    expect(v.observations).toContain('4299');
  });
  it('a PayableAmount that subtracts an allowance total is rejected with 3280 on notes', () => {
    const payable = /(<cbc:PayableAmount currencyID="PEN">)([0-9.]+)(<\/cbc:PayableAmount>)/;
    const m = credit.match(payable)!;
    const bad = edit(credit, payable, `${m[1]}${(Number(m[2]) - 5).toFixed(2)}${m[3]}`);
    expect(verdict(bad, '07').errors).toContain('3280');
  });
  it('a note line whose LineExtensionAmount is not Price × quantity is rejected with 3271', () => {
    const bad = edit(credit, /(<cac:Price>\s*<cbc:PriceAmount currencyID="PEN">)([0-9.]+)/, '$1999.00');
    expect(verdict(bad, '07').errors).toContain('3271');
  });
});

describe('boletas: 2022 and 2800', () => {
  const boleta = coreXml('25-boleta');
  it('the core boleta passes', () => {
    expect(verdict(boleta, '03').errors).toEqual([]);
  });
  it('a customer RegistrationName of 1 character is rejected with 2022 (boletas too)', () => {
    const bad = edit(boleta, /(<cac:AccountingCustomerParty>[\s\S]*?<cbc:RegistrationName>)[^<]*/, '$1-');
    expect(verdict(bad, '03').errors).toContain('2022');
  });
  it('operation 0401 to a RUC customer is rejected with 2800; 0101 is not', () => {
    const ruc = edit(boleta, /schemeID="1"([^>]*)>45871236</, 'schemeID="6"$1>20604187339<');
    expect(verdict(ruc, '03').errors).not.toContain('2800');
    const bad = edit(ruc, 'listID="0101"', 'listID="0401"');
    expect(verdict(bad, '03').errors).toContain('2800');
  });
  it('hospedaje 0205 lines without the item properties 4000/4007/4008/4009 are rejected (3136–3139)', () => {
    const bad = edit(boleta, 'listID="0101"', 'listID="0205"');
    expect(verdict(bad, '03').errors).toEqual(expect.arrayContaining(['3138', '3139', '3137', '3136']));
  });
});

describe('credit note 13 of 0.00 (NC 3105 asks only for the tax scheme)', () => {
  it('passes; an invoice line without a base still fails 3105', () => {
    const body = fixture('26-credit-note', {
      totales: undefined,
      codigo_tipo_nota: '13',
      motivo_o_sustento_de_nota: 'Cronograma',
    });
    body.items = [
      {
        descripcion: 'Ajuste',
        unidad_de_medida: 'ZZ',
        cantidad: 1,
        valor_unitario: 0,
        codigo_tipo_afectacion_igv: '10',
      },
    ];
    body.cuotas = [{ fecha: '2099-01-31', monto: 1200 }];
    const prepared = prepareDocument(body, testContext());
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    const xml = buildDocumentXml(assignNumber(prepared.document, 1), testIssuer);
    expect(verdict(xml, '07').errors).toEqual([]);
    const invoice = coreXml('01-taxed');
    const zeroBase = invoice.replace(
      /(<cac:InvoiceLine>[\s\S]*?<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">)[0-9.]+/,
      '$10.00',
    );
    expect(verdict(zeroBase, '01').errors).toContain('3105');
  });
});
