// Every invalid fixture of ../shared/fixtures/invalid for POST /api/documents is rejected with the documented code
// at the documented path — nothing thrown. (13 is a perception; 15 and 16 are HTTP-level: body size, bad JSON.)
import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../../src/core/index.ts';
import { expectedCode, invalidFixtureIndex, loadInvalidFixture, testContext } from '../../fixtures/invoices.ts';

const cases = invalidFixtureIndex().filter((c) => c.endpoint === 'POST /api/documents' && c.file.endsWith('.json'));

describe('invalid fixtures', () => {
  it('covers the document fixtures of the index', () => {
    expect(cases.map((c) => c.file.slice(0, 2))).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
      '14',
    ]);
  });
  for (const c of cases) {
    it(`${c.file}: ${c.expect.code} at ${c.expect.path}`, () => {
      const r = prepareDocument(loadInvalidFixture(c.file), testContext());
      expect(r.ok).toBe(false);
      if (r.ok) return;
      const code = expectedCode(c.expect.code);
      expect(r.issues).toContainEqual(expect.objectContaining({ path: c.expect.path, code }));
      // The rejection names only what is broken: no cascade of derived complaints.
      expect(r.issues.map((i) => i.path)).toEqual([c.expect.path]);
      for (const i of r.issues) expect(i.message).toMatch(/\S/);
    });
  }
  it('arithmetic issues carry expected, received and the SUNAT rule', () => {
    const r = prepareDocument(loadInvalidFixture('01-wrong-total-igv.json'), testContext());
    expect(r.ok ? [] : r.issues).toEqual([
      expect.objectContaining({
        path: 'totales.total_igv',
        code: 'totals_mismatch',
        expected: '88.62',
        received: '91.12',
        sunatRule: '3294',
      }),
    ]);
    const r2 = prepareDocument(loadInvalidFixture('02-total-venta-mismatch.json'), testContext());
    expect(r2.ok ? [] : r2.issues).toEqual([
      expect.objectContaining({
        path: 'totales.total_venta',
        expected: '580.91',
        received: '585.91',
        sunatRule: '3279',
      }),
    ]);
    const r3 = prepareDocument(loadInvalidFixture('11-cuotas-not-summing.json'), testContext());
    expect(r3.ok ? [] : r3.issues).toEqual([
      expect.objectContaining({
        path: 'cuotas',
        code: 'installments_mismatch',
        expected: '3070.79',
        received: '3060.79',
        sunatRule: '3319',
      }),
    ]);
  });
  it('a huge description is refused at items[0].descripcion (SUNAT caps cbc:Description at 500 characters)', () => {
    const body = loadInvalidFixture('01-wrong-total-igv.json');
    body.totales.total_igv = 88.62;
    body.items[0].descripcion = 'X'.repeat(6 * 1024 * 1024);
    const r = prepareDocument(body, testContext());
    expect(r.ok ? [] : r.issues).toEqual([
      expect.objectContaining({ path: 'items[0].descripcion', code: 'validation_failed' }),
    ]);
  });
  it('a body that is not an object is a validation issue, not an exception', () => {
    for (const body of [null, [], 'x', 42]) {
      const r = prepareDocument(body, testContext());
      expect(r.ok ? [] : r.issues).toEqual([expect.objectContaining({ path: '', code: 'validation_failed' })]);
    }
  });
});
