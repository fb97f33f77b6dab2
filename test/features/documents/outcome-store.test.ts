// SUNAT's answers stored together (src/pipeline/outcome-store.ts): the answers of one tenant that arrive while its
// statement runs go in the next one, each whole (state, answer, CDR bytes, history); a statement PostgreSQL refuses
// changes nothing and each answer goes again alone, so only the bad one fails.
import { describe, expect, it } from 'vitest';
import { type OutcomeRow, outcomeTotals, storeOutcome } from '../../../src/pipeline/outcome-store.ts';
import { fixtureBody, useApi } from './helpers.ts';

const METRICS_TOKEN = 'metricas-de-prueba-0123456789';
const api = useApi({ env: { METRICS_TOKEN } });

/** Documents stored and not sent: state 01, no answer yet. */
async function unsent(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await api.post('/api/documents', fixtureBody('02-not-sent.json'));
    expect(res.status).toBe(200);
    ids.push((await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: res.json.data.external_id } })).id);
  }
  return ids;
}

function accepted(id: number): OutcomeRow {
  const zip = Buffer.from(`CDR of ${id}`);
  return {
    id,
    state: '05',
    response: JSON.stringify({ code: '0', description: `La Factura ${id} ha sido aceptada`, notes: [] }),
    attempts: 1,
    retryAt: null,
    lastError: null,
    cdr: { key: `cdr/R-${id}.zip`, sha: 'a'.repeat(64), size: zip.length, zip },
    actor: 'user:test',
    reason: `0 La Factura ${id} ha sido aceptada`,
    historic: true,
    hold: null,
    uncertain: false,
  };
}

async function expectAccepted(id: number) {
  const doc = await api.tenant.db.document.findUniqueOrThrow({
    where: { id },
    include: { history: { orderBy: { id: 'asc' } }, files: true },
  });
  expect(doc.stateTypeId).toBe('05');
  expect(doc.sunatResponse).toMatchObject({ code: '0', description: `La Factura ${id} ha sido aceptada` });
  expect(doc.hasCdr).toBe(true);
  expect(doc.lockedUntil).toBeNull();
  const cdr = doc.files.find((f) => f.kind === 'cdr')!;
  expect(Buffer.from(cdr.data!).toString()).toBe(`CDR of ${id}`);
  expect(doc.history.map((h) => [h.fromState, h.toState, h.actor, h.reason])).toEqual([
    [null, '01', expect.any(String), 'Registrado'],
    ['01', '05', 'user:test', `0 La Factura ${id} ha sido aceptada`],
  ]);
}

const store = (row: OutcomeRow) => storeOutcome(api.ctx.db.pool, api.tenant.schema, row);

describe('answers stored together', () => {
  it('stores the answers that wait for a running statement in one more statement, each whole', async () => {
    const ids = await unsent(6);
    const before = { ...outcomeTotals };
    // The first finds the queue idle and goes alone; the other five wait for it and go together.
    await Promise.all(ids.map((id) => store(accepted(id))));
    expect(outcomeTotals.items - before.items).toBe(6);
    expect(outcomeTotals.statements - before.statements).toBe(2);
    for (const id of ids) await expectAccepted(id);
    const metrics = await api.ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { host: 'api.example', authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain(
      `facturo_group_commit_statements_total{queue="outcomes"} ${outcomeTotals.statements}`,
    );
    expect(metrics.body).toContain(`facturo_group_commit_items_total{queue="outcomes"} ${outcomeTotals.items}`);
  });

  it('a statement PostgreSQL refuses changes nothing: each answer goes again alone and only the bad one fails', async () => {
    const ids = await unsent(4);
    const bad = { ...accepted(ids[2]), response: '{not json' };
    const results = await Promise.allSettled(ids.map((id) => store(id === ids[2] ? bad : accepted(id))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    for (const id of [ids[0], ids[1], ids[3]]) await expectAccepted(id);
    const refused = await api.tenant.db.document.findUniqueOrThrow({ where: { id: ids[2] }, include: { files: true } });
    expect(refused.stateTypeId).toBe('01');
    expect(refused.files.map((f) => f.kind)).toEqual(['xml']);
  });

  it('carries an answer that is not final in a batch: its retry time and error, no CDR, no history entry', async () => {
    const [first, second, pending] = await unsent(3);
    const retryAt = new Date(Date.now() + 40_000);
    const unknown: OutcomeRow = {
      ...accepted(pending),
      state: '01',
      response: JSON.stringify({ code: 'TIMEOUT', description: 'SUNAT no respondió', notes: [] }),
      attempts: 3,
      retryAt,
      lastError: 'TIMEOUT SUNAT no respondió',
      cdr: null,
      historic: false,
      uncertain: true,
    };
    await Promise.all([store(accepted(first)), store(accepted(second)), store(unknown)]);
    await expectAccepted(first);
    await expectAccepted(second);
    const doc = await api.tenant.db.document.findUniqueOrThrow({
      where: { id: pending },
      include: { history: true, files: true },
    });
    expect(doc).toMatchObject({ stateTypeId: '01', sendAttempts: 3, sendUncertain: true, hasCdr: false });
    expect(doc.lastError).toBe('TIMEOUT SUNAT no respondió');
    expect(doc.nextAttemptAt!.getTime()).toBe(retryAt.getTime());
    expect(doc.files.map((f) => f.kind)).toEqual(['xml']);
    expect(doc.history.map((h) => h.toState)).toEqual(['01']);
  });

  it('one document twice in a batch goes in turn, the later answer last', async () => {
    const [first, id] = await unsent(2);
    const observed = { ...accepted(id), state: '07', reason: '0 observada' };
    await Promise.all([store(accepted(first)), store(observed), store(accepted(id))]);
    await expectAccepted(first);
    const doc = await api.tenant.db.document.findUniqueOrThrow({
      where: { id },
      include: { history: { orderBy: { id: 'asc' } } },
    });
    expect(doc.stateTypeId).toBe('05');
    expect(doc.history.map((h) => h.toState)).toEqual(['01', '07', '05']);
  });
});
