// INEI's ubigeo catalogue shipped in src/core/catalogs/ubigeo (provenance in its SOURCE.md).
import { describe, expect, it } from 'vitest';
import { districtCodes, isValidUbigeo, ubigeoNames, ubigeoStatus } from '../../src/core/catalogs/index.ts';

describe('INEI ubigeo catalogue', () => {
  it('holds the 1,867 districts of its source, in code order, all six digits', () => {
    const codes = districtCodes();
    expect(codes).toHaveLength(1867);
    expect(codes.every((c) => /^\d{6}$/.test(c) && !c.endsWith('00'))).toBe(true);
    expect([...codes].sort()).toEqual(codes);
  });
  it('names a district by department, province and district', () => {
    expect(ubigeoNames('150101')).toEqual({ departamento: 'Lima', provincia: 'Lima', distrito: 'Lima' });
    expect(ubigeoNames('150132')).toEqual({
      departamento: 'Lima',
      provincia: 'Lima',
      distrito: 'San Juan de Lurigancho',
    });
    expect(ubigeoNames('040101')).toEqual({ departamento: 'Arequipa', provincia: 'Arequipa', distrito: 'Arequipa' });
    expect(ubigeoNames('070101')?.departamento).toBe('Callao');
    expect(ubigeoNames('250401')).toEqual({ departamento: 'Ucayali', provincia: 'Purús', distrito: 'Purus' });
  });
  it('every district has its department and province', () => {
    for (const code of districtCodes()) {
      const names = ubigeoNames(code)!;
      expect(names.departamento && names.provincia && names.distrito, code).toBeTruthy();
    }
  });
  it('valid() is districts only', () => {
    expect(isValidUbigeo('150101')).toBe(true);
    for (const code of ['150100', '150000', '159999', '150199', '15010', '1501011', 'ABCDEF', ''])
      expect(isValidUbigeo(code), code).toBe(false);
    expect(ubigeoNames('150100')).toBeUndefined();
  });
  it('tells aggregates, districts unknown to it and impossible codes apart', () => {
    expect(ubigeoStatus('150101')).toBe('district');
    expect(ubigeoStatus('150100')).toBe('province');
    expect(ubigeoStatus('150000')).toBe('department');
    expect(ubigeoStatus('150199')).toBe('unknown-district');
    expect(ubigeoStatus('159901')).toBe('unknown');
    expect(ubigeoStatus('990101')).toBe('unknown');
    expect(ubigeoStatus('12345')).toBe('unknown');
  });
});
