// Answers that say what to fix, over HTTP: a 401 tells "no Authorization header", "not a Bearer token" and "token
// not valid for this company" apart — but an unknown, a revoked and another company's token get one identical
// answer —, a route called on the wrong kind of host names the host that serves it, and every 422 message (the
// top-level `message` too, which is what many ERPs show) begins with the path of the field to fix.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}

const company = (authorization?: string) => ({
  host: t.tenant.hostname,
  ...(authorization === undefined ? {} : { authorization }),
});

describe('401 on a company host', () => {
  it('without Authorization: says the header is missing and how to write it', async () => {
    const res = await call('GET', '/api/company', company());
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('unauthenticated');
    expect(res.json.errors[0]).toMatchObject({ path: 'Authorization', code: 'authorization_missing' });
    expect(res.json.message).toBe(
      'Falta la cabecera Authorization: envíe `Authorization: Bearer <token>` con el token API de la empresa.',
    );
  });

  it('with something that is not a Bearer token: says so', async () => {
    for (const header of [t.tenant.token, `Token ${t.tenant.token}`, 'Bearer', `Basic ${t.tenant.token}`]) {
      const res = await call('GET', '/api/company', company(header));
      expect(res.status, header).toBe(401);
      expect(res.json.errors[0].code).toBe('authorization_not_bearer');
      expect(res.json.message).toMatch(/^La cabecera Authorization no es un token Bearer/);
    }
  });

  it('an unknown, a revoked and another company’s token: one identical answer naming this company', async () => {
    const created = await call('POST', '/api/tokens', company(`Bearer ${t.tenant.token}`), { nombre: 'revocable' });
    expect(created.status).toBe(200);
    const revoked = created.json.data.token as string;
    expect((await call('GET', '/api/company', company(`Bearer ${revoked}`))).status).toBe(200);
    const del = await call('DELETE', `/api/tokens/${created.json.data.id}`, company(`Bearer ${t.tenant.token}`));
    expect(del.status).toBe(200);
    const other = await t.ctx.provisionTenant();

    const answers = await Promise.all(
      [revoked, other.token, `fct_${'x'.repeat(43)}`].map((token) =>
        call('GET', '/api/company', company(`Bearer ${token}`)),
      ),
    );
    for (const res of answers) expect(res).toEqual(answers[0]);
    expect(answers[0].status).toBe(401);
    expect(answers[0].json.errors[0].code).toBe('token_invalid');
    expect(answers[0].json.message).toContain(`El token no es válido para esta empresa (${t.tenant.hostname})`);
  });
});

describe('401 on the admin host', () => {
  const admin = (authorization?: string) => ({
    host: t.ctx.config.adminHost,
    ...(authorization === undefined ? {} : { authorization }),
  });
  it('tells the missing header, a token that is not Bearer and an unknown session apart', async () => {
    const codes = [];
    for (const header of [undefined, 'abc', `Bearer fct_${'y'.repeat(43)}`]) {
      const res = await call('GET', '/api/tenants', admin(header));
      expect(res.status).toBe(401);
      codes.push(res.json.errors[0].code);
    }
    expect(codes).toEqual(['authorization_missing', 'authorization_not_bearer', 'token_invalid']);
  });
});

describe('a route on the wrong host', () => {
  it('an admin route called on a company host names the admin host', async () => {
    const res = await call('POST', '/api/tenants', { host: `${t.tenant.hostname}:3000` }, { ruc: '20123456786' });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('wrong_host');
    expect(res.json.message).toBe(
      `POST /api/tenants se atiende en el host de administración (${t.ctx.config.adminHost}:3000), no en ${t.tenant.hostname}:3000.`,
    );
  });

  it('a company route called on the admin host names the company host', async () => {
    const res = await call('POST', '/api/documents', { host: t.ctx.config.adminHost }, {});
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({
      code: 'wrong_host',
      message: `POST /api/documents se atiende en el host de una empresa ({subdominio}.${t.ctx.config.appDomain}), no en ${t.ctx.config.adminHost}.`,
    });
  });
});

describe('422 messages begin with the path', () => {
  const auth = () => company(`Bearer ${t.tenant.token}`);
  it('a schema refusal of a document: message and each item', async () => {
    const res = await call('POST', '/api/documents', auth(), { codigo_tipo_documento: '01' });
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/^[a-z_]+(\.[a-z_]+|\[\d+\])*: .+ \(y \d+ errores más\)$/);
    for (const item of res.json.errors) expect(item.message.startsWith(`${item.path}: `)).toBe(true);
  });

  it('a schema refusal of another route, and a service refusal', async () => {
    const schema = await call('POST', '/api/voided', auth(), { fecha_de_emision_de_documentos: '2026-01-01' });
    expect(schema.status).toBe(422);
    expect(schema.json.message).toMatch(/^documentos: /);
    const service = await call('POST', '/api/documents/updatedocumentstatus', auth(), {
      external_id: '00000000-0000-4000-8000-000000000000',
      state_type_id: '99',
    });
    expect(service.status).toBe(422);
    expect(service.json.message).toMatch(/^state_type_id: El estado 99 no existe/);
  });
});
