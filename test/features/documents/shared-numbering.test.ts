// Group commit of "#" (src/pipeline/numbering-queue.ts): the requests of one series that arrive while its numbering
// transaction runs share the next one. Whatever shares a transaction, each document gets its own consecutive
// number, is stored whole, and a document that fails takes no number and no other document with it.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LAST_NUMBER, SeriesExhausted, type NewDocument } from '../../../src/pipeline/insert.ts';
import {
  buildsAhead,
  insertNumberedInTurn,
  keptConnection,
  numberingTotals,
} from '../../../src/pipeline/numbering-queue.ts';
import { quoteIdent } from '../../../src/platform/db/schema-name.ts';
import { testDatabaseKind } from '../../helpers/db.ts';
import { fixtureBody, othersTakeNumbersAt, pathOf, useApi } from './helpers.ts';

const METRICS_TOKEN = 'metricas-de-prueba-0123456789';
const api = useApi({ env: { METRICS_TOKEN } });

/** A minimal document row for `number` of `serie` (what issue.ts builds, without the XML behind it). */
function row(serie: string, number: number, customerDocNumber = '20100070970'): NewDocument {
  return {
    externalId: randomUUID(),
    documentType: '01',
    serie,
    number,
    filename: `${api.tenant.ruc}-01-${serie}-${number}`,
    columns: {
      issueDate: '2026-11-24',
      issueTime: '10:00:00',
      customerDocType: '6',
      customerDocNumber,
      customerName: 'CLIENTE',
      currency: 'PEN',
      totalTaxed: '100.00',
      totalIgv: '18.00',
      total: '118.00',
    },
    lines: [
      {
        lineNumber: 1,
        description: 'ITEM',
        unitCode: 'NIU',
        quantity: '1',
        unitValue: '100',
        unitPrice: '118',
        igvAffectationType: '10',
        totalValue: '100.00',
        totalIgv: '18.00',
        totalTaxes: '18.00',
        total: '118.00',
      },
    ],
    hash: 'hash',
    qrText: null,
    fingerprint: 'f'.repeat(64),
    payload: { serie_documento: serie },
    computed: {},
    issuer: { ruc: api.tenant.ruc, razonSocial: 'EMPRESA', address: {} } as NewDocument['issuer'],
    leaseUntil: null,
    xmlFile: { storageKey: `${serie}-${number}.xml`, sha256: 'a'.repeat(64), size: 1 },
    actor: 'test',
  };
}

/** Five "#" on `serie` at once; the third build is `third` (the others build plain rows). */
function fiveAtOnce(serie: string, third: (number: number) => NewDocument) {
  return Promise.allSettled(
    [0, 1, 2, 3, 4].map((i) =>
      insertNumberedInTurn(
        api.ctx.db.pool,
        api.tenant.schema,
        { documentType: '01', serie, explicitNumber: null, requireRegistered: false },
        async (n) => (i === 2 ? third(n) : row(serie, n)),
        null,
      ),
    ),
  );
}

async function seriesState(serie: string) {
  const s = quoteIdent(api.tenant.schema);
  const { rows: counter } = await api.ctx.db.pool.query(
    `SELECT last_number FROM ${s}."series" WHERE document_type = '01' AND serie = $1`,
    [serie],
  );
  const { rows: docs } = await api.ctx.db.pool.query(
    `SELECT d.number,
            (SELECT count(*)::int FROM ${s}."document_lines" l WHERE l.document_id = d.id) AS lines,
            (SELECT count(*)::int FROM ${s}."document_files" f WHERE f.document_id = d.id AND f.kind = 'xml') AS files,
            (SELECT count(*)::int FROM ${s}."document_state_history" h WHERE h.document_id = d.id) AS history
       FROM ${s}."documents" d WHERE d.document_type = '01' AND d.serie = $1 ORDER BY d.number`,
    [serie],
  );
  return { last: counter[0]?.last_number as number | undefined, docs };
}

