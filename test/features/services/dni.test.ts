// GET /api/services/dni/{numero} against a local fake provider over real HTTP (apiperu.dev's shape, FacturadorPro's
// provider, and two others): the token sent as Bearer, answers kept per company for DNI_CACHE_TTL_SECONDS, a number
// the provider does not know a 404, a provider that refuses the token, answers nonsense or is down a 502/503 — and
// without a provider, a 503 that says how to configure one. The call goes through the outbound guard.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerUrl, readProviderAnswer } from '../../../src/features/services/dni-provider.ts';
import { useApi } from '../documents/helpers.ts';

const TOKEN = 'token-del-proveedor';
const seen: Array<{ url: string; authorization: string | undefined }> = [];
let provider: http.Server;
let base = '';

const PEOPLE: Record<string, unknown> = {
  '46658592': {
    success: true,
    data: {
      numero: '46658592',
      nombre_completo: 'PEREZ PEÑA, LESLY LICET',
      nombres: 'LESLY LICET',
      apellido_paterno: 'PEREZ',
      apellido_materno: 'PEÑA',
      codigo_verificacion: 6,
    },
  },
};

/** A fake of apiperu.dev's DNI endpoint (and of two other providers' shapes under /otros/). */
function fakeProvider(): http.Server {
  return http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { message: 'Unauthenticated.' });
    const dni = /\/(\d{8})(?:\?|$)/.exec(req.url ?? '')?.[1] ?? '';
    if (req.url?.startsWith('/apisnet/'))
      return json(200, {
        nombres: 'ANA',
        apellidoPaterno: 'QUISPE',
        apellidoMaterno: 'MAMANI',
        numeroDocumento: dni,
        digitoVerificador: '3',
      });
    if (req.url?.startsWith('/huge/')) return res.writeHead(200).end('x'.repeat(200_000));
    if (req.url?.startsWith('/html/')) return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    const person = PEOPLE[dni];
    if (!person) return json(404, { success: false, message: 'No se encontraron resultados.' });
    json(200, person);
  });
}

beforeAll(async () => {
  provider = fakeProvider();
  provider.listen(0, '127.0.0.1');
  await once(provider, 'listening');
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  provider.close();
});

describe('without a provider', () => {
  const api = useApi();

  it('answers 503 saying how to configure one, after checking the number', async () => {
    const res = await api.get('/api/services/dni/46658592');
    expect(res.status).toBe(503);
    expect(res.json.code).toBe('dni_provider_not_configured');
    expect(res.json.message).toContain('DNI_API_URL');
    expect(res.json.message).toContain('DNI_API_TOKEN');
    const bad = await api.get('/api/services/dni/4665859');
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe('numero');
  });
});

