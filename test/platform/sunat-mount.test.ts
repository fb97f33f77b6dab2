// SUNAT_MODE=simulator with an empty SUNAT_SIMULATOR_URL: the app serves SUNAT's stand-in on its own address
// (any host, SUNAT's paths, not in the API docs); with a URL it mounts nothing and points there.
import { describe, expect, it } from 'vitest';
import { SUNAT_PATHS } from '../../src/sunat/endpoints.ts';
import { createTestApp } from '../helpers/app.ts';

describe('in-process SUNAT simulator', () => {
  it('answers on SUNAT’s paths at platform.sunatSimulatorUrl() once the app listens', async () => {
    const ctx = await createTestApp();
    try {
      expect(ctx.app.platform.sunatSimulator).not.toBeNull();
      expect(() => ctx.app.platform.sunatSimulatorUrl()).toThrow(/listen/);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = ctx.app.platform.sunatSimulatorUrl();
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const wsdl = await fetch(`${base}${SUNAT_PATHS.invoicesBeta}?wsdl`);
      expect(wsdl.status).toBe(200);
      expect(await wsdl.text()).toContain('sendBill');
      const soap = await fetch(`${base}${SUNAT_PATHS.invoicesBeta}`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: '<not-soap/>',
      });
      expect(soap.headers.get('content-type')).toContain('xml');
      const doc = (await ctx.app.inject({ method: 'GET', url: '/documentation/json' })).json();
      expect(Object.keys(doc.paths).some((p) => p.includes('billService'))).toBe(false);
    } finally {
      await ctx.close();
    }
  });

  it('is not mounted when SUNAT_SIMULATOR_URL points elsewhere, or outside simulator mode', async () => {
    const external = await createTestApp({ env: { SUNAT_SIMULATOR_URL: 'http://127.0.0.1:8089' } });
    try {
      expect(external.app.platform.sunatSimulator).toBeNull();
      expect(external.app.platform.sunatSimulatorUrl()).toBe('http://127.0.0.1:8089');
      const res = await external.app.inject({
        method: 'POST',
        url: SUNAT_PATHS.invoicesBeta,
        headers: { 'content-type': 'text/xml' },
        payload: '<x/>',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await external.close();
    }
    const beta = await createTestApp({ env: { SUNAT_MODE: 'beta' } });
    try {
      expect(beta.app.platform.sunatSimulator).toBeNull();
    } finally {
      await beta.close();
    }
  });
});