describe('"#" requests of one series sharing a transaction', () => {
  it('100 at once: consecutive numbers, each document whole with its own signed XML, fewer commits than documents', async () => {
    const before = { ...numberingTotals };
    const aheadBefore = { ...buildsAhead };
    const body: Record<string, any> = { ...fixtureBody('02-not-sent.json'), serie_documento: 'F311' };
    const results = await Promise.all(Array.from({ length: 100 }, () => api.post('/api/documents', body)));
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const numbers = results.map((r) => Number(r.json.data.number.split('-')[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(numberingTotals.items - before.items).toBe(100);
    expect(numberingTotals.statements - before.statements).toBeLessThan(100);

    const state = await seriesState('F311');
    expect(state.last).toBe(100);
    const lineCount = body.items.length;
    expect(state.docs.every((d) => d.lines === lineCount && d.files === 1 && d.history === 1)).toBe(true);
    // Each XML carries the number its document was given, and the hash the answer gave — those built ahead of
    // their number included.
    expect(buildsAhead.used - aheadBefore.used).toBeGreaterThan(0);
    for (const r of results) {
      const xml = (await api.get(pathOf(r.json.links.xml))).body.toString();
      expect(xml).toContain(`<cbc:ID>${r.json.data.number}</cbc:ID>`);
      expect(xml).toContain(r.json.data.hash);
    }
  });

  it('a document whose build fails takes no number: the others keep consecutive numbers', async () => {
    const settled = await fiveAtOnce('F312', () => {
      throw new Error('build failed');
    });
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const numbers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.number] : []));
    expect(numbers).toEqual([1, 2, 3, 4]);
    const state = await seriesState('F312');
    expect(state.last).toBe(4);
    expect(state.docs.map((d) => d.number)).toEqual([1, 2, 3, 4]);
  });

  it('builds of one transaction run side by side, and a failed one rolls back only after the others have settled', async () => {
    // Each build is a document signed on the thread pool (issue.ts); here a build that takes 30 ms, but the third
    // fails at once. Were the group to roll back and retry on that first failure, a build of the first attempt
    // would still be running when its document is built again alone.
    const events: string[] = [];
    const settled = await Promise.allSettled(
      [0, 1, 2, 3, 4].map((i) =>
        insertNumberedInTurn(
          api.ctx.db.pool,
          api.tenant.schema,
          { documentType: '01', serie: 'F315', explicitNumber: null, requireRegistered: false },
          async (n) => {
            events.push(`start ${i}`);
            if (i === 2) throw new Error('build failed');
            await new Promise((resolve) => setTimeout(resolve, 30));
            events.push(`end ${i}`);
            return row('F315', n);
          },
          null,
        ),
      ),
    );
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((await seriesState('F315')).docs.map((d) => d.number)).toEqual([1, 2, 3, 4]);

    let inFlight = 0;
    let mostInFlight = 0;
    const started = new Set<string>();
    for (const [k, event] of events.entries()) {
      const [what, item] = event.split(' ');
      if (what === 'end') inFlight -= 1;
      else if (item !== '2') inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      if (what === 'start' && started.has(item)) {
        // A retry: every build begun before it has ended.
        const before = events.slice(0, k);
        const begun = before.filter((e) => e.startsWith('start') && e !== 'start 2').length;
        expect(before.filter((e) => e.startsWith('end')).length).toBe(begun);
      }
      if (what === 'start') started.add(item);
    }
    expect(mostInFlight).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => e === 'start 1').length).toBe(2); // built in the group, then again alone
  });

  it('a row the database refuses fails alone, and nothing of it is stored', async () => {
    const settled = await fiveAtOnce('F313', (n) => row('F313', n, '9'.repeat(25))); // over varchar(20)
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const state = await seriesState('F313');
    expect(state.last).toBe(4);
    expect(state.docs.map((d) => d.number)).toEqual([1, 2, 3, 4]);
    expect(state.docs.every((d) => d.lines === 1 && d.files === 1 && d.history === 1)).toBe(true);
  });

  it('at the end of a series, the numbers left go to the first requests and the others are refused', async () => {
    await api.ctx.db.pool.query(
      `INSERT INTO ${quoteIdent(api.tenant.schema)}."series" (document_type, serie, last_number, registered)
       VALUES ('01', 'F314', $1, false)`,
      [LAST_NUMBER - 2],
    );
    const settled = await fiveAtOnce('F314', (n) => row('F314', n));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value.number : 'refused'))).toEqual([
      LAST_NUMBER - 1,
      LAST_NUMBER,
      'refused',
      'refused',
      'refused',
    ]);
    for (const s of settled.slice(2)) expect((s as PromiseRejectedResult).reason).toBeInstanceOf(SeriesExhausted);
    expect((await seriesState('F314')).last).toBe(LAST_NUMBER);
  });
});

