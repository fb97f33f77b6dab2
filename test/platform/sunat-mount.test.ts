// SUNAT_MODE=simulator with an empty SUNAT_SIMULATOR_URL: the app serves SUNAT's stand-in on its own address
// (SUNAT's paths, not in the API docs) — only on SUNAT_SIMULATOR_HOST or loopback, never on a tenant's host; with a
// URL it mounts nothing and points there.
import { request } from 'node:http';
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

  it('answers only on its own host name or on loopback from loopback — never on a tenant host', async () => {
    const ctx = await createTestApp();
    try {
      const tenant = await ctx.provisionTenant();
      const wsdl = (host: string, remoteAddress = '127.0.0.1') =>
        ctx.app.inject({ method: 'GET', url: `${SUNAT_PATHS.invoicesBeta}?wsdl`, headers: { host }, remoteAddress });
      const send = (host: string) =>
        ctx.app.inject({
          method: 'POST',
          url: SUNAT_PATHS.invoicesBeta,
          headers: { host, 'content-type': 'text/xml' },
          payload: '<x/>',
        });
      expect(ctx.config.sunatSimulatorHost).toBe('sunat.localhost');
      for (const host of ['sunat.localhost', 'sunat.localhost:3000', '127.0.0.1:3000', 'localhost', '[::1]:3000']) {
        expect((await wsdl(host)).statusCode, host).toBe(200);
      }
      for (const host of [tenant.hostname, `${tenant.hostname}:3000`, ctx.config.adminHost, 'facturo.example']) {
        const refused = await wsdl(host);
        expect(refused.statusCode, host).toBe(404);
        expect(refused.json().code).toBe('route_not_found');
        expect((await send(host)).statusCode, host).toBe(404);
      }
      // A forged loopback Host from another machine is not loopback.
      expect((await wsdl('127.0.0.1', '203.0.113.7')).statusCode).toBe(404);
      expect((await wsdl('sunat.localhost', '203.0.113.7')).statusCode).toBe(200);
      // Over real HTTP too: the tenant's host gets nothing, the loopback address (what the SOAP client uses) works.
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = ctx.app.platform.sunatSimulatorUrl();
      expect(await statusOver(`${base}${SUNAT_PATHS.invoicesBeta}?wsdl`, tenant.hostname)).toBe(404);
      expect(await statusOver(`${base}${SUNAT_PATHS.invoicesBeta}?wsdl`)).toBe(200);
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

function statusOver(url: string, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