describe('with a provider', () => {
  const api = useApi({
    env: { DNI_API_URL: 'http://127.0.0.1:1/api/dni/{numero}', DNI_API_TOKEN: TOKEN, DNI_RATE_LIMIT: '12' },
  });
  const point = (template: string) => {
    (api.ctx.app.platform.config as { dniApiUrl: string | null }).dniApiUrl = template;
  };

  it("answers a person in FacturadorPro's keys, asking the provider once per company while it is kept", async () => {
    point(`${base}/api/dni/{numero}`);
    seen.length = 0;
    const res = await api.get('/api/services/dni/46658592');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({
      success: true,
      data: {
        number: '46658592',
        name: 'PEREZ PEÑA LESLY LICET',
        names: 'LESLY LICET',
        first_name: 'PEREZ',
        last_name: 'PEÑA',
        verification_code: '6',
        nombres: 'LESLY LICET',
        apellido_paterno: 'PEREZ',
        apellido_materno: 'PEÑA',
      },
    });
    expect(seen).toEqual([{ url: '/api/dni/46658592', authorization: `Bearer ${TOKEN}` }]);
    expect((await api.get('/api/services/dni/46658592')).json).toEqual(res.json);
    expect(seen).toHaveLength(1);
    // Another company's lookup is its own: it asks the provider.
    const other = await api.ctx.provisionTenant();
    expect((await api.get('/api/services/dni/46658592', other)).status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it('404 for a number the provider does not know (kept too)', async () => {
    seen.length = 0;
    for (let i = 0; i < 2; i++) {
      const res = await api.get('/api/services/dni/12345678');
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('dni_not_found');
    }
    expect(seen).toHaveLength(1);
  });

  it("reads other providers' shapes; a refused token, nonsense or a provider down are 502/503 without their words", async () => {
    point(`${base}/apisnet/dni`);
    const other = await api.get('/api/services/dni/70000001');
    expect(other.json.data).toMatchObject({ name: 'QUISPE MAMANI ANA', verification_code: '3' });
    expect(seen.at(-1)?.url).toBe('/apisnet/dni/70000001');

    (api.ctx.app.platform.config as { dniApiToken: string | null }).dniApiToken = 'otro';
    point(`${base}/api/dni/{numero}`);
    const refused = await api.get('/api/services/dni/70000002');
    expect(refused.status).toBe(502);
    expect(refused.json.code).toBe('dni_provider_refused');
    expect(refused.json.message).not.toContain('Unauthenticated');
    (api.ctx.app.platform.config as { dniApiToken: string | null }).dniApiToken = TOKEN;

    for (const path of ['huge', 'html']) {
      point(`${base}/${path}/{numero}`);
      const res = await api.get('/api/services/dni/70000003');
      expect(res.status, path).toBe(502);
    }
    point('http://127.0.0.1:1/api/dni/{numero}');
    const down = await api.get('/api/services/dni/70000004');
    expect(down.status).toBe(503);
    expect(down.json.code).toBe('dni_provider_unavailable');
  });

  it('goes through the outbound guard: a provider on a network production refuses is not called', async () => {
    point(`${base}/api/dni/{numero}`);
    const config = api.ctx.app.platform.config as { outboundPrivateAllowed: boolean };
    config.outboundPrivateAllowed = false;
    seen.length = 0;
    try {
      const res = await api.get('/api/services/dni/70000005');
      expect(res.status).toBe(503);
      expect(res.json.code).toBe('dni_provider_not_configured');
      expect(seen).toHaveLength(0);
    } finally {
      config.outboundPrivateAllowed = true;
    }
  });

  it('is rate-limited per company (each lookup may be a paid query)', async () => {
    const tenant = await api.ctx.provisionTenant();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await api.get(`/api/services/dni/111111${10 + i}`, tenant)).status);
    expect(statuses.slice(0, 12).every((s) => s !== 429)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});

describe('the adapter', () => {
  it('puts the number where {numero} is, else at the end of the path', () => {
    expect(providerUrl('https://apiperu.dev/api/dni/{numero}', '46658592')).toBe(
      'https://apiperu.dev/api/dni/46658592',
    );
    expect(providerUrl('https://apiperu.dev/api/dni/', '46658592')).toBe('https://apiperu.dev/api/dni/46658592');
    expect(providerUrl('https://x.example/v1/reniec?plan=a', '46658592')).toBe(
      'https://x.example/v1/reniec/46658592?plan=a',
    );
  });

  it('reads the decolecta shape, and knows a shape it does not know', () => {
    expect(
      readProviderAnswer(
        {
          first_name: 'JUAN',
          first_last_name: 'ROJAS',
          second_last_name: 'DIAZ',
          full_name: 'ROJAS DIAZ JUAN',
          document_number: '12345678',
        },
        '12345678',
      ),
    ).toMatchObject({ names: 'JUAN', paternal: 'ROJAS', maternal: 'DIAZ' });
    expect(readProviderAnswer({ nombre: 'X' }, '12345678')).toBeUndefined();
    expect(readProviderAnswer({ success: false, message: 'no' }, '12345678')).toBe('not-found');
  });
});
