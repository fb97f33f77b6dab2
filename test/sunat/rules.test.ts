// The simulator's port of SUNAT's business rules, judged on the XML alone: each rule fires on the document that
// breaks it, with SUNAT's code, and stays silent on correct documents (the illustrative invoice and perception, and the document core's
// fixtures). The documents here are not signed: signature and XSD are other stages (client/acceptance tests).
import { describe, expect, it } from 'vitest';
import { assignNumber, buildDocumentXml, prepareDocument } from '../../src/core/index.ts';
import { parseXml } from '../../src/sunat/xml.ts';
import { evaluateRules } from '../../src/simulator/rules/index.ts';
import { fixture, testContext, testIssuer } from '../fixtures/invoices.ts';
import { invoiceXml, perceptionXml } from './helpers.ts';

function judge(xml: string, tipo: string) {
  return evaluateRules(parseXml(xml), tipo);
}
function errorCodes(xml: string, tipo = '01'): string[] {
  return judge(xml, tipo).errors.map((e) => e.code);
}
function observationCodes(xml: string, tipo = '01'): string[] {
  return judge(xml, tipo).observations.map((o) => o.code);
}
/** Replaces exactly one occurrence (the test fails loudly if the text is not there). */
function edit(
  xml: string,
  from: string | RegExp,
  to: string | ((match: string, ...groups: unknown[]) => string),
): string {
  const out = xml.replace(from, to as string);
  if (out === xml) throw new Error(`edit: ${String(from)} not found`);
  return out;
}
/** A replacement keeping the regex's first group (and its last one, when the regex has a suffix group). */
function at(value: string): (match: string, ...groups: unknown[]) => string {
  return (_match, ...args) => {
    // String.replace passes the captures, then the offset (a number) and the whole input.
    const captured = args.slice(
      0,
      args.findIndex((a) => typeof a === 'number'),
    ) as string[];
    return captured.length >= 2 ? `${captured[0]}${value}${captured[captured.length - 1]}` : `${captured[0]}${value}`;
  };
}
/** The document core's XML for one of the request fixtures (computed, numbered, unsigned). */
function coreXml(name: string, patch: Record<string, unknown> = {}): string {
  const prepared = prepareDocument(fixture(name, patch), testContext());
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
  return buildDocumentXml(assignNumber(prepared.document, 1), testIssuer);
}

const sample = invoiceXml();

describe('correct documents pass', () => {
  it('the illustrative invoice and perception raise nothing', () => {
    expect(judge(sample, '01')).toEqual({ error: undefined, errors: [], observations: [] });
    expect(judge(perceptionXml(), '40')).toEqual({ error: undefined, errors: [], observations: [] });
  });
});

