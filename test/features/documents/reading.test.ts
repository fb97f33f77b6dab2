// Lists, downloads, idempotency and the tenant wall.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { limaDateTimeOf } from '../../../src/core/lima-clock.ts';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { unzipCdr } from '../../../src/sunat/index.ts';
import type { TestTenant } from '../../helpers/app.ts';
import { decodeQrOnPage, readPdf } from '../../render/pdf-tools.ts';
import { fixtureBody, pathOf, useApi } from './helpers.ts';

const api = useApi();
const today = limaToday();
let other: TestTenant;
let issued: any;

beforeAll(async () => {
  other = await api.ctx.provisionTenant();
  issued = (await api.post('/api/documents', fixtureBody('01-taxed.json'))).json;
  for (let i = 0; i < 4; i += 1) await api.post('/api/documents', fixtureBody('02-not-sent.json'));
});

describe('GET /api/documents/lists', () => {
  it('lists a date range inclusively with FacturadorPro row fields', async () => {
    const res = await api.get(`/api/documents/lists/${today}/${today}`);
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(5);
    const row = res.json.data.find((r: any) => r.external_id === issued.data.external_id);
    expect(row).toMatchObject({
      number: issued.data.number,
      document_type_id: '01',
      date_of_issue: today,
      customer_number: '20604187339',
      state_type_id: '05',
      state_type_description: 'Aceptado',
      has_cdr: true,
      total: '580.91',
      currency_type_id: 'PEN',
    });
    expect(pathOf(row.download_xml)).toBe(`/downloads/document/xml/${issued.data.external_id}`);
    const body = fixtureBody('01-taxed.json');
    expect(row).toMatchObject({
      soap_type_id: '01',
      soap_type_description: 'Demo',
      date_of_due: body.fecha_de_vencimiento ?? today,
      customer_telephone: body.datos_del_cliente_o_receptor.telefono ?? null,
      exchange_rate_sale: body.factor_tipo_de_cambio === undefined ? null : String(body.factor_tipo_de_cambio),
    });
    // FacturadorPro's local Lima time (PostgreSQL's America/Lima, the same as our clock's), and the instant in ISO UTC.
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.created_at).toBe(limaDateTimeOf(new Date(row.created_at_iso)));
    const limaOffsetMs = 5 * 3_600_000;
    expect(new Date(`${row.created_at.replace(' ', 'T')}Z`).getTime() + limaOffsetMs).toBe(
      Math.floor(new Date(row.created_at_iso).getTime() / 1000) * 1000,
    );
  });

  it('lists newest first on both routes, and pages newest first', async () => {
    const descending = (rows: any[]) => rows.map((r) => r.id).every((id, i, all) => i === 0 || all[i - 1] > id);
    const range = (await api.get(`/api/documents/lists/${today}/${today}`)).json.data;
    const latest = (await api.get('/api/documents/lists')).json.data;
    expect(descending(range)).toBe(true);
    expect(latest.map((r: any) => r.id)).toEqual(range.map((r: any) => r.id));
    const first = await api.get(`/api/documents/lists/${today}/${today}?limit=2`);
    expect(first.json.data.map((r: any) => r.id)).toEqual(range.slice(0, 2).map((r: any) => r.id));
  });

  it('pages with limit and cursor without losing or repeating rows', async () => {
    const first = await api.get(`/api/documents/lists/${today}/${today}?limit=2`);
    const second = await api.get(`/api/documents/lists/${today}/${today}?limit=2&cursor=${first.json.next_cursor}`);
    const third = await api.get(`/api/documents/lists/${today}/${today}?limit=2&cursor=${second.json.next_cursor}`);
    const ids = [...first.json.data, ...second.json.data, ...third.json.data].map((r: any) => r.id);
    expect(new Set(ids).size).toBe(5);
    expect(third.json.next_cursor).toBeNull();
  });

  it('returns the latest 50 without dates, and 422 for impossible or reversed dates', async () => {
    expect((await api.get('/api/documents/lists')).json.data).toHaveLength(5);
    expect((await api.get('/api/documents/lists/2025-13-40/2025-12-31')).status).toBe(422);
    const reversed = await api.get('/api/documents/lists/2025-12-31/2025-01-01');
    expect(reversed.status).toBe(422);
    expect(reversed.json.code).toBe('date_range_invalid');
    expect((await api.get('/api/documents/lists/2020-01-01/2025-01-01')).status).toBe(422);
  });
});

