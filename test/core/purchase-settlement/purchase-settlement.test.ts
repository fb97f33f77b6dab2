// The liquidación de compra core: the examples compute to the figures SUNAT's liquidación rules expect (IGV at
// 18 %, the income-tax retention, PayableAmount = total − IGV − retention) and build an XSD-valid, signable
// SelfBilledInvoice; what SUNAT would reject is refused naming the field.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assignPurchaseSettlementNumber,
  buildPurchaseSettlementXml,
  preparePurchaseSettlement,
  type ComputedPurchaseSettlement,
} from '../../../src/core/purchase-settlement/index.ts';
import { signXml } from '../../../src/core/signing.ts';
import { REPO_ROOT, XSD_DIR, testIssuer, TODAY } from '../../fixtures/invoices.ts';
import { signatureErrors, TEST_CERT, xsdErrors } from '../../golden/judges.ts';

const KEY = {
  privateKeyPem: readFileSync(join(TEST_CERT, '../test-key.pem'), 'utf8'),
  certificatePem: readFileSync(TEST_CERT, 'utf8'),
};
const XSD = join(XSD_DIR, '2.1/maindoc/UBL-SelfBilledInvoice-2.1.xsd');
const EXAMPLES = join(REPO_ROOT, 'examples/purchase-settlements');
const ctx = { today: TODAY, issuer: testIssuer, mode: 'production' as const };

function example(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(EXAMPLES, name), 'utf8'));
}

function prepared(b: unknown): ComputedPurchaseSettlement {
  const r = preparePurchaseSettlement(b, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.document;
}

function issuesOf(b: unknown) {
  const r = preparePurchaseSettlement(b, ctx);
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.issues;
}

function xmlOf(b: unknown): string {
  return buildPurchaseSettlementXml(assignPurchaseSettlementNumber(prepared(b), 7), testIssuer);
}

describe('every example', () => {
  for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'))) {
    it(`${file} builds an XSD-valid, signed SelfBilledInvoice`, () => {
      const { xml: signed } = signXml(xmlOf(example(file)), KEY, { assumeCanonical: true });
      expect(xsdErrors(signed, XSD)).toBe('');
      expect(signatureErrors(signed)).toBe('');
    });
  }
});

describe('figures', () => {
  it('computes the IGV, the 1.5 % retention and what the seller is paid', () => {
    const doc = prepared(example('01-coffee-farmer.json'));
    expect(doc.totals).toEqual({
      taxed: '5686.00',
      exonerated: '0.00',
      unaffected: '0.00',
      igv: '1023.48',
      value: '5686.00',
      total: '6709.48',
      incomeTaxBase: '5686.00',
      incomeTax: '85.29',
      payable: '5600.71',
    });
    expect(doc.lines[1]).toMatchObject({ igv: '168.48', incomeTax: { percent: '1.5', amount: '14.04' } });
  });

  it('retains 1.5 % by default, 4 % when asked, and nothing at 0', () => {
    const b = example('03-minimal-recycler.json');
    expect(prepared(b).lines[0].incomeTax).toEqual({ percent: '1.5', amount: '7.88' });
    expect(prepared({ ...b, porcentaje_retencion_renta: 4 }).lines[0].incomeTax).toEqual({
      percent: '4',
      amount: '21.00',
    });
    const none = prepared({ ...b, porcentaje_retencion_renta: 0 });
    expect(none.lines[0].incomeTax).toBeUndefined();
    expect(none.totals.payable).toBe('525.00');
  });

  it('writes the company as AccountingCustomerParty and the seller as AccountingSupplierParty', () => {
    const xml = xmlOf(example('01-coffee-farmer.json')).replace(/>\s+</g, '><');
    expect(xml).toMatch(
      /<cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID [^>]*schemeID="6"[^>]*>20000000001</,
    );
    expect(xml).toMatch(
      /<cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID [^>]*schemeID="1"[^>]*>45871236</,
    );
    expect(xml).toContain('<cbc:LocationTypeCode>02</cbc:LocationTypeCode>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="PEN">5600.71</cbc:PayableAmount>');
    // The header TaxTotal is the IGV alone (SUNAT 4301); the retention is its own subtotal 3000 (4346).
    expect(xml).toContain('<cac:TaxTotal><cbc:TaxAmount currencyID="PEN">1023.48</cbc:TaxAmount>');
    expect(xml).toMatch(
      /<cbc:TaxableAmount currencyID="PEN">5686.00<\/cbc:TaxableAmount><cbc:TaxAmount currencyID="PEN">85.29<\/cbc:TaxAmount>/,
    );
  });
});

describe('refusals name the field', () => {
  it('a seller with a RUC (SUNAT 2800)', () => {
    const b = example('01-coffee-farmer.json');
    const issues = issuesOf({
      ...b,
      datos_del_proveedor: { ...b.datos_del_proveedor, codigo_tipo_documento_identidad: '6' },
    });
    expect(issues).toContainEqual(
      expect.objectContaining({
        path: 'datos_del_proveedor.codigo_tipo_documento_identidad',
        code: 'catalog_code_invalid',
      }),
    );
  });

  it('totals that do not add up (SUNAT 4312)', () => {
    const b = example('01-coffee-farmer.json');
    const issues = issuesOf({ ...b, totales: { ...b.totales, total_a_pagar: 6709.48 } });
    expect(issues).toEqual([
      expect.objectContaining({
        path: 'totales.total_a_pagar',
        code: 'totals_mismatch',
        expected: '5600.71',
        sunatRule: '4312',
      }),
    ]);
  });

  it('a retention that is not rate × value (SUNAT 2464), and a rate SUNAT does not admit (4237)', () => {
    const b = example('01-coffee-farmer.json');
    const items = [{ ...b.items[0], total_retencion_renta: 80 }, b.items[1]];
    expect(issuesOf({ ...b, items, totales: undefined })).toEqual([
      expect.objectContaining({ path: 'items[0].total_retencion_renta', sunatRule: '2464' }),
    ]);
    expect(issuesOf({ ...b, porcentaje_retencion_renta: 2 })[0].path).toBe('porcentaje_retencion_renta');
  });

  it('a series that is not L + 3 characters (SUNAT 1001) and a place outside catalog 13 (2917)', () => {
    const b = example('03-minimal-recycler.json');
    expect(issuesOf({ ...b, serie_documento: 'F001' })[0].path).toBe('serie_documento');
    const place = { ...b.datos_de_la_operacion, ubigeo: '999999' };
    expect(issuesOf({ ...b, datos_de_la_operacion: place })).toEqual([
      expect.objectContaining({ path: 'datos_de_la_operacion.ubigeo', code: 'ubigeo_invalid', sunatRule: '2917' }),
    ]);
  });

  it('a purchase of gold, whose item properties this API does not take yet (SUNAT 2466)', () => {
    const b = example('03-minimal-recycler.json');
    expect(issuesOf({ ...b, codigo_tipo_operacion: '0503' })).toEqual([
      expect.objectContaining({ path: 'codigo_tipo_operacion', code: 'operation_products_required' }),
    ]);
  });

  it('amounts beyond the 12 integer digits of SUNAT, at the line that overflows', () => {
    const b = example('03-minimal-recycler.json');
    const items = [{ ...b.items[0], cantidad: 999_999_999_999, valor_unitario: 999_999 }];
    expect(issuesOf({ ...b, items })).toContainEqual(
      expect.objectContaining({ path: 'items[0].cantidad', code: 'amount_out_of_range' }),
    );
  });
});
