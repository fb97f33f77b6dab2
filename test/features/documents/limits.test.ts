// Bad input at the edges of what the database and SUNAT can hold: a full series, an explicit
// number that would fill one, dates and cursors outside the columns' range, NUL in a text. Each is a clear 4xx and
// changes nothing: no row, no consumed number.
import { describe, expect, it } from 'vitest';
import { fixtureBody, useApi, type Body } from './helpers.ts';

const api = useApi();

async function counters(serie: string) {
  const series = await api.tenant.db.series.findMany({ where: { serie }, select: { lastNumber: true } });
  const documents = await api.tenant.db.document.count({ where: { serie } });
  return { series: series.map((s) => s.lastNumber), documents };
}

function notSent(serie: string, numero: string | number = '#'): Body {
  return { ...fixtureBody('02-not-sent.json'), serie_documento: serie, numero_documento: numero };
}

describe('a series at the end of its 8 digits (SUNAT 1001)', () => {
  it('gives "#" its last number, then answers 409 series_exhausted without touching the counter', async () => {
    await api.tenant.db.series.create({ data: { documentType: '01', serie: 'F991', lastNumber: 99_999_998 } });
    const last = await api.post('/api/documents', notSent('F991'));
    expect(last.status, JSON.stringify(last.json)).toBe(200);
    expect(last.json.data.number).toBe('F991-99999999');
    const before = await counters('F991');
    for (let i = 0; i < 3; i += 1) {
      const full = await api.post('/api/documents', notSent('F991'));
      expect(full.status).toBe(409);
      expect(full.json.code).toBe('series_exhausted');
      expect(full.json.errors[0].path).toBe('serie_documento');
    }
    expect(await counters('F991')).toEqual(before);
  });

  it('refuses an explicit number that would fill the series (422), or has more than 8 digits, consuming nothing', async () => {
    const filling = await api.post('/api/documents', notSent('F992', 99_999_999));
    expect(filling.status).toBe(422);
    expect(filling.json.code).toBe('series_exhausted');
    expect(filling.json.errors[0].path).toBe('numero_documento');
    const nine = await api.post('/api/documents', notSent('F992', '100000000'));
    expect(nine.status).toBe(422);
    expect(nine.json.code).toBe('number_invalid');
    expect(await counters('F992')).toEqual({ series: [], documents: 0 });
    const below = await api.post('/api/documents', notSent('F992', 99_999_998));
    expect(below.status).toBe(200);
    expect((await api.post('/api/documents', notSent('F992'))).json.data.number).toBe('F992-99999999');
  });
});

