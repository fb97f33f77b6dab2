// RUC check digit, file names and the QR text.
import { describe, expect, it } from 'vitest';
import { cdrFilename, documentFilename, isValidRuc, qrText, rucCheckDigit, zipFilename } from '../../src/core/index.ts';

describe('RUC check digit (modulo 11, weights 5432765432)', () => {
  it('accepts the fixtures’ customers and the test issuer', () => {
    for (const ruc of [
      '20604187339',
      '10448739151',
      '20135726401',
      '20600924819',
      '20487199258',
      '20495033113',
      '20711320599',
      '20558743167',
      '20607771244',
      '20100070970',
    ]) {
      expect(isValidRuc(ruc), ruc).toBe(true);
    }
  });
  it('computes 10 → 0 and 11 → 1', () => {
    expect(rucCheckDigit('2060418733')).toBe(9);
    expect(rucCheckDigit('abc')).toBeNull();
  });
  it('refuses a wrong digit, a wrong length, an unknown prefix', () => {
    expect(isValidRuc('20604187338')).toBe(false);
    expect(isValidRuc('2060418733')).toBe(false);
    expect(isValidRuc('30604187339')).toBe(false);
  });
});

describe('file names (SUNAT 1034–1036)', () => {
  it('RUC-TT-SERIE-NUMERO, zip and CDR', () => {
    const base = documentFilename('20123456789', '01', 'F001', 26);
    expect(base).toBe('20123456789-01-F001-26');
    expect(zipFilename(base)).toBe('20123456789-01-F001-26.zip');
    expect(cdrFilename(base)).toBe('R-20123456789-01-F001-26.zip');
  });
});

describe('QR text (sunat.md §6)', () => {
  it('10 pipe-separated fields with the hash and a trailing pipe', () => {
    const text = qrText(
      {
        ruc: '20000000001',
        documentType: '01',
        series: 'F001',
        number: 123,
        igv: '36',
        total: '286',
        issueDate: '2025-01-15',
        customerDocumentType: '6',
        customerDocumentNumber: '20100070970',
      },
      'RUfru9QH0LCHP77JDsO0BUcATQ8=',
    );
    expect(text).toBe('20000000001|01|F001|123|36.00|286.00|2025-01-15|6|20100070970|RUfru9QH0LCHP77JDsO0BUcATQ8=|');
    expect(text.split('|')).toHaveLength(11);
  });
});
