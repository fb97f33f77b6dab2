// Every file of examples/ is accepted as it is, over HTTP, by the in-process SUNAT simulator — today and as if it
// were a year later (nothing in them rots) — and examples/README.md lists exactly the files there are.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { daysBetween } from '../../src/core/invoice/context.ts';
import { EXAMPLES_DIR, exampleFiles, exampleTitles } from '../../src/api/examples.ts';
import { limaToday } from '../../src/pipeline/deps.ts';
import { createTestApp, type TestApp, type TestTenant } from '../helpers/app.ts';

const ROUTES = {
  invoices: '/api/documents',
  perceptions: '/api/perceptions',
  retentions: '/api/retentions',
  'purchase-settlements': '/api/purchase-settlements',
} as const;
type Folder = keyof typeof ROUTES;
const FOLDERS = Object.keys(ROUTES) as Folder[];

const readme = readFileSync(new URL('README.md', EXAMPLES_DIR), 'utf8');

/** The README's table: file → whether it says the example is sent on issue ("yes") or later ("no: …"). */
function sentColumn(): Map<string, boolean> {
  const rows = new Map<string, boolean>();
  for (const line of readme.split('\n')) {
    const cells = /^\|\s*\[([^\]]+\.json)\]\([^)]*\)\s*\|[^|]*\|[^|]*\|\s*([^|]+?)\s*\|$/.exec(line);
    if (cells) rows.set(cells[1], cells[2] === 'yes');
  }
  return rows;
}

/** Bodies kept in examples/ whose routes this test does not post to: the dispatch guides, which SUNAT answers by
 *  ticket, are posted and followed to acceptance by test/features/dispatches/dispatches.test.ts. */
const UNPOSTED = ['dispatches'] as const;
const unposted = UNPOSTED.flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, EXAMPLES_DIR))
    .filter((f) => f.endsWith('.json'))
    .map((file) => `${folder}/${file}`),
);

const examples = FOLDERS.flatMap((folder) =>
  exampleFiles(folder).map((file) => ({ folder, file, path: `${folder}/${file}` })),
);
const sent = sentColumn();

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
  // The in-process SUNAT simulator answers on the app's own port.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});

async function post(tenant: TestTenant, url: string, payload: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...tenant.headers, 'content-type': 'application/json' },
    payload,
  });
  return { status: res.statusCode, json: res.json() };
}

/** Posts an example exactly as `curl -d @examples/…` does and follows it to SUNAT's acceptance. */
async function issueAccepted(tenant: TestTenant, folder: Folder, file: string): Promise<string> {
  const body = readFileSync(new URL(`${folder}/${file}`, EXAMPLES_DIR), 'utf8').replace(/[\r\n]/g, '');
  const issued = await post(tenant, ROUTES[folder], body);
  expect(issued.status, JSON.stringify(issued.json)).toBe(200);
  const { data, response } = issued.json;
  if (sent.get(`${folder}/${file}`)) {
    expect(data.state_type_id, JSON.stringify(response)).toBe('05');
    expect(response.code).toBe('0');
    return data.external_id;
  }
  expect(data.state_type_id).toBe('01');
  expect(response).toEqual([]);
  const later = await post(tenant, `${ROUTES[folder]}/send`, JSON.stringify({ external_id: data.external_id }));
  expect(later.status, JSON.stringify(later.json)).toBe(200);
  expect(later.json.data.state_type_id).toBe('05');
  return data.external_id;
}

async function issueDateOf(tenant: TestTenant, externalId: string): Promise<string> {
  const row = await tenant.db.document.findUniqueOrThrow({ where: { externalId }, select: { issueDate: true } });
  return row.issueDate.toISOString().slice(0, 10);
}

describe('examples/README.md', () => {
  it('lists every example file, and no file that does not exist', () => {
    const onDisk = [...examples.map((e) => e.path), ...unposted].sort();
    expect([...exampleTitles(readme).keys()].sort()).toEqual(onDisk);
    expect([...sent.keys()].sort()).toEqual(onDisk);
  });

  it('holds only JSON examples and this README', () => {
    expect(readdirSync(EXAMPLES_DIR).sort()).toEqual(['README.md', ...FOLDERS, ...UNPOSTED].sort());
    for (const folder of [...FOLDERS, ...UNPOSTED])
      expect(readdirSync(new URL(`${folder}/`, EXAMPLES_DIR)).every((f) => f.endsWith('.json'))).toBe(true);
  });

  it('has every invoice scenario, the boleta, both notes, the four perceptions, the three retentions and the three purchase settlements', () => {
    expect(exampleFiles('invoices').map((f) => f.slice(0, 2))).toEqual(
      Array.from({ length: 32 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
    expect(exampleFiles('perceptions')).toHaveLength(4);
    expect(exampleFiles('retentions')).toHaveLength(3);
    expect(exampleFiles('purchase-settlements')).toHaveLength(3);
  });
});

describe('every example, posted as it is today', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await ctx.provisionTenant();
  });

  for (const { folder, file, path } of examples) {
    it(`${path} is accepted`, async () => {
      const externalId = await issueAccepted(tenant, folder, file);
      expect(await issueDateOf(tenant, externalId)).toBe(limaToday());
    });
  }

  it('06-contingency posted again is the same document', async () => {
    const again = await post(
      tenant,
      ROUTES.invoices,
      readFileSync(new URL('invoices/06-contingency.json', EXAMPLES_DIR), 'utf8'),
    );
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ number: '0001-158', state_type_id: '05', was_duplicate: true });
  });
});

describe('every example, posted a year from now', () => {
  const YEAR_MS = 366 * 86_400_000;
  let tenant: TestTenant;
  let realToday: string;
  let expectedToday: string;
  beforeAll(async () => {
    realToday = limaToday();
    // Only Date moves: the app's "today" (and the simulator's) is read from it; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + YEAR_MS);
    expectedToday = limaToday();
    // Provisioned "then", so its generated certificate is valid then.
    tenant = await ctx.provisionTenant();
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('moves the clock the app reads', () => {
    expect(daysBetween(realToday, expectedToday)).toBe(366);
  });

  for (const { folder, file, path } of examples) {
    it(`${path} is still accepted`, async () => {
      const externalId = await issueAccepted(tenant, folder, file);
      expect(await issueDateOf(tenant, externalId)).toBe(expectedToday);
    });
  }
});
