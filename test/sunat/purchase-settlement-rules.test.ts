// The simulator's rules for the liquidación de compra (04): our own SelfBilledInvoice passes them with nothing to
// note, and each defect SUNAT's liquidación rules name gives SUNAT's code (errors reject, 4xxx observe).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assignPurchaseSettlementNumber,
  buildPurchaseSettlementXml,
  preparePurchaseSettlement,
} from '../../src/core/purchase-settlement/index.ts';
import { evaluateRules } from '../../src/simulator/rules/index.ts';
import { parseXml } from '../../src/sunat/xml.ts';
import { REPO_ROOT, testContext, testIssuer } from '../fixtures/invoices.ts';

function settlementXml(): string {
  const file = join(REPO_ROOT, 'examples/purchase-settlements/01-coffee-farmer.json');
  const r = preparePurchaseSettlement(JSON.parse(readFileSync(file, 'utf8')), testContext());
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return buildPurchaseSettlementXml(assignPurchaseSettlementNumber(r.document, 1), testIssuer);
}

function verdict(xml: string) {
  const v = evaluateRules(parseXml(xml), '04');
  return { errors: v.errors.map((h) => h.code), observations: v.observations.map((h) => h.code) };
}

const xml = settlementXml();

describe('simulator rules for the liquidación de compra (04)', () => {
  it('accept our SelfBilledInvoice with no observation', () => {
    expect(verdict(xml)).toEqual({ errors: [], observations: [] });
  });

  it('reject a seller with a RUC (2800) and a series that is not L### (1001)', () => {
    const ruc = xml.replace(/(<cac:AccountingSupplierParty>[\s\S]*?schemeID=)"1"/, '$1"6"');
    expect(verdict(ruc).errors).toEqual(['2800']);
    expect(verdict(xml.replace('<cbc:ID>L001-1</cbc:ID>', '<cbc:ID>F001-1</cbc:ID>')).errors).toEqual(['1001']);
  });

  it('reject a missing place of the operation (2458) and a retention that is not rate × base (2464)', () => {
    expect(verdict(xml.replace(/<cbc:LocationTypeCode>02<\/cbc:LocationTypeCode>/, '')).errors).toEqual(['2458']);
    const wrong = xml.replace(/(<cbc:TaxAmount currencyID="PEN">)71\.25</, '$173.50<');
    expect(verdict(wrong).errors).toEqual(['2464']);
  });

  it('observe a total paid that is not total − IGV − retention (4312) and a rate other than 1.5 or 4 (4237)', () => {
    const paid = xml.replace(
      '<cbc:PayableAmount currencyID="PEN">5600.71<',
      '<cbc:PayableAmount currencyID="PEN">6709.48<',
    );
    expect(verdict(paid)).toEqual({ errors: [], observations: ['4312'] });
    const rate = xml.replace(/<cbc:Percent>1\.50<\/cbc:Percent>/, '<cbc:Percent>2.00</cbc:Percent>');
    expect(verdict(rate).observations).toContain('4237');
  });
});