describe('"#" requests built ahead of their number', () => {
  /** `count` "#" on `serie` at once; each build records the number it was called with in the row's hash. */
  function many(serie: string, count: number, onBuild: (n: number) => void = () => {}) {
    const built: number[] = [];
    const all = Promise.all(
      Array.from({ length: count }, () =>
        insertNumberedInTurn(
          api.ctx.db.pool,
          api.tenant.schema,
          { documentType: '01', serie, explicitNumber: null, requireRegistered: false },
          async (n) => {
            built.push(n);
            onBuild(n);
            await new Promise((resolve) => setTimeout(resolve, 1));
            return { ...row(serie, n), hash: `built for ${n}` };
          },
          null,
        ),
      ),
    );
    return { all, built };
  }

  async function storedHashes(serie: string) {
    const { rows } = await api.ctx.db.pool.query<{ number: number; hash: string }>(
      `SELECT number, hash FROM ${quoteIdent(api.tenant.schema)}."documents"
        WHERE document_type = '01' AND serie = $1 ORDER BY number`,
      [serie],
    );
    return rows;
  }

  it('a busy series builds its waiting documents ahead, and each is stored from the build for its own number', async () => {
    const before = { ...buildsAhead };
    const pool = api.ctx.db.pool;
    const checkedOut = () => pool.totalCount - pool.idleCount;
    const outBefore = checkedOut();
    const { all, built } = many('F316', 200);
    const results = await all;
    // The connection the series kept between its transactions is back in the pool once its queue is empty.
    expect(checkedOut()).toBe(outBefore);
    expect(results.map((r) => r.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    for (const r of results) expect(r.row.hash).toBe(`built for ${r.number}`);
    const stored = await storedHashes('F316');
    expect(stored.map((d) => d.hash)).toEqual(stored.map((d) => `built for ${d.number}`));
    expect(buildsAhead.used - before.used).toBeGreaterThan(50);
    // Nobody else took numbers: every guess held, nothing was built twice.
    expect(buildsAhead.started - before.started).toBe(buildsAhead.used - before.used);
    expect(built.length).toBe(200);
  });

  it('numbers taken meanwhile by someone else: the guesses are dropped and each document is built again with its own', async () => {
    const before = { ...buildsAhead };
    let bumped: Promise<pg.QueryResult<{ last_number: number }>> | null = null;
    // Another process takes 5 numbers of the series once document 60 is built (ahead of its number, or in its
    // transaction: then the UPDATE waits for that commit; not awaited there), so the documents waiting at that
    // moment get numbers 5 higher than guessed.
    const { all, built } = many('F317', 200, (n) => {
      if (n === 60 && !bumped)
        bumped = api.ctx.db.pool.query(
          `UPDATE ${quoteIdent(api.tenant.schema)}."series" SET last_number = last_number + 5
            WHERE document_type = '01' AND serie = 'F317' RETURNING last_number`,
        );
    });
    const results = await all;
    const taken = (await bumped!).rows[0].last_number;
    // Exactly the other process's 5 numbers are missing: every document has a number the queue took.
    const numbers = results.map((r) => r.number).sort((a, b) => a - b);
    const others = [taken - 4, taken - 3, taken - 2, taken - 1, taken];
    expect(numbers).toEqual(Array.from({ length: 205 }, (_, i) => i + 1).filter((n) => !others.includes(n)));
    for (const r of results) expect(r.row.hash).toBe(`built for ${r.number}`);
    const stored = await storedHashes('F317');
    expect(stored).toHaveLength(200);
    expect(stored.map((d) => d.hash)).toEqual(stored.map((d) => `built for ${d.number}`));
    const dropped = buildsAhead.started - before.started - (buildsAhead.used - before.used);
    expect(dropped).toBeGreaterThan(0);
    expect(built.length).toBe(200 + dropped);
  });

  it('a row the database refuses among documents built ahead fails alone; the others keep consecutive numbers', async () => {
    // The 100th request's row breaks a column's length: its guessed statement stores nothing, and the requests go
    // the usual way, where it fails alone.
    let calls = 0;
    const settled = await Promise.allSettled(
      Array.from({ length: 150 }, (_, i) =>
        insertNumberedInTurn(
          api.ctx.db.pool,
          api.tenant.schema,
          { documentType: '01', serie: 'F319', explicitNumber: null, requireRegistered: false },
          async (n) => {
            calls += 1;
            await new Promise((resolve) => setTimeout(resolve, 1));
            return i === 99 ? row('F319', n, '9'.repeat(25)) : row('F319', n);
          },
          null,
        ),
      ),
    );
    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(1);
    expect(settled[99].status).toBe('rejected');
    const numbers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.number] : []));
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 149 }, (_, i) => i + 1));
    const state = await seriesState('F319');
    expect(state.last).toBe(149);
    expect(state.docs.map((d) => d.number)).toEqual(numbers);
    expect(calls).toBeGreaterThan(150); // some were built ahead, then again
  });

  it('through the API with Idempotency-Keys and e-mails: each stored with its document, whichever way it was numbered', async () => {
    const body: Record<string, any> = { ...fixtureBody('02-not-sent.json'), serie_documento: 'F320' };
    const withMail = {
      ...body,
      datos_del_cliente_o_receptor: { ...body.datos_del_cliente_o_receptor, correo_electronico: 'lote@cliente.pe' },
      acciones: { ...body.acciones, enviar_email: true },
    };
    const smtp = (method: 'PUT' | 'DELETE') =>
      api.ctx.app.inject({
        method,
        url: '/api/company/smtp',
        headers: { ...api.tenant.headers, 'content-type': 'application/json' },
        payload:
          method === 'PUT' ? { host: '127.0.0.1', port: 2525, secure: false, remitente: 'f@empresa.pe' } : undefined,
      });
    expect((await smtp('PUT')).statusCode).toBe(200); // the e-mails are queued, not delivered, in this test
    onTestFinished(async () => {
      await smtp('DELETE');
    });
    const before = { ...buildsAhead };
    const send = (i: number) =>
      api.post('/api/documents', i % 2 ? withMail : body, { 'idempotency-key': `lote-f320-${i}` });
    const first = await Promise.all(Array.from({ length: 120 }, (_, i) => send(i)));
    expect(first.map((r) => r.status)).toEqual(Array(120).fill(200));
    expect(buildsAhead.used - before.used).toBeGreaterThan(0);
    const replays = await Promise.all(Array.from({ length: 120 }, (_, i) => send(i)));
    expect(replays.map((r) => r.json.data.external_id)).toEqual(first.map((r) => r.json.data.external_id));
    expect(replays.every((r) => r.headers['idempotent-replayed'] === 'true')).toBe(true);
    const s = quoteIdent(api.tenant.schema);
    const { rows } = await api.ctx.db.pool.query<{ mails: number; keys: number }>(
      `SELECT (SELECT count(*)::int FROM ${s}."email_outbox" o JOIN ${s}."documents" d ON d.id = o.document_id
                WHERE d.serie = 'F320') AS mails,
              (SELECT count(*)::int FROM ${s}."idempotency_keys" k JOIN ${s}."documents" d
                ON d.external_id = k.document_external_id WHERE d.serie = 'F320') AS keys`,
    );
    expect(rows[0]).toEqual({ mails: 60, keys: 120 });
  });

  it('through the API, guesses dropped midway: every signed XML carries the number and digest its answer gave', async () => {
    // Another taker inside the transaction that stores document 60: the series moves 5 further at its commit, so
    // the documents built ahead behind it had guessed wrong.
    const removeTrigger = await othersTakeNumbersAt(api, 'F318', 60, 5);
    try {
      const before = { ...buildsAhead };
      const body: Record<string, any> = { ...fixtureBody('02-not-sent.json'), serie_documento: 'F318' };
      const results = await Promise.all(Array.from({ length: 150 }, () => api.post('/api/documents', body)));
      expect(results.map((r) => r.status)).toEqual(Array(150).fill(200));
      const numbers = results.map((r) => Number(r.json.data.number.split('-')[1])).sort((a, b) => a - b);
      const missing = Array.from({ length: 155 }, (_, i) => i + 1).filter((n) => !numbers.includes(n));
      expect(missing).toHaveLength(5);
      expect(missing[0]).toBeGreaterThan(60);
      expect(missing).toEqual([0, 1, 2, 3, 4].map((k) => missing[0] + k));
      expect(buildsAhead.started - before.started).toBeGreaterThan(buildsAhead.used - before.used);
      // /metrics counts them: the builds that guessed their number, and those dropped.
      const metrics = await api.ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { host: 'api.example', authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.body).toContain(`facturo_numbering_builds_ahead_total{outcome="used"} ${buildsAhead.used}`);
      expect(metrics.body).toContain(
        `facturo_numbering_builds_ahead_total{outcome="dropped"} ${buildsAhead.started - buildsAhead.used}`,
      );
      for (const r of results) {
        const xml = (await api.get(pathOf(r.json.links.xml))).body.toString();
        expect(xml).toContain(`<cbc:ID>${r.json.data.number}</cbc:ID>`);
        expect(xml).toContain(r.json.data.hash);
      }
    } finally {
      await removeTrigger();
    }
  });

  // A server's sessions only: the embedded database serves its connections from one session it never terminates.
  it.skipIf(testDatabaseKind() !== 'postgresql')(
    'a connection kept between transactions that dies while it waits is dropped: the next one gets a sound one',
    async () => {
      const pool = api.ctx.db.pool;
      const checkedOut = () => pool.totalCount - pool.idleCount;
      const outBefore = checkedOut();
      const connections = keptConnection(pool);
      const client = await connections.connect();
      connections.release(client); // kept for the series' next transaction
      const died = new Promise((resolve) => client.once('error', resolve));
      await pool.query('SELECT pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID]);
      await died;
      const next = await connections.connect();
      expect(next).not.toBe(client);
      expect((await next.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      connections.release(next);
      connections.close();
      expect(checkedOut()).toBe(outBefore);
    },
  );
});
