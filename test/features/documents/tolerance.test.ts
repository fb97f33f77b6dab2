// A total SUNAT accepts within its ±1.00 tolerance is emitted as sent, and the answer, the XML and the PDF say where
// the difference went: a warning naming the field with both figures, cbc:PayableRoundingAmount so that
// TaxInclusiveAmount + rounding = PayableAmount (SUNAT 3280), and a "Redondeo" line. Over HTTP, through the simulator.
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, pdfText } from '../../render/pdf-tools.ts';
import { fixtureBody, judgeXml, pathOf, useApi } from './helpers.ts';

const api = useApi();
afterAll(cleanup);

function amountOf(xml: string, element: string): string | undefined {
  return new RegExp(`<cbc:${element} currencyID="PEN">([^<]+)</cbc:${element}>`).exec(xml)?.[1];
}

describe('total_venta kept within the tolerance', () => {
  for (const [sent, rounding] of [
    ['581.50', '0.59'],
    ['580.51', '-0.40'],
  ] as const) {
    it(`${sent} against 580.91 computed: accepted, warned, PayableRoundingAmount ${rounding}, "Redondeo" printed`, async () => {
      const body = fixtureBody('01-taxed.json');
      body.totales.total_venta = Number(sent);

      const res = await api.post('/api/documents', body);

      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data.state_type_id).toBe('05');
      expect(res.json.warnings).toContainEqual(
        expect.objectContaining({
          path: 'totales.total_venta',
          code: 'total_within_tolerance',
          expected: '580.91',
          received: sent,
        }),
      );
      const warning = res.json.warnings.find((w: { code: string }) => w.code === 'total_within_tolerance');
      expect(warning.message).toContain('PayableRoundingAmount');

      const xml = (await api.get(pathOf(res.json.links.xml))).body.toString('utf8');
      expect(judgeXml(xml, '01')).toEqual({ xsd: '', signature: '' });
      expect(amountOf(xml, 'TaxInclusiveAmount')).toBe('580.91');
      expect(amountOf(xml, 'PayableRoundingAmount')).toBe(rounding);
      expect(amountOf(xml, 'PayableAmount')).toBe(sent);
      expect(xml.indexOf('PayableRoundingAmount')).toBeLessThan(xml.indexOf('<cbc:PayableAmount'));

      const pdf = (await api.get(pathOf(res.json.links.pdf))).body;
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      expect(text).toMatch(new RegExp(`Redondeo S/ ${rounding.replace('.', '\\.')}`));
      expect(text).toContain('Subtotal S/ 580.91');
      expect(text).toContain(`S/ ${sent}`);
    });
  }

  it('the exact total carries no rounding element and no warning', async () => {
    const res = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    expect(res.status).toBe(200);
    expect(res.json.warnings.map((w: { code: string }) => w.code)).not.toContain('total_within_tolerance');
    const xml = (await api.get(pathOf(res.json.links.xml))).body.toString('utf8');
    expect(xml).not.toContain('PayableRoundingAmount');
    expect(pdfText((await api.get(pathOf(res.json.links.pdf))).body)).not.toContain('Redondeo');
  });

  it('beyond the tolerance it stays a 422 naming the field, the expected and the received figure', async () => {
    const body = fixtureBody('01-taxed.json');
    body.totales.total_venta = 581.92;
    const res = await api.post('/api/documents', body);
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toMatchObject({
      path: 'totales.total_venta',
      code: 'totals_mismatch',
      expected: '580.91',
      received: '581.92',
    });
  });

  it('a line figure kept within the tolerance is warned about too', async () => {
    const body = fixtureBody('01-taxed.json');
    body.items[0].total_igv = Number(body.items[0].total_igv) + 0.02;
    const res = await api.post('/api/documents', body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.warnings).toContainEqual(
      expect.objectContaining({ path: 'items[0].total_igv', code: 'total_within_tolerance', expected: '36.21' }),
    );
  });
});
