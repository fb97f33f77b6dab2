// The simulator's rules for the retention voucher (20): what the core emits for every example passes them, and
// each tampered figure, rate, supplier or date is rejected with SUNAT's code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assignRetentionNumber, buildRetentionXml, prepareRetention } from '../../src/core/retention/index.ts';
import { EXAMPLES_DIR, exampleFiles } from '../../src/api/examples.ts';
import { evaluateRules } from '../../src/simulator/rules/index.ts';
import { parseXml } from '../../src/sunat/xml.ts';
import { testContext, testIssuer } from '../fixtures/invoices.ts';

function retentionXml(name: string): string {
  const body = JSON.parse(readFileSync(new URL(`retentions/${name}`, EXAMPLES_DIR), 'utf8'));
  const prepared = prepareRetention(body, testContext());
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
  return buildRetentionXml(assignRetentionNumber(prepared.document, 1), testIssuer);
}

function errorCodes(xml: string): string[] {
  return evaluateRules(parseXml(xml), '20').errors.map((e) => e.code);
}

/** Replaces exactly one occurrence (the test fails loudly if the text is not there). */
function edit(xml: string, from: string, to: string): string {
  expect(xml.split(from)).toHaveLength(2);
  return xml.replace(from, to);
}

describe('retention rules', () => {
  for (const name of exampleFiles('retentions')) {
    it(`${name} as the core builds it passes every rule`, () => {
      expect(evaluateRules(parseXml(retentionXml(name)), '20')).toEqual({
        error: undefined,
        errors: [],
        observations: [],
      });
    });
  }

  const usd = retentionXml('02-usd.json');
  it.each([
    [
      '2618 regime outside catalog 23',
      '<sac:SUNATRetentionSystemCode>01<',
      '<sac:SUNATRetentionSystemCode>03<',
      '2618',
    ],
    ['2619 rate of another regime', '<sac:SUNATRetentionPercent>3.00<', '<sac:SUNATRetentionPercent>6.00<', '2619'],
    ['2620 supplier = agent', '<cbc:ID schemeID="6">20495033113<', `<cbc:ID schemeID="6">${testIssuer.ruc}<`, '2620'],
    ['2724 supplier not by RUC', '<cbc:ID schemeID="6">20495033113<', '<cbc:ID schemeID="1">20495033113<', '2724'],
    [
      '2623 retained ≠ paid in PEN × 3 %',
      '<sac:SUNATRetentionAmount currencyID="PEN">322.96<',
      '<sac:SUNATRetentionAmount currencyID="PEN">215.30<',
      '2623',
    ],
    [
      '2623 net paid ≠ paid in PEN − retained',
      '<sac:SUNATNetTotalPaid currencyID="PEN">10442.27<',
      '<sac:SUNATNetTotalPaid currencyID="PEN">10765.23<',
      '2623',
    ],
    [
      '2628 total retained ≠ Σ rows',
      '<cbc:TotalInvoiceAmount currencyID="PEN">322.96<',
      '<cbc:TotalInvoiceAmount currencyID="PEN">322.97<',
      '2628',
    ],
    [
      '2629 total paid ≠ Σ rows',
      '<sac:SUNATTotalPaid currencyID="PEN">10442.27<',
      '<sac:SUNATTotalPaid currencyID="PEN">10442.28<',
      '2629',
    ],
    [
      '2728 total retained not in PEN',
      'TotalInvoiceAmount currencyID="PEN">322.96<',
      'TotalInvoiceAmount currencyID="USD">322.96<',
      '2728',
    ],
    ['2721 foreign document without its rate', /<cbc:CalculationRate>[^<]+<\/cbc:CalculationRate>/, '', '2721'],
  ])('%s', (_title, from, to, code) => {
    const xml = typeof from === 'string' ? edit(usd, from, to) : usd.replace(from, to);
    expect(errorCodes(xml)).toContain(code);
  });

  it('2628 on a voucher listing a credit note: the rows after it and the totals are still checked', () => {
    const xml = edit(
      retentionXml('03-credit-note.json'),
      '<cbc:TotalInvoiceAmount currencyID="PEN">17.70<',
      '<cbc:TotalInvoiceAmount currencyID="PEN">17.71<',
    );
    expect(errorCodes(xml)).toContain('2628');
  });

  it('2661 a payment after the voucher or in another month', () => {
    const xml = retentionXml('01-pen.json');
    const issueDate = /<cbc:IssueDate>([^<]+)<\/cbc:IssueDate>/.exec(xml)![1];
    const paid = `<cbc:PaidDate>${issueDate}</cbc:PaidDate>`;
    expect(errorCodes(xml.replace(paid, '<cbc:PaidDate>2099-01-01</cbc:PaidDate>'))).toContain('2661');
  });

  it('2985 the 6 % regime for documents after 2014-02-28', () => {
    const xml = edit(
      edit(usd, '<sac:SUNATRetentionSystemCode>01<', '<sac:SUNATRetentionSystemCode>02<'),
      '<sac:SUNATRetentionPercent>3.00<',
      '<sac:SUNATRetentionPercent>6.00<',
    );
    expect(errorCodes(xml)).toContain('2985');
  });
});
