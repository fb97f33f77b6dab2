// Links and limits: download links come from configuration (PUBLIC_URL's scheme and port) and the
// tenant's own host name, whatever Host header the client forges; the plan's monthly limit is counted inside the
// numbering transaction, so concurrent requests never go past it and refused ones consume no number.
import { describe, expect, it } from 'vitest';
import { fixtureBody, pathOf, useApi, type Body } from './helpers.ts';

const api = useApi({ env: { PUBLIC_URL: 'https://facturo.example:8443' } });

function bodyIn(serie: string): Body {
  return { ...fixtureBody('02-not-sent.json'), serie_documento: serie };
}

describe('download links', () => {
  it('ignore a forged Host: the tenant host from the database, scheme and port from PUBLIC_URL', async () => {
    const base = `https://${api.tenant.hostname}:8443`;
    for (const forged of [
      `${api.tenant.hostname}:@evil.example`,
      `${api.tenant.hostname}:1234`,
      `${api.tenant.hostname.toUpperCase()}.`,
    ]) {
      const res = await api.post('/api/documents', fixtureBody('02-not-sent.json'), { host: forged });
      expect(res.status, forged).toBe(200);
      const id = res.json.data.external_id;
      expect(res.json.links.xml).toBe(`${base}/downloads/document/xml/${id}`);
      expect(res.json.links.pdf).toBe(`${base}/downloads/document/pdf/${id}`);
      const latest = await api.ctx.app.inject({
        method: 'GET',
        url: '/api/documents/lists',
        headers: { ...api.tenant.headers, host: forged },
      });
      for (const row of latest.json().data) {
        expect(row.download_xml.startsWith(`${base}/downloads/`), row.download_xml).toBe(true);
        expect(row.download_pdf).not.toContain('evil');
      }
    }
  });

  it('are followable on the tenant host', async () => {
    const res = await api.post('/api/documents', fixtureBody('02-not-sent.json'));
    expect((await api.get(pathOf(res.json.links.xml))).status).toBe(200);
  });
});

describe('plan monthly limit', () => {
  it('accepts exactly the free slots under 32 concurrent issues on 4 series, consuming no number for the refused', async () => {
    const plan = await api.ctx.db.central.plan.create({
      data: { name: `Cupo 50 ${api.tenant.subdomain}`, limitDocuments: 50 },
    });
    const tenant = await api.ctx.provisionTenant({ planId: plan.id });
    try {
      for (let i = 0; i < 40; i += 1)
        expect((await api.post('/api/documents', bodyIn('F001'), {}, tenant)).status).toBe(200);
      const series = ['F001', 'F002', 'F003', 'F004'];
      const answers = await Promise.all(
        Array.from({ length: 32 }, (_, i) => api.post('/api/documents', bodyIn(series[i % 4]), {}, tenant)),
      );
      const accepted = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      expect(accepted).toHaveLength(10);
      expect(refused).toHaveLength(22);
      for (const r of refused)
        expect(r.json).toMatchObject({
          code: 'plan_limit_reached',
          message: expect.stringContaining('50 comprobantes'),
        });
      expect(await tenant.db.document.count()).toBe(50);
      // Every number handed out belongs to a stored document: no gap from a refused request.
      for (const s of await tenant.db.series.findMany()) {
        expect(
          await tenant.db.document.count({ where: { serie: s.serie, documentType: s.documentType } }),
          s.serie,
        ).toBe(s.lastNumber);
      }
    } finally {
      await api.ctx.db.central.tenant.update({ where: { id: tenant.id }, data: { planId: null } });
      await api.ctx.db.central.plan.delete({ where: { id: plan.id } });
    }
  });
});