describe('document, parties and legends', () => {
  it.each([
    [
      '1001 series format for the type',
      (x: string) => edit(x, '<cbc:ID>F001-123</cbc:ID>', '<cbc:ID>B001-123</cbc:ID>'),
      '1001',
    ],
    ['2074 UBL version', (x: string) => edit(x, '<cbc:UBLVersionID>2.1', '<cbc:UBLVersionID>2.0'), '2074'],
    [
      '1003 InvoiceTypeCode ≠ type',
      (x: string) => edit(x, '>01</cbc:InvoiceTypeCode>', '>03</cbc:InvoiceTypeCode>'),
      '1003',
    ],
    ['3205 operation type missing', (x: string) => edit(x, 'listID="0101" ', ''), '3205'],
    ['3206 operation type not for facturas', (x: string) => edit(x, 'listID="0101"', 'listID="0113"'), '3206'],
    [
      '3088 currency outside catalog 02',
      (x: string) =>
        x
          .replace(/currencyID="PEN"/g, 'currencyID="XYZ"')
          .replace('>PEN</cbc:DocumentCurrencyCode>', '>XYZ</cbc:DocumentCurrencyCode>'),
      '3088',
    ],
    [
      '2071 one amount in another currency',
      (x: string) =>
        edit(x, '<cbc:LineExtensionAmount currencyID="PEN">250.00', '<cbc:LineExtensionAmount currencyID="USD">250.00'),
      '2071',
    ],
    [
      '1037 supplier RegistrationName missing',
      (x: string) => edit(x, '<cbc:RegistrationName><![CDATA[EMPRESA EMISORA S.A.C.]]></cbc:RegistrationName>', ''),
      '1037',
    ],
    [
      '3030 establishment code (AddressTypeCode) missing',
      (x: string) => edit(x, /<cbc:AddressTypeCode[^>]*>0000<\/cbc:AddressTypeCode>/, ''),
      '3030',
    ],
    [
      '2017 a RUC customer with 10 digits',
      (x: string) => edit(x, '>20100070970</cbc:ID>', '>2010007097</cbc:ID>'),
      '2017',
    ],
    [
      '2800 a factura to a DNI customer',
      (x: string) =>
        edit(x, /<cbc:ID schemeID="6"([^>]*)>20100070970<\/cbc:ID>/, '<cbc:ID schemeID="1"$1>44556677</cbc:ID>'),
      '2800',
    ],
    ['2014 customer document number empty', (x: string) => edit(x, '>20100070970</cbc:ID>', '></cbc:ID>'), '2014'],
    [
      '2021 customer name missing',
      (x: string) => edit(x, '<cbc:RegistrationName><![CDATA[CLIENTE COMPRADOR S.A.]]></cbc:RegistrationName>', ''),
      '2021',
    ],
    [
      '3027 legend code outside catalog 52',
      (x: string) => edit(x, 'languageLocaleID="1000"', 'languageLocaleID="1999"'),
      '3027',
    ],
    [
      '3014 legend repeated',
      (x: string) =>
        edit(
          x,
          '<cbc:DocumentCurrencyCode',
          '<cbc:Note languageLocaleID="1000">OTRA</cbc:Note><cbc:DocumentCurrencyCode',
        ),
      '3014',
    ],
    [
      '3006 legend longer than 200 characters',
      (x: string) => edit(x, 'SON DOSCIENTOS OCHENTA Y SEIS CON 00/100 SOLES', 'X'.repeat(201)),
      '3006',
    ],
  ])('%s', (_name, mutate, code) => {
    expect(errorCodes(mutate(sample))).toContain(code);
  });
});

describe('payment terms (FormaPago, cuotas)', () => {
  const noTerms = sample.replace(/<cac:PaymentTerms>[\s\S]*?<\/cac:PaymentTerms>\s*/g, '');
  it.each([
    ['3244 FormaPago missing', () => noTerms, '3244'],
    [
      '3247 Contado and Credito at once',
      () =>
        edit(
          sample,
          '<cac:TaxTotal>',
          '<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Contado</cbc:PaymentMeansID></cac:PaymentTerms><cac:TaxTotal>',
        ),
      '3247',
    ],
    ['3246 PaymentMeansID format', () => edit(sample, 'Cuota001', 'Cuota1'), '3246'],
    [
      '3249 Credito without cuotas',
      () =>
        sample.replace(
          /<cac:PaymentTerms>\s*<cbc:ID>FormaPago<\/cbc:ID><cbc:PaymentMeansID>Cuota001[\s\S]*?<\/cac:PaymentTerms>/,
          '',
        ),
      '3249',
    ],
    [
      '3319 Σ cuotas ≠ Credito amount',
      () => edit(sample, /(Cuota001<\/cbc:PaymentMeansID>\s*<cbc:Amount currencyID="PEN">)286\.00/, at('280.00')),
      '3319',
    ],
    [
      '3266 a cuota above the total',
      () => sample.replace(/286\.00<\/cbc:Amount><cbc:PaymentDueDate>/, '300.00</cbc:Amount><cbc:PaymentDueDate>'),
      '3266',
    ],
    [
      '3256 a cuota without date',
      () => edit(sample, '<cbc:PaymentDueDate>2025-02-14</cbc:PaymentDueDate>', ''),
      '3256',
    ],
    [
      '3267 a cuota due on or before the issue date',
      () => edit(sample, '<cbc:PaymentDueDate>2025-02-14', '<cbc:PaymentDueDate>2025-01-15'),
      '3267',
    ],
  ])('%s', (_name, build, code) => {
    expect(errorCodes(build())).toContain(code);
  });
});

