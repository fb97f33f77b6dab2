// Group commit of "#" (src/pipeline/numbering-queue.ts): the requests of one series that arrive while its numbering
// transaction runs share the next one. Whatever shares a transaction, each document gets its own consecutive
// number, is stored whole, and a document that fails takes no number and no other document with it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LAST_NUMBER, SeriesExhausted, type NewDocument } from '../../../src/pipeline/insert.ts';
import { insertNumberedInTurn, numberingTotals } from '../../../src/pipeline/numbering-queue.ts';
import { quoteIdent } from '../../../src/platform/db/schema-name.ts';
import { fixtureBody, pathOf, useApi } from './helpers.ts';

const api = useApi();

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
    // Each XML carries the number its document was given, and the hash the answer gave.
    for (const r of results.slice(0, 10)) {
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