describe('downloads', () => {
  it('renders the PDF on first download, caches it, and the QR decodes to the QR text', async () => {
    const pdf = await api.get(pathOf(issued.links.pdf));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const files = await api.tenant.db.documentFile.findMany({
      where: { document: { externalId: issued.data.external_id } },
    });
    expect(files.map((f) => f.kind).sort()).toEqual(['cdr', 'pdf', 'xml']);
    const again = await api.get(pathOf(issued.links.pdf));
    expect(again.body.equals(pdf.body)).toBe(true);

    const text = readPdf(pdf.body);
    expect(text.has(issued.data.number)).toBe(true);
    expect(text.has('580.91')).toBe(true);
    expect(decodeQrOnPage(pdf.body, 1)).toEqual([issued.data.qr_text]);
  });

  it('serves the 80 mm ticket with the /ticket suffix', async () => {
    const ticket = await api.get(`${pathOf(issued.links.pdf)}/ticket`);
    expect(ticket.status).toBe(200);
    expect(ticket.headers['content-disposition']).toContain('-ticket.pdf');
    expect(ticket.body.toString('latin1')).toMatch(/\/MediaBox \[0 0 226\.77/);
  });

  it("keeps SUNAT's CDR in its file row, recorded with the answer: no file beside it, served byte for byte", async () => {
    const row = await api.tenant.db.documentFile.findFirstOrThrow({
      where: { document: { externalId: issued.data.external_id }, kind: 'cdr' },
    });
    expect(row.data).not.toBeNull();
    const data = Buffer.from(row.data!);
    expect(data.length).toBe(row.size);
    expect(createHash('sha256').update(data).digest('hex')).toBe(row.sha256);
    expect(await api.ctx.app.platform.storage.exists(api.tenant.schema, row.storageKey)).toBe(false);
    const cdr = await api.get(`/downloads/document/cdr/${issued.data.external_id}`);
    expect(cdr.status).toBe(200);
    expect(cdr.body.equals(data)).toBe(true);
  });

  it('serves a CDR recorded before migration 0012 from its file in storage', async () => {
    const res = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    const doc = await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: res.json.data.external_id } });
    const where = { documentId_kind: { documentId: doc.id, kind: 'cdr' } };
    const row = await api.tenant.db.documentFile.findUniqueOrThrow({ where });
    // As an answer recorded by the earlier version left it: the bytes in storage, data NULL.
    await api.ctx.app.platform.storage.put(api.tenant.schema, row.storageKey, Buffer.from(row.data!));
    await api.tenant.db.documentFile.update({ where, data: { data: null } });
    const cdr = await api.get(`/downloads/document/cdr/${res.json.data.external_id}`);
    expect(cdr.status).toBe(200);
    expect(cdr.body.equals(Buffer.from(row.data!))).toBe(true);
    expect(unzipCdr(cdr.body).xml.toString('utf8')).toContain(
      `<cbc:ReferenceID>${res.json.data.number}</cbc:ReferenceID>`,
    );
  });

  it("answers 404 on another tenant's host, for unknown ids, and for a CDR that does not exist yet", async () => {
    expect((await api.get(pathOf(issued.links.xml), other)).status).toBe(404);
    expect((await api.get('/downloads/document/xml/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.get('/downloads/document/xml/not-a-uuid')).status).toBe(404);
    expect((await api.get(`/downloads/perception/xml/${issued.data.external_id}`)).status).toBe(404);
    const notSent = (await api.get('/api/documents/lists')).json.data.find((r: any) => r.state_type_id === '01');
    const cdr = await api.get(`/downloads/document/cdr/${notSent.external_id}`);
    expect(cdr.status).toBe(404);
    expect(cdr.json.code).toBe('cdr_not_available');
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and body, without a second document', async () => {
    const body = fixtureBody('02-not-sent.json');
    body.serie_documento = 'F200';
    const first = await api.post('/api/documents', body, { 'idempotency-key': 'order-1001' });
    const replay = await api.post('/api/documents', body, { 'idempotency-key': 'order-1001' });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json.data.external_id).toBe(first.json.data.external_id);
    expect(await api.tenant.db.document.count({ where: { serie: 'F200' } })).toBe(1);
  });

  it('replays the first answer byte for byte (key order and spacing included)', async () => {
    const body = fixtureBody('02-not-sent.json');
    body.serie_documento = 'F201';
    const send = () =>
      api.ctx.app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { ...api.tenant.headers, 'content-type': 'application/json', 'idempotency-key': 'order-bytes' },
        payload: JSON.stringify(body),
      });
    const first = await send();
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['content-type']).toContain('application/json');
    expect(replay.body).toBe(first.body);
  });

  it('answers 422 when the key is reused with another body, and 409 while the first request runs', async () => {
    const body = fixtureBody('02-not-sent.json');
    await api.post('/api/documents', body, { 'idempotency-key': 'order-2002' });
    const reused = await api.post(
      '/api/documents',
      { ...body, hora_de_emision: '09:00:00' },
      { 'idempotency-key': 'order-2002' },
    );
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_key_reused');

    await api.tenant.db.idempotencyKey.create({
      data: { key: 'order-3003', fingerprint: 'x'.repeat(64), status: 'in_flight' },
    });
    const running = await api.post('/api/documents', body, { 'idempotency-key': 'order-3003' });
    expect([409, 422]).toContain(running.status);
  });

  it("answers a retry with the document its first request stored when the COMMIT's answer was lost, never a second one", async () => {
    const body = fixtureBody('02-not-sent.json');
    body.serie_documento = 'F202';
    const pool = api.ctx.db.pool;
    const connect = pool.connect.bind(pool);
    let cut = 0;
    // The connection dies as PostgreSQL answers the COMMIT: the document is committed, the API never learns it.
    const lost = () => new Error('Connection terminated unexpectedly');
    const wrap = (client: pg.PoolClient) => {
      const query = client.query;
      client.query = function (this: typeof client, arg: unknown, ...rest: unknown[]) {
        const sent = arg as { constructor?: { name?: string }; callback?: (e: Error | null, r?: unknown) => void };
        if (cut === 0 && sent?.constructor?.name === 'StatementThenCommit') {
          cut += 1;
          const callback = sent.callback!;
          sent.callback = (error) => callback(error ?? lost());
        } else if (cut === 0 && arg === 'COMMIT') {
          cut += 1;
          const committed = (query as (...a: unknown[]) => Promise<unknown>).call(this, arg, ...rest);
          return committed.then(() => Promise.reject(lost()));
        }
        return (query as (...a: unknown[]) => unknown).call(this, arg, ...rest);
      } as typeof client.query;
      const release = client.release.bind(client);
      client.release = ((error?: Error | boolean) => {
        client.query = query;
        return release(error);
      }) as typeof client.release;
      return client;
    };
    // pool.query checks out with a callback, the pipeline with a promise: both get the wrapped client.
    pool.connect = ((callback?: (e: Error | undefined, c?: pg.PoolClient, done?: unknown) => void) => {
      if (!callback) return connect().then(wrap);
      return connect((error, client, done) => callback(error, client && wrap(client), done));
    }) as typeof pool.connect;
    let first;
    try {
      first = await api.post('/api/documents', body, { 'idempotency-key': 'order-5005' });
    } finally {
      pool.connect = connect;
    }
    expect(cut).toBe(1);
    expect(first.status).toBe(503);
    expect(first.json.code).toBe('database_unavailable');
    const stored = await api.tenant.db.document.findMany({ where: { serie: 'F202' } });
    expect(stored).toHaveLength(1);
    const key = await api.tenant.db.idempotencyKey.findUniqueOrThrow({ where: { key: 'order-5005' } });
    expect(key).toMatchObject({ status: 'in_flight', documentExternalId: stored[0].externalId });

    const retry = await api.post('/api/documents', body, { 'idempotency-key': 'order-5005' });
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json.data.external_id).toBe(stored[0].externalId);
    expect(retry.json.data.number).toBe(`F202-${stored[0].number}`);
    expect(await api.tenant.db.document.count({ where: { serie: 'F202' } })).toBe(1);
    // Its XML, never written by the first request, is made again on the way out.
    expect((await api.get(`/downloads/document/xml/${stored[0].externalId}`)).status).toBe(200);
    const again = await api.post('/api/documents', body, { 'idempotency-key': 'order-5005' });
    expect(again.json.data.external_id).toBe(stored[0].externalId);
    expect(await api.tenant.db.document.count({ where: { serie: 'F202' } })).toBe(1);
  });

  it("releases a failed request's key even when the database refused the first release (no 409 for minutes)", async () => {
    const body = fixtureBody('02-not-sent.json');
    const db = api.tenant.db;
    const execute = db.$executeRawUnsafe.bind(db);
    let refused = 0;
    // The database is gone for the release, as it usually is when it failed the request itself.
    db.$executeRawUnsafe = ((sql: string, ...values: unknown[]) => {
      if (refused === 0 && /^DELETE FROM .*idempotency_keys/.test(sql)) {
        refused += 1;
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      }
      return execute(sql, ...values);
    }) as typeof db.$executeRawUnsafe;
    try {
      const bad = await api.post(
        '/api/documents',
        { ...body, serie_documento: 'X001' },
        { 'idempotency-key': 'order-6006' },
      );
      expect(bad.status).toBe(422);
      expect(refused).toBe(1);
      expect(await db.idempotencyKey.count({ where: { key: 'order-6006' } })).toBe(1);
      // Released in the background a second later.
      const deadline = Date.now() + 5_000;
      while ((await db.idempotencyKey.count({ where: { key: 'order-6006' } })) > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(await db.idempotencyKey.count({ where: { key: 'order-6006' } })).toBe(0);
    } finally {
      db.$executeRawUnsafe = execute;
    }
    const good = await api.post('/api/documents', body, { 'idempotency-key': 'order-6006' });
    expect(good.status).toBe(200);
  });

  it('releases the key after a 422 so the corrected body can use it', async () => {
    const body = fixtureBody('02-not-sent.json');
    const bad = await api.post(
      '/api/documents',
      { ...body, serie_documento: 'X001' },
      { 'idempotency-key': 'order-4004' },
    );
    expect(bad.status).toBe(422);
    const good = await api.post('/api/documents', body, { 'idempotency-key': 'order-4004' });
    expect(good.status).toBe(200);
  });
});