describe('line arithmetic (SUNAT tolerances: ±1, exact where the XSL is exact)', () => {
  const line1 = (x: string, from: string | RegExp, to: string | ((match: string, ...groups: unknown[]) => string)) =>
    edit(x, from, to);
  it('3103: line IGV ≠ base × rate beyond ±1, and not within it', () => {
    expect(
      errorCodes(
        line1(
          sample,
          /(<cac:InvoiceLine>[\s\S]*?<cbc:TaxableAmount currencyID="PEN">200\.00<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="PEN">)36\.00/,
          at('37.01'),
        ),
      ),
    ).toContain('3103');
    expect(
      errorCodes(
        line1(
          sample,
          /(<cac:InvoiceLine>[\s\S]*?<cbc:TaxableAmount currencyID="PEN">200\.00<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="PEN">)36\.00/,
          at('36.99'),
        ),
      ),
    ).not.toContain('3103');
  });
  it('3292: line TaxTotal ≠ Σ of its subtotals', () => {
    expect(
      errorCodes(
        line1(
          sample,
          /(<cac:InvoiceLine>[\s\S]*?<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="PEN">)36\.00/,
          at('38.00'),
        ),
      ),
    ).toContain('3292');
  });
  it('3272: the IGV base must equal the line value exactly (no ISC)', () => {
    expect(
      errorCodes(
        line1(
          sample,
          /(<cac:InvoiceLine>[\s\S]*?<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">)200\.00/,
          at('200.50'),
        ),
      ),
    ).toContain('3272');
  });
  it('3271: line value ≠ unit value × quantity beyond ±1', () => {
    expect(
      errorCodes(
        line1(
          sample,
          '<cac:Price><cbc:PriceAmount currencyID="PEN">100.00',
          '<cac:Price><cbc:PriceAmount currencyID="PEN">101.00',
        ),
      ),
    ).toContain('3271');
  });
  it('3270: unit price with taxes ≠ (value + taxes) / quantity beyond ±1', () => {
    expect(
      errorCodes(line1(sample, '<cbc:PriceAmount currencyID="PEN">118.00', '<cbc:PriceAmount currencyID="PEN">120.00')),
    ).toContain('3270');
    expect(
      errorCodes(line1(sample, '<cbc:PriceAmount currencyID="PEN">118.00', '<cbc:PriceAmount currencyID="PEN">118.90')),
    ).not.toContain('3270');
  });
  it('3105: a line needs an IGV-type subtotal with a base', () => {
    const xml = line1(
      sample,
      /(<cbc:InvoicedQuantity unitCode="ZZ">1<\/cbc:InvoicedQuantity>[\s\S]*?<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">)50\.00/,
      at('0.00'),
    );
    expect(errorCodes(xml)).toContain('3105');
  });
  it('3110: an exonerated line with IGV', () => {
    const xml = line1(
      sample,
      /(<cbc:TaxableAmount currencyID="PEN">50\.00<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="PEN">)0\.00(<\/cbc:TaxAmount>\s*<cac:TaxCategory><cbc:ID>E<\/cbc:ID><cbc:Percent>)/,
      at('9.00'),
    );
    expect(errorCodes(xml)).toContain('3110');
  });
  it('3067/2036/2377: repeated scheme, unknown scheme, wrong TaxTypeCode in a line', () => {
    const subtotal =
      /<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">50\.00<\/cbc:TaxableAmount>[\s\S]*?<\/cac:TaxSubtotal>/.exec(
        sample.slice(sample.lastIndexOf('<cac:InvoiceLine>')),
      )![0];
    expect(errorCodes(edit(sample, subtotal, subtotal + subtotal))).toContain('3067');
    expect(
      errorCodes(
        edit(
          sample,
          '<cac:TaxScheme><cbc:ID>9997</cbc:ID><cbc:Name>EXO</cbc:Name><cbc:TaxTypeCode>VAT</cbc:TaxTypeCode></cac:TaxScheme>\n        </cac:TaxCategory>\n      </cac:TaxSubtotal>\n    </cac:TaxTotal>\n    <cac:Item>',
          '<cac:TaxScheme><cbc:ID>9990</cbc:ID><cbc:Name>EXO</cbc:Name><cbc:TaxTypeCode>VAT</cbc:TaxTypeCode></cac:TaxScheme>\n        </cac:TaxCategory>\n      </cac:TaxSubtotal>\n    </cac:TaxTotal>\n    <cac:Item>',
        ),
      ),
    ).toContain('2036');
    expect(
      errorCodes(
        sample.replace(
          /(<cbc:ID>9997<\/cbc:ID><cbc:Name>EXO<\/cbc:Name><cbc:TaxTypeCode>)VAT(<\/cbc:TaxTypeCode><\/cac:TaxScheme>\s*<\/cac:TaxCategory>\s*<\/cac:TaxSubtotal>\s*<\/cac:TaxTotal>\s*<cac:Item>)/,
          at('FRE'),
        ),
      ),
    ).toContain('2377');
  });
});

describe('document totals', () => {
  it.each([
    [
      '3277 header IGV base ≠ Σ IGV lines',
      /(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="PEN">36\.00<\/cbc:TaxAmount>\s*<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">)200\.00/,
      at('210.00'),
      '3277',
    ],
    [
      '3275 header exonerated base ≠ Σ exonerated lines',
      /(<cbc:TaxableAmount currencyID="PEN">)50\.00(<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="PEN">0\.00<\/cbc:TaxAmount>\s*<cac:TaxCategory><cbc:ID>E<\/cbc:ID>\s*<cac:TaxScheme>)/,
      at('55.00'),
      '3275',
    ],
    ['3294 TaxTotal ≠ Σ subtotals', /(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="PEN">)36\.00/, at('40.00'), '3294'],
    [
      '3278 LineExtensionAmount ≠ Σ non-free line values',
      '<cbc:LineExtensionAmount currencyID="PEN">250.00',
      '<cbc:LineExtensionAmount currencyID="PEN">260.00',
      '3278',
    ],
    [
      '3280 PayableAmount ≠ TaxInclusive + charges − allowances − prepaid',
      '<cbc:PayableAmount currencyID="PEN">286.00',
      '<cbc:PayableAmount currencyID="PEN">287.01',
      '3280',
    ],
    [
      '3300 AllowanceTotalAmount without discounts',
      '<cbc:AllowanceTotalAmount currencyID="PEN">0.00',
      '<cbc:AllowanceTotalAmount currencyID="PEN">10.00',
      '3300',
    ],
    [
      '3301 ChargeTotalAmount without charges',
      '<cbc:ChargeTotalAmount currencyID="PEN">0.00',
      '<cbc:ChargeTotalAmount currencyID="PEN">10.00',
      '3301',
    ],
    [
      '3303 rounding beyond ±1',
      '<cbc:PayableAmount',
      '<cbc:PayableRoundingAmount currencyID="PEN">1.50</cbc:PayableRoundingAmount><cbc:PayableAmount',
      '3303',
    ],
    [
      '2638 a line tax missing from the header',
      /<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">50\.00<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="PEN">0\.00<\/cbc:TaxAmount>\s*<cac:TaxCategory><cbc:ID>E<\/cbc:ID>\s*<cac:TaxScheme>[\s\S]*?<\/cac:TaxSubtotal>/,
      '',
      '2638',
    ],
    [
      '3288 LineExtensionAmount total missing',
      /<cbc:LineExtensionAmount currencyID="PEN">250\.00<\/cbc:LineExtensionAmount>/,
      '',
      '3288',
    ],
  ] as const)('%s', (_name, from, to, code) => {
    expect(errorCodes(edit(sample, from as string | RegExp, to))).toContain(code);
  });

  it('3280 tolerates ±1 on the payable amount', () => {
    expect(
      errorCodes(
        edit(sample, '<cbc:PayableAmount currencyID="PEN">286.00', '<cbc:PayableAmount currencyID="PEN">287.00'),
      ),
    ).not.toContain('3280');
  });
});

describe('special cases built by the document core', () => {
  it('free transfer: 2640 a price on a free line, 3224/3234 price types', () => {
    const free = coreXml('03-free-of-charge');
    expect(errorCodes(free)).toEqual([]);
    expect(
      errorCodes(
        edit(
          free,
          /<cac:Price>\s*<cbc:PriceAmount currencyID="PEN">0(\.0+)?<\/cbc:PriceAmount>/,
          '<cac:Price><cbc:PriceAmount currencyID="PEN">10.00</cbc:PriceAmount>',
        ),
      ),
    ).toContain('2640');
    expect(errorCodes(edit(free, />02<\/cbc:PriceTypeCode>/, '>01</cbc:PriceTypeCode>'))).toContain('3234');
  });

  it('detracción: 3127/3034 blocks required, 3033 code from catalog 54, 3208 amount in PEN, 4265 legend', () => {
    const detraction = coreXml('13-detraction');
    expect(judge(detraction, '01').errors).toEqual([]);
    expect(errorCodes(edit(detraction, /<cac:PaymentMeans>[\s\S]*?<\/cac:PaymentMeans>\s*/, ''))).toContain('3034');
    expect(
      errorCodes(detraction.replace(/(<cbc:ID>Detraccion<\/cbc:ID>\s*<cbc:PaymentMeansID[^>]*>)\d{3}/, at('999'))),
    ).toContain('3033');
    expect(
      errorCodes(detraction.replace(/(<cbc:ID>Detraccion<\/cbc:ID>[\s\S]*?<cbc:Amount currencyID=")PEN/, at('USD'))),
    ).toContain('3208');
    expect(observationCodes(edit(detraction, /<cbc:Note languageLocaleID="2006">[^<]*<\/cbc:Note>\s*/, ''))).toContain(
      '4265',
    );
  });

  it('anticipos: 2509 PrepaidAmount = Σ PaidAmount exactly, 3287 needs the 04 discount', () => {
    const advances = coreXml('15-advances');
    expect(errorCodes(advances)).toEqual([]);
    expect(
      errorCodes(
        advances.replace(
          /(<cbc:PrepaidAmount currencyID="PEN">)(\d+)\.(\d\d)/,
          (_m, p: string, i: string, d: string) => `${p}${i}.${d === '00' ? '01' : '00'}`,
        ),
      ),
    ).toContain('2509');
    expect(
      errorCodes(
        advances.replace(
          /<cac:AllowanceCharge>\s*<cbc:ChargeIndicator>false<\/cbc:ChargeIndicator>\s*<cbc:AllowanceChargeReasonCode[^>]*>04<\/cbc:AllowanceChargeReasonCode>[\s\S]*?<\/cac:AllowanceCharge>\s*/g,
          '',
        ),
      ),
    ).toContain('3287');
  });

  it('ICBPER: 3306 header = Σ lines exactly', () => {
    const bag = coreXml('08-bag-tax');
    expect(errorCodes(bag)).toEqual([]);
    const header = bag.slice(0, bag.indexOf('<cac:InvoiceLine>'));
    const broken =
      header.replace(
        /(<cbc:TaxAmount currencyID="PEN">)([\d.]+)(<\/cbc:TaxAmount>\s*<cac:TaxCategory>\s*(?:<cbc:ID[^>]*>S<\/cbc:ID>\s*)?<cac:TaxScheme>\s*<cbc:ID[^>]*>7152)/,
        at('0.01'),
      ) + bag.slice(bag.indexOf('<cac:InvoiceLine>'));
    expect(errorCodes(broken)).toContain('3306');
  });

  it('export: 2642 lines must be affectation 40', () => {
    const exp = coreXml('23-export');
    expect(errorCodes(exp)).toEqual([]);
    expect(errorCodes(exp.replace(/>40<\/cbc:TaxExemptionReasonCode>/, '>20</cbc:TaxExemptionReasonCode>'))).toContain(
      '2642',
    );
  });

  it('notes: 2524 the affected document is required; boletas only observe a malformed DNI (4207)', () => {
    const note = coreXml('26-credit-note');
    expect(errorCodes(note, '07')).toEqual([]);
    expect(errorCodes(note.replace(/<cac:BillingReference>[\s\S]*?<\/cac:BillingReference>\s*/, ''), '07')).toContain(
      '2524',
    );
    const boleta = coreXml('25-boleta');
    expect(errorCodes(boleta, '03')).toEqual([]);
    const dni = boleta.replace(
      /(<cac:AccountingCustomerParty>[\s\S]*?<cbc:ID [^>]*schemeID="1"[^>]*>)\d{8}/,
      at('1234567'),
    );
    expect(dni).not.toBe(boleta);
    expect(errorCodes(dni, '03')).toEqual([]);
    expect(observationCodes(dni, '03')).toContain('4207');
  });
});

describe('PayableRoundingAmount beyond ±1', () => {
  it('rejects a factura (3303) and only observes a boleta (4314)', () => {
    const rounding = (xml: string) =>
      edit(
        xml,
        /<cbc:PayableAmount /,
        '<cbc:PayableRoundingAmount currencyID="PEN">1.50</cbc:PayableRoundingAmount>$&',
      );
    expect(errorCodes(rounding(coreXml('01-taxed')), '01')).toContain('3303');
    const boleta = judge(rounding(coreXml('25-boleta')), '03');
    expect(boleta.errors.map((e) => e.code)).not.toContain('3303');
    expect(boleta.observations.map((o) => o.code)).toContain('4314');
  });
});

describe('observations (accepted, listed as CDR notes)', () => {
  it.each([
    [
      '4252 @listName',
      (x: string) => edit(x, 'listName="Tipo de Documento"', 'listName="SUNAT:Identificador de Tipo de Documento"'),
      '4252',
    ],
    [
      '4255 @schemeName',
      (x: string) =>
        edit(x, 'schemeName="Documento de Identidad"', 'schemeName="SUNAT:Identificador de Documento de Identidad"'),
      '4255',
    ],
    [
      '4242 establishment code not 4 digits',
      (x: string) => edit(x, '>0000</cbc:AddressTypeCode>', '>00001</cbc:AddressTypeCode>'),
      '4242',
    ],
    ['4337 UNSPSC family code', (x: string) => edit(x, '>43211503<', '>43210000<'), '4337'],
    [
      '4233 purchase order with spaces',
      (x: string) => edit(x, '<cbc:ID>OC-2025-0001</cbc:ID>', '<cbc:ID>OC 2025 0001</cbc:ID>'),
      '4233',
    ],
  ])('%s', (_name, mutate, code) => {
    const verdict = judge(mutate(sample), '01');
    expect(verdict.errors).toEqual([]);
    expect(verdict.observations.map((o) => o.code)).toContain(code);
  });
});

describe('perception voucher (40)', () => {
  const perception = perceptionXml();
  it.each([
    [
      '2602 regime outside catalog 22',
      '<sac:SUNATPerceptionSystemCode>01<',
      '<sac:SUNATPerceptionSystemCode>04<',
      '2602',
    ],
    ['2603 rate of another regime', '<sac:SUNATPerceptionPercent>2.00<', '<sac:SUNATPerceptionPercent>1.00<', '2603'],
    [
      '2667 total perceived ≠ Σ rows, exact',
      '<cbc:TotalInvoiceAmount currencyID="PEN">99.60<',
      '<cbc:TotalInvoiceAmount currencyID="PEN">99.61<',
      '2667',
    ],
    [
      '2668 total cashed ≠ Σ rows, exact',
      '<sac:SUNATTotalCashed currencyID="PEN">5079.60<',
      '<sac:SUNATTotalCashed currencyID="PEN">5079.50<',
      '2668',
    ],
    [
      '2685 total perceived not in PEN',
      '<cbc:TotalInvoiceAmount currencyID="PEN">99.60<',
      '<cbc:TotalInvoiceAmount currencyID="USD">99.60<',
      '2685',
    ],
    ['2692 related document type', '<cbc:ID schemeID="01">F001-123<', '<cbc:ID schemeID="09">F001-123<', '2692'],
    [
      '2667 after a credit note (07), out of the sums: the rows after it and the totals are still checked',
      '<cbc:ID schemeID="01">F001-123<',
      '<cbc:ID schemeID="07">F001-123<',
      '2667',
    ],
    [
      '2749 exchange rate source ≠ document currency',
      '<cbc:SourceCurrencyCode>USD<',
      '<cbc:SourceCurrencyCode>EUR<',
      '2749',
    ],
    ['2721 USD document without a rate', /<cbc:CalculationRate>3\.800000<\/cbc:CalculationRate>/, '', '2721'],
    ['1001 series', '<cbc:ID>P001-1</cbc:ID>', '<cbc:ID>F001-1</cbc:ID>', '1001'],
  ] as const)('%s', (_name, from, to, code) => {
    expect(errorCodes(edit(perception, from as string | RegExp, to), '40')).toContain(code);
  });
});
