// Catalogs carry meaning: code asks them instead of comparing strings.
import { describe, expect, it } from 'vitest';
import {
  allowanceChargeCodes,
  creditNoteTypes,
  currencies,
  debitNoteTypes,
  detractionGoods,
  documentTypes,
  identityDocumentTypes,
  igvAffectations,
  iscSystems,
  itemProperties,
  legends,
  operationTypes,
  paymentMeans,
  perceptionRegimes,
  priceTypes,
  relatedDocumentTypes,
  taxScheme,
  taxSchemes,
} from '../../src/core/catalogs/index.ts';

describe('catalog 07 → tax scheme (catalog 05), onerous or free, total fed', () => {
  const rows: [string, string, boolean, string][] = [
    ['10', '1000', true, 'total_operaciones_gravadas'],
    ['11', '9996', false, 'total_operaciones_gratuitas'],
    ['15', '9996', false, 'total_operaciones_gratuitas'],
    ['17', '1016', true, 'total_ivap'],
    ['20', '9997', true, 'total_operaciones_exoneradas'],
    ['21', '9996', false, 'total_operaciones_gratuitas'],
    ['30', '9998', true, 'total_operaciones_inafectas'],
    ['37', '9996', false, 'total_operaciones_gratuitas'],
    ['40', '9995', true, 'total_exportacion'],
  ];
  for (const [code, scheme, onerous, total] of rows) {
    it(code, () => {
      const e = igvAffectations.get(code)!;
      expect([e.scheme, e.onerous, e.total, e.priceType]).toEqual([scheme, onerous, total, onerous ? '01' : '02']);
    });
  }
  it('free gravado codes (11–16) carry notional IGV; free exonerated/inafecto do not', () => {
    expect(['11', '12', '13', '14', '15', '16'].every((c) => igvAffectations.get(c)!.taxed)).toBe(true);
    expect(['21', '31', '32', '33', '34', '35', '36', '37'].every((c) => !igvAffectations.get(c)!.taxed)).toBe(true);
  });
  it('catalog 05 rows: name, TaxTypeCode, category and whether they count in TaxTotal (3294)', () => {
    expect(taxScheme('1000')).toMatchObject({
      name: 'IGV',
      taxTypeCode: 'VAT',
      categoryCode: 'S',
      countsInTaxTotal: true,
    });
    expect(taxScheme('9996')).toMatchObject({
      name: 'GRA',
      taxTypeCode: 'FRE',
      categoryCode: 'Z',
      countsInTaxTotal: false,
    });
    expect(taxScheme('7152')).toMatchObject({ name: 'ICBPER', taxTypeCode: 'OTH' });
    expect(taxSchemes.entries.filter((e) => e.countsInTaxTotal).map((e) => e.code)).toEqual([
      '1000',
      '1016',
      '2000',
      '7152',
      '9999',
    ]);
  });
});

describe('catalog 53 → level, discount/charge, base, total', () => {
  it.each([
    ['00', 'line', false, true, 'line_value'],
    ['01', 'line', false, false, 'allowance_total'],
    ['02', 'global', false, true, 'taxed_base'],
    ['03', 'global', false, false, 'allowance_total'],
    ['04', 'global', false, true, 'advance'],
    ['47', 'line', true, true, 'line_value'],
    ['48', 'line', true, false, 'charge_total'],
    ['49', 'global', true, true, 'taxed_base'],
    ['50', 'global', true, false, 'charge_total'],
    ['51', 'global', true, false, 'perception'],
    ['62', 'global', false, false, 'retention'],
  ])('%s', (code, level, charge, affectsBase, feeds) => {
    expect(allowanceChargeCodes.get(code)).toMatchObject({ level, charge, affectsBase, feeds });
  });
});

describe('other catalogs', () => {
  it('54 carries the rate', () => {
    expect(detractionGoods.get('019')!.percent).toBe('10');
    expect(detractionGoods.get('027')!.percent).toBe('4');
    expect(detractionGoods.get('035')!.percent).toBe('1.5');
  });
  it('51 carries factura/boleta flags and what the operation implies', () => {
    expect(operationTypes.get('0112')).toMatchObject({ factura: true, boleta: false });
    expect(operationTypes.get('0113')).toMatchObject({ factura: false, boleta: true });
    expect(operationTypes.get('0200')).toMatchObject({ exportation: true, rucNotAllowed: true });
    expect(operationTypes.get('1004')).toMatchObject({ detraction: true, detractionCode: '027' });
    expect(operationTypes.get('2001')!.perception).toBe(true);
  });
  it('06 knows the number formats and who identifies a buyer', () => {
    expect(identityDocumentTypes.get('6')!.pattern.test('20604187339')).toBe(true);
    expect(identityDocumentTypes.get('1')!.pattern.test('4587123')).toBe(false);
    expect(['1', '4', '6', '7'].every((c) => identityDocumentTypes.get(c)!.identifiesBuyer)).toBe(true);
  });
  it('09 type 13 is factura-only with cuotas; 10 has 01/02/03/11/12', () => {
    expect(creditNoteTypes.get('13')).toMatchObject({ facturaOnly: true, carriesInstallments: true });
    expect(debitNoteTypes.codes()).toEqual(['01', '02', '03', '11', '12']);
  });
  it('01, 02, 08, 12, 16, 22, 52, 55, 59 are there', () => {
    expect(documentTypes.get('07')!.ublRoot).toBe('CreditNote');
    expect(currencies.get('USD')!.plural).toBe('DÓLARES AMERICANOS');
    expect(currencies.has('PEN') && !currencies.has('XYZ')).toBe(true);
    expect(iscSystems.get('01')!.base).toBe('line_value');
    expect(relatedDocumentTypes.get('02')!.advance).toBe(true);
    expect(priceTypes.get('02')!.onerous).toBe(false);
    expect(perceptionRegimes.get('01')).toMatchObject({ percent: '2', chargeCode: '51' });
    expect(legends.get('2006')!.text).toMatch(/detracci|Obligaciones/);
    expect(itemProperties.get('7000')!.description).toMatch(/placa/i);
    expect(paymentMeans.get('001')!.description).toBe('Depósito en cuenta');
  });
  it('catalog codes are zero-padded to a common width', () => {
    expect([
      documentTypes.width,
      igvAffectations.width,
      operationTypes.width,
      detractionGoods.width,
      legends.width,
    ]).toEqual([2, 2, 4, 3, 4]);
  });
});
