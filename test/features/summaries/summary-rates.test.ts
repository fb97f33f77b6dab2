// A resumen diario names each boleta's IGV rate (SUNAT 2992, since February 2026): boletas at the general rate and at
// Ley 31556's rate of the day, and an exonerated one (the general rate of its date), declared by one RC over HTTP;
// every line's IGV subtotal carries cbc:Percent, the RC passes the XSD and the simulator, which rejects an RC line
// without it. A body mixing rates is refused with 3462 and stores nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { allowedIgvRates, igvRatePeriod } from '../../../src/core/igv-rates.ts';
import { limaToday } from '../../../src/pipeline/deps.ts';
import type { TestTenant } from '../../helpers/app.ts';
import { fixtureBody, pathOf, useApi } from '../documents/helpers.ts';
import { judgeSummaryXml, SUMMARY_XSD } from './helpers.ts';

const api = useApi();
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await api.ctx.provisionTenant();
  await api.ctx.db.tenant(tenant.schema).company.update({ where: { id: 1 }, data: { boletaDelivery: 'summary' } });
});

/** The boleta fixture with every line at `rate` (and afectación `affectation`). */
function boletaAt(rate: string | undefined, affectation = '10') {
  const body = fixtureBody('25-boleta.json');
  body.totales = undefined;
  body.items = body.items.map((item: Record<string, unknown>) => {
    const line: Record<string, unknown> = {
      descripcion: item.descripcion,
      unidad_de_medida: item.unidad_de_medida,
      cantidad: item.cantidad,
      valor_unitario: item.valor_unitario,
      codigo_tipo_afectacion_igv: affectation,
    };
    if (rate !== undefined) line.porcentaje_igv = Number(rate);
    return line;
  });
  return body;
}

const percents = (xml: string) =>
  [...xml.matchAll(/<cbc:Percent>([^<]+)<\/cbc:Percent>\s*<cac:TaxScheme>\s*<cbc:ID>1000</g)].map((m) => m[1]);

describe('resumen diario: every line names its IGV rate', () => {
  it('boletas at the general and the special rate, and an exonerated one: one RC, cbc:Percent on each line', async () => {
    const today = limaToday();
    const period = igvRatePeriod(today);
    // From 2027 the special rate is not in the table: 10 is accepted with a warning (igv_rate_unusual).
    const special = period.rates[1] ?? '10';
    const bodies = [boletaAt(period.rates[0]), boletaAt(special), boletaAt(undefined, '20')];
    for (const body of bodies) {
      const res = await api.post('/api/documents', body, {}, tenant);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    const declared = await api.post(
      '/api/summaries',
      { fecha_de_emision_de_documentos: today, codigo_tipo_proceso: '1' },
      {},
      tenant,
    );
    expect(declared.status, JSON.stringify(declared.json)).toBe(200);
    const status = await api.post('/api/summaries/status', { external_id: declared.json.data.external_id }, {}, tenant);
    expect(status.json).toMatchObject({ data: { state: 'accepted' }, response: { code: '0' } });
    const xml = await api.get(pathOf(status.json.links.xml), tenant);
    const text = xml.body.toString('utf8');
    const general = Number(period.rates[0]).toFixed(2);
    expect(percents(text)).toEqual([general, Number(special).toFixed(2), general]);
    expect(text.match(/<sac:SummaryDocumentsLine>/g)).toHaveLength(3);
    expect(judgeSummaryXml(xml.body, SUMMARY_XSD)).toMatchObject({ xsd: 0, signature: 0 });
  });

  it('a boleta mixing the general and the special rate is a 422 with SUNAT 3462 naming the line; nothing is stored', async () => {
    const today = limaToday();
    const [general, special = '10'] = allowedIgvRates(today, false).map((r) => r.toFixed());
    const body = boletaAt(general);
    body.items[1].porcentaje_igv = Number(special);
    const before = await api.ctx.db.tenant(tenant.schema).document.count();
    const res = await api.post('/api/documents', body, {}, tenant);
    expect(res.status).toBe(422);
    expect(res.json.errors).toContainEqual(
      expect.objectContaining({ path: 'items[1].porcentaje_igv', code: 'igv_rate_invalid', sunat_rule: '3462' }),
    );
    expect(res.json.message).toContain('3462');
    expect(await api.ctx.db.tenant(tenant.schema).document.count()).toBe(before);
  });
});