describe('the tenant wall', () => {
  it("refuses another tenant's token with 401 and shows nothing of this tenant to the other", async () => {
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: '/api/documents/lists',
      headers: { host: api.tenant.hostname, authorization: other.headers.authorization },
    });
    expect(res.statusCode).toBe(401);
    const own = await api.get('/api/documents/lists', other);
    expect(own.json.data).toEqual([]);
    const send = await api.post('/api/documents/send', { external_id: issued.data.external_id }, {}, other);
    expect(send.status).toBe(404);
  });
});

describe('the Swagger UI', () => {
  it('documents the documents and perceptions endpoints with a request example per scenario', async () => {
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: '/documentation/json',
      headers: { host: api.tenant.hostname },
    });
    const doc = res.json();
    const media = doc.paths['/api/documents'].post.requestBody.content['application/json'];
    expect(Object.keys(media.examples)).toEqual(
      expect.arrayContaining(['01-taxed', '25-boleta', '26-credit-note', '27-debit-note', '13-detraction']),
    );
    // The files of examples/, as they are: no issue date (the server uses today's), every scenario.
    expect(media.examples['01-taxed'].value).not.toHaveProperty('fecha_de_emision');
    expect(Object.keys(media.examples)).toHaveLength(32);
    expect(Object.keys(doc.paths['/api/perceptions'].post.requestBody.content['application/json'].examples)).toEqual([
      '01-pen',
      '02-usd',
      '03-fuel',
      '04-special-rate',
    ]);
    for (const path of [
      '/api/documents/send',
      '/api/documents/updatedocumentstatus',
      '/api/documents/lists/{inicio}/{fin}',
      '/downloads/{segment}/{file}/{externalId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('the examples are accepted as they are', async () => {
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: '/documentation/json',
      headers: { host: api.tenant.hostname },
    });
    const examples = res.json().paths['/api/documents'].post.requestBody.content['application/json'].examples;
    const issued = await api.post('/api/documents', examples['19-credit-payment'].value);
    expect(issued.status).toBe(200);
  });
});
