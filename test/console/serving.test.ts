// How the console's files are served: `/` of a company's host and of the admin host (another host keeps its 404),
// a Content-Security-Policy without inline script or style, the page revalidated on every visit and the hashed
// files kept for a year, gzipped when the browser takes it; the Swagger UI stays at /documentation. Without a built
// console the page says how to build it and the API still answers.
import { gunzipSync } from 'node:zlib';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { builtConsole } from './browser.ts';

const consoleDir = await builtConsole();
const manifest = JSON.parse(readFileSync(join(consoleDir, 'manifest.json'), 'utf8'));
const t = useTestApp({ deps: { consoleDir } });

function get(url: string, host: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
}

describe('console pages', () => {
  it('serves the company console on a company host and the admin console on the admin host', async () => {
    const company = await get('/', t.tenant.hostname);
    expect(company.statusCode).toBe(200);
    expect(company.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(company.body).toContain(`<script type="module" src="/console/${manifest.company}"></script>`);
    expect(company.body).toContain('<html lang="es">');
    const admin = await get('/', 'admin.localhost');
    expect(admin.body).toContain(`/console/${manifest.admin}`);
    for (const res of [company, admin]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toMatch(/https?:/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Nothing inline for the policy to allow, and nothing from another origin.
      expect(res.body).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/);
      expect(res.body).not.toMatch(/https?:\/\//);
    }
  });

  it('keeps the 404 of any other host and the Swagger UI at /documentation', async () => {
    const other = await get('/', 'example.org');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('route_not_found');
    expect((await get(`/console/${manifest.css}`, 'example.org')).statusCode).toBe(404);
    const docs = await get('/documentation/json', t.tenant.hostname);
    expect(docs.statusCode).toBe(200);
    expect(JSON.stringify(docs.json().paths)).not.toContain('/console/');
  });
});

describe('console files', () => {
  it('serves the hashed files for a year, gzipped on request, and nothing else', async () => {
    const plain = await get(`/console/${manifest.company}`, t.tenant.hostname);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(readFileSync(join(consoleDir, manifest.company)))).toBe(true);
    const gzipped = await get(`/console/${manifest.company}`, t.tenant.hostname, { 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const css = await get(`/console/${manifest.css}`, 'admin.localhost');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    for (const name of ['manifest.json', 'nope.js', '..%2Fmanifest.json'])
      expect((await get(`/console/${name}`, t.tenant.hostname)).statusCode).toBe(404);
    // The bundle reaches nothing outside its origin.
    expect(plain.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('without a built console answers the page with how to build it, and the API still works', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'facturo-no-console-'));
    const { createTestApp } = await import('../helpers/app.ts');
    const bare = await createTestApp({ deps: { consoleDir: empty } });
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/', headers: { host: 'admin.localhost' } });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build');
      const plans = await bare.app.inject({ method: 'GET', url: '/api/plans', headers: { host: 'admin.localhost' } });
      expect(plans.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
