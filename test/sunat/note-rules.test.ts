// The simulator draws the core's line on notes (NC/ND rules): the XML the core emits for each accepted body passes,
// with the observation the core warned about; the XML of what the core refuses is rejected with the same code.
import { describe, expect, it } from 'vitest';
import { assignNumber, buildDocumentXml, prepareDocument } from '../../src/core/index.ts';
import { testContext, testIssuer, type Body } from '../fixtures/invoices.ts';
import { edit, verdict } from './helpers.ts';
import { boletaDebitNote, boletaNote, customerDni, facturaNote, laterCuota, noteLine } from '../fixtures/note-rules.ts';

/** The core's XML and warnings' SUNAT codes for an accepted body. */
function built(body: Body): { xml: string; warned: string[] } {
  const prepared = prepareDocument(body, testContext());
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
  const warned = prepared.warnings.flatMap((w) => (w.sunatRule ? [w.sunatRule] : []));
  return { xml: buildDocumentXml(assignNumber(prepared.document, 1), testIssuer), warned };
}
function noteVerdict(xml: string) {
  return verdict(xml, xml.includes('<DebitNote') ? '08' : '07');
}
const reason = (code: string) => new RegExp(`(<cbc:TaxExemptionReasonCode[^>]*>)${code}<`, 'g');

describe('credit notes 11 and 12', () => {
  const export11 = built(
    facturaNote({ codigo_tipo_nota: '11', items: [noteLine({ codigo_tipo_afectacion_igv: '40' })] }),
  );
  const ivap12 = built(
    facturaNote({ codigo_tipo_nota: '12', items: [noteLine({ codigo_tipo_afectacion_igv: '17' })] }),
  );
  it('the core notes pass', () => {
    expect(noteVerdict(export11.xml).errors).toEqual([]);
    expect(noteVerdict(ivap12.xml).errors).toEqual([]);
  });
  it('a note 11 line of another afectación is 2642; a header 9997 base is 3221, a 1000 base 3107', () => {
    expect(noteVerdict(edit(export11.xml, reason('40'), '$120<')).errors).toContain('2642');
    const header =
      /(<cac:TaxTotal>[\s\S]*?<cbc:ID[^>]*>)9995(<\/cbc:ID>\s*<cbc:Name>)EXP(<\/cbc:Name>\s*<cbc:TaxTypeCode>)FRE</;
    expect(noteVerdict(edit(export11.xml, header, '$19997$2EXO$3VAT<')).errors).toContain('3221');
    expect(noteVerdict(edit(export11.xml, header, '$11000$2IGV$3VAT<')).errors).toContain('3107');
  });
  it('a note 12 line of another afectación is 2644', () => {
    expect(noteVerdict(edit(ivap12.xml, reason('17'), '$110<')).errors).toContain('2644');
  });
});

describe('debit notes 11 and 12', () => {
  const debit = (code: string, affectation: string) =>
    built(
      facturaNote({
        codigo_tipo_documento: '08',
        serie_documento: 'FD01',
        codigo_tipo_nota: code,
        items: [noteLine({ codigo_tipo_afectacion_igv: affectation })],
      }),
    ).xml;
  it('pass with lines of 40 / 17; another afectación is 2642 / 2644', () => {
    expect(noteVerdict(debit('11', '40')).errors).toEqual([]);
    expect(noteVerdict(debit('12', '17')).errors).toEqual([]);
    expect(noteVerdict(edit(debit('11', '40'), reason('40'), '$110<')).errors).toContain('2642');
    expect(noteVerdict(edit(debit('12', '17'), reason('17'), '$120<')).errors).toContain('2644');
  });
});

describe('credit note 13 totals 0 (3315)', () => {
  const nc13 = built(
    facturaNote({ codigo_tipo_nota: '13', items: [noteLine({ valor_unitario: 0 })], cuotas: laterCuota(118) }),
  );
  it('passes at 0.00 and is rejected with a PayableAmount', () => {
    expect(noteVerdict(nc13.xml).errors).toEqual([]);
    const priced = edit(nc13.xml, /(<cbc:PayableAmount currencyID="PEN">)0\.00/, '$1118.00');
    expect(noteVerdict(priced).errors).toContain('3315');
  });
});

describe('ISC of a fixed amount (3108)', () => {
  it('13.97 on 1.50 passes (Percent 931.33333); a Percent that does not yield the amount is 3108, system 02 included', () => {
    const isc = built(
      facturaNote({ items: [noteLine({ valor_unitario: 1.5, codigo_tipo_sistema_isc: '02', total_isc: 13.97 })] }),
    );
    expect(isc.xml).toContain('<cbc:TierRange>02</cbc:TierRange>');
    expect(noteVerdict(isc.xml).errors).toEqual([]);
    // 1.50 × 999.99999 % = 15.00, more than 1 away from 13.97 (what the old cap emitted for such amounts).
    const capped = edit(isc.xml, /<cbc:Percent>931\.33333</, '<cbc:Percent>999.99999<');
    expect(noteVerdict(capped).errors).toContain('3108');
  });
});

describe('notes of boletas: observations, as the core warned', () => {
  const cases: Record<string, Body> = {
    'global discount 02 (4299)': boletaNote({ descuentos: [{ codigo: '02', factor: 0.1 }] }),
    'global discount 03 (4312)': boletaNote({ descuentos: [{ codigo: '03', factor: 0.1 }] }),
    'global charge 49 (4299)': boletaNote({ cargos: [{ codigo: '49', factor: 0.1 }] }),
    'debit note, line discount 01 (4312)': boletaDebitNote({
      items: [noteLine({ descuentos: [{ codigo: '01', factor: 0.1 }] })],
    }),
  };
  for (const [title, body] of Object.entries(cases)) {
    it(title, () => {
      const { xml, warned } = built(body);
      const v = noteVerdict(xml);
      expect(v.errors).toEqual([]);
      expect(warned.length).toBeGreaterThan(0);
      expect([...new Set(v.observations)].sort()).toEqual([...new Set(warned)].sort());
    });
  }
  it('a DNI that is not 8 digits passes (the NC/ND rules check only a RUC, 2017)', () => {
    const body = boletaNote({
      datos_del_cliente_o_receptor: { ...customerDni, numero_documento: '4587123' },
    });
    expect(noteVerdict(built(body).xml)).toEqual({ errors: [], observations: [] });
  });
  it('a debit note line charge 48 passes: its price is (value + taxes) ÷ quantity (ND 3270) and it feeds ChargeTotalAmount', () => {
    const body = boletaDebitNote({ items: [noteLine({ cargos: [{ codigo: '48', factor: 0.1 }] })] });
    const { xml, warned } = built(body);
    expect(warned).toEqual([]);
    expect(noteVerdict(xml)).toEqual({ errors: [], observations: [] });
  });
  it('the same XML as a note of a factura is rejected (3277/3280)', () => {
    const ofFactura = (xml: string) =>
      edit(
        xml,
        /<cbc:DocumentTypeCode([^>]*)>03<\/cbc:DocumentTypeCode>/,
        '<cbc:DocumentTypeCode$1>01</cbc:DocumentTypeCode>',
      );
    expect(noteVerdict(ofFactura(built(cases['global discount 02 (4299)']).xml)).errors).toContain('3277');
    expect(noteVerdict(ofFactura(built(cases['global discount 03 (4312)']).xml)).errors).toContain('3280');
    expect(noteVerdict(ofFactura(built(cases['debit note, line discount 01 (4312)']).xml)).errors).toContain('3280');
  });
});