describe('values beyond the columns', () => {
  it('refuses NUL and lone surrogates in document texts with their path, consuming no number', async () => {
    const body = notSent('F993');
    body.datos_del_cliente_o_receptor = {
      ...body.datos_del_cliente_o_receptor,
      apellidos_y_nombres_o_razon_social: 'ACME\u0000 S.A.C.',
    };
    const nul = await api.post('/api/documents', body);
    expect(nul.status).toBe(422);
    expect(nul.json).toMatchObject({
      code: 'invalid_text',
      errors: [{ path: 'datos_del_cliente_o_receptor.apellidos_y_nombres_o_razon_social' }],
    });
    const lone = await api.post('/api/documents', {
      ...notSent('F993'),
      items: [{ ...notSent('F993').items[0], descripcion: 'Caf\ud83d' }],
    });
    expect(lone.status).toBe(422);
    expect(lone.json.errors[0].path).toBe('items[0].descripcion');
    expect(await counters('F993')).toEqual({ series: [], documents: 0 });
  });

  it('refuses a body nested past 64 levels (the body itself is the first) with 422 body_too_deep and its path', async () => {
    // 600 kB of "[" (or 900 kB of '{"a":') fits the size limit. Such a body once went through recursive steps (the request hash, the stored
    // JSON) that overflowed the stack, a 500; and the text guard copied each node's path, n² steps.
    const depth = 300_000;
    const post = async (body: Body, deep: string, headers: Record<string, string> = {}) => {
      const res = await api.ctx.app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { ...api.tenant.headers, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body).replace('"DEEP"', deep),
      });
      return { status: res.statusCode, json: res.json() };
    };
    const lists = `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
    const objects = `${'{"a":'.repeat(depth / 2)}1${'}'.repeat(depth / 2)}`;
    const cases: [Body, string, Record<string, string>, string][] = [
      [{ ...notSent('F994'), items: 'DEEP' }, lists, {}, `items${'[0]'.repeat(63)}`],
      [{ ...notSent('F994', 7), extra: 'DEEP' }, lists, {}, `extra${'[0]'.repeat(63)}`],
      [{ ...notSent('F994'), extra: 'DEEP' }, objects, { 'idempotency-key': 'deep-1' }, `extra${'.a'.repeat(63)}`],
      [
        { ...notSent('F994'), items: [{ ...notSent('F994').items[0], extra: 'DEEP' }] },
        objects,
        {},
        `items[0].extra${'.a'.repeat(61)}`,
      ],
    ];
    for (const [body, deep, headers, path] of cases) {
      const refused = await post(body, deep, headers);
      expect(refused.status).toBe(422);
      expect(refused.json.code).toBe('body_too_deep');
      expect(refused.json.errors[0].path).toBe(path);
    }
    expect(await counters('F994')).toEqual({ series: [], documents: 0 });
  });

  it('refuses a list of more than 10,000 elements with 422 list_too_long, and lists at most 100 errors of a body', async () => {
    const lines = (n: number) => ({ ...notSent('F996'), items: Array.from({ length: n }, () => ({})) });
    // 300,000 empty lines (1 MB) once answered with 1.2 million errors: a 128 MB answer and 10 s of CPU.
    const long = await api.post('/api/documents', lines(300_000));
    expect(long.status).toBe(422);
    expect(long.json).toMatchObject({ code: 'list_too_long', errors: [{ path: 'items', code: 'list_too_long' }] });
    const many = await api.post('/api/documents', lines(1_000));
    expect(many.status).toBe(422);
    expect(many.json.code).toBe('validation_failed');
    expect(many.json.errors).toHaveLength(100);
    expect(many.json.errors[0].path).toBe('items[0].descripcion');
    expect(many.json.message).toMatch(/\(y 3999 errores más\)$/);
    expect(await counters('F996')).toEqual({ series: [], documents: 0 });
  });

  it('refuses totals of 13 digits with 422 amount_out_of_range, consuming no number', async () => {
    const body = notSent('F994');
    body.items = [{ ...body.items[0], cantidad: 1, valor_unitario: 1e12, precio_unitario: undefined }];
    const res = await api.post('/api/documents', body);
    expect(res.status).toBe(422);
    expect(res.json.errors).toContainEqual(
      expect.objectContaining({ path: 'items[0].valor_unitario', code: 'amount_out_of_range' }),
    );
    expect(await counters('F994')).toEqual({ series: [], documents: 0 });
  });

  it('refuses list dates before 1900 or impossible, and cursors beyond int4, with 422', async () => {
    for (const url of ['/api/documents/lists/0000-01-01/0000-12-31', '/api/documents/lists/2026-13-45/2026-12-31']) {
      const res = await api.get(url);
      expect(res.status, url).toBe(422);
    }
    const cursor = Buffer.from('2026-01-01|99999999999').toString('base64url');
    const res = await api.get(`/api/documents/lists/2026-01-01/2026-01-31?limit=5&cursor=${cursor}`);
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('cursor_invalid');
  });

  it('answers a POST without any body 400 body_missing on the issuing routes', async () => {
    for (const url of ['/api/documents', '/api/perceptions']) {
      const res = await api.ctx.app.inject({ method: 'POST', url, headers: api.tenant.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('body_missing');
    }
  });

  it('answers the public lookup with an impossible date 422, not 500', async () => {
    const res = await api.ctx.app.inject({
      method: 'POST',
      url: '/api/consultas/search',
      remoteAddress: '10.250.1.1',
      headers: { host: 'consultas.example', 'content-type': 'application/json' },
      payload: JSON.stringify({
        ruc_emisor: api.tenant.ruc,
        series: 'F001',
        number: 1,
        customer_number: '20604187339',
        total: 1,
        date_of_issue: '2026-13-45',
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].path).toBe('date_of_issue');
  });
});
