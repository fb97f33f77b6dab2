// Runs mutation cases (bench/hostile.ts) against a server and judges the answers and the database:
//  - no answer ≥ 500 and no dropped connection;
//  - every 4xx is the error envelope { success: false, code, message, errors } (a clear refusal);
//  - nothing written by a refused body: the rows of the fuzz's world grow exactly by the accepted answers, and every
//    series counter equals its highest document number (a refused "#" that consumed a number would break it).
// Used by `npm run drill` (over HTTP, two API processes) and by test/features/hostile-fuzz.test.ts (inject).
import { SETTINGS_SERIES, type FuzzAuth, type FuzzEndpoint, type FuzzWorld } from './hostile-endpoints.ts';
import type { FuzzCase } from './hostile.ts';

export interface FuzzAnswer {
  status: number;
  body: string;
}
export type FuzzSend = (c: FuzzCase, auth: FuzzAuth, seq: number) => Promise<FuzzAnswer>;

export interface Tally {
  cases: number;
  accepted: number;
  refused: number;
  failed: number;
}
export interface Finding {
  c: FuzzCase;
  status: number;
  body: string;
}

export interface FuzzReport {
  cases: number;
  ms: number;
  statuses: Map<number, number>;
  byClass: Map<string, Tally>;
  byEndpoint: Map<string, Tally>;
  /** ≥ 500 or no answer. */
  failures: Finding[];
  /** 4xx without the error envelope. */
  unclear: Finding[];
  /** 2xx answers that created something, by endpoint (duplicates of an existing document excluded). */
  created: Map<string, number>;
}

function tally(map: Map<string, Tally>, key: string, status: number): void {
  const t = map.get(key) ?? { cases: 0, accepted: 0, refused: 0, failed: 0 };
  t.cases += 1;
  if (status >= 200 && status < 300) t.accepted += 1;
  else if (status >= 400 && status < 500) t.refused += 1;
  else t.failed += 1;
  map.set(key, t);
}

function isEnvelope(body: string): boolean {
  try {
    const json = JSON.parse(body);
    return (
      json?.success === false &&
      typeof json.code === 'string' &&
      typeof json.message === 'string' &&
      json.message.length > 0 &&
      Array.isArray(json.errors)
    );
  } catch {
    return false;
  }
}

function createdSomething(_c: FuzzCase, status: number, body: string): boolean {
  if (status !== 200 && status !== 202) return false;
  try {
    return JSON.parse(body)?.data?.was_duplicate !== true;
  } catch {
    return true;
  }
}

export async function runFuzz(
  cases: FuzzCase[],
  endpoints: FuzzEndpoint[],
  send: FuzzSend,
  concurrency: number,
): Promise<FuzzReport> {
  const authOf = new Map(endpoints.map((e) => [e.target.name, e.auth]));
  const report: FuzzReport = {
    cases: cases.length,
    ms: 0,
    statuses: new Map(),
    byClass: new Map(),
    byEndpoint: new Map(),
    failures: [],
    unclear: [],
    created: new Map(),
  };
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < cases.length) {
      const seq = next;
      next += 1;
      const c = cases[seq];
      const answer = await send(c, authOf.get(c.endpoint)!, seq).catch((): FuzzAnswer => ({ status: 0, body: '' }));
      report.statuses.set(answer.status, (report.statuses.get(answer.status) ?? 0) + 1);
      tally(report.byClass, c.cls, answer.status);
      tally(report.byEndpoint, c.endpoint, answer.status);
      if ((answer.status >= 500 && !isBackPressure(answer)) || answer.status === 0)
        report.failures.push({ c, ...answer });
      else if (answer.status >= 400 && !isEnvelope(answer.body)) report.unclear.push({ c, ...answer });
      if (createdSomething(c, answer.status, answer.body))
        report.created.set(c.endpoint, (report.created.get(c.endpoint) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  report.ms = performance.now() - started;
  return report;
}

// ---------------------------------------------------------------------------------------------------------------
// What the fuzz's world holds, before and after.

interface Queryable {
  query<R extends Record<string, any>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

export interface Ledger {
  documents: number;
  /** `type serie` → its counter and its highest document number. */
  series: Map<string, { last: number; max: number | null }>;
  messages: number;
  tenants: number;
  partners: number;
  sessions: number;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function readLedger(
  db: Queryable,
  schema: string,
  w: FuzzWorld,
  adminUserId: number,
  tenantId: number,
): Promise<Ledger> {
  const s = quote(schema);
  const series = await db.query<{ key: string; last: number; max: number | null }>(
    `SELECT s.document_type || ' ' || s.serie AS key, s.last_number AS last,
            (SELECT max(d.number) FROM ${s}."documents" d WHERE d.document_type = s.document_type AND d.serie = s.serie) AS max
     FROM ${s}."series" s`,
  );
  const {
    rows: [counts],
  } = await db.query<{ documents: number; messages: number; tenants: number; partners: number; sessions: number }>(
    `SELECT (SELECT count(*) FROM ${s}."documents")::int AS documents,
            (SELECT count(*) FROM "central"."whatsapp_messages" WHERE tenant_id = $1)::int AS messages,
            (SELECT count(*) FROM "central"."tenants" WHERE ruc = ANY($2) OR subdomain = ANY($3))::int AS tenants,
            (SELECT count(*) FROM "central"."partners" WHERE email LIKE '%ana.fuzz%' OR domain LIKE '%ana-fuzz%' OR gitlab_user = 'anafuzz')::int AS partners,
            (SELECT count(*) FROM "central"."admin_sessions" WHERE admin_user_id = $4)::int AS sessions`,
    [tenantId, [w.fresh.guestRuc, w.fresh.tenantRuc], [w.fresh.guestSubdomain, w.fresh.tenantSubdomain], adminUserId],
  );
  return { ...counts, series: new Map(series.rows.map((r) => [r.key, { last: r.last, max: r.max }])) };
}

/**
 * A 503 the server gives by design while it is busy, with its code and Retry-After (image uploads past the decoding
 * slots): the client is told to come back, nothing failed.
 */
function isBackPressure(answer: FuzzAnswer): boolean {
  if (answer.status !== 503) return false;
  try {
    return JSON.parse(answer.body).code === 'upload_busy';
  } catch {
    return false;
  }
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export function fuzzChecks(report: FuzzReport, endpoints: FuzzEndpoint[], before: Ledger, after: Ledger): Check[] {
  const created = (names: string[]) => names.reduce((n, name) => n + (report.created.get(name) ?? 0), 0);
  const issuing = endpoints.filter((e) => e.issues).map((e) => e.target.name);
  const statuses = [...report.statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  // The settings routes' own series: their counters are set by those requests, not by documents.
  const settings = new Set(Object.values(SETTINGS_SERIES).map((x) => `${x.type} ${x.serie}`));
  const counters = [...after.series].filter(([key, s]) => {
    if (settings.has(key)) return false;
    const was = before.series.get(key);
    const untouched = was !== undefined && was.last === s.last;
    return !untouched && s.last !== (s.max ?? 0);
  });
  const newEmpty = [...after.series].filter(
    ([key, s]) => !settings.has(key) && !before.series.has(key) && s.max === null,
  );
  const delta = (k: 'documents' | 'messages' | 'tenants' | 'partners' | 'sessions') => after[k] - before[k];
  return [
    {
      name: 'no 5xx and no dropped connection',
      ok: report.failures.length === 0,
      detail: `${report.cases} cases: ${statuses}`,
    },
    {
      name: 'every 4xx is a clear error (envelope with code and Spanish message)',
      ok: report.unclear.length === 0,
      detail: `${report.unclear.length} unclear`,
    },
    {
      name: 'documents written = documents accepted',
      ok: delta('documents') === created(issuing),
      detail: `Δ rows ${delta('documents')}, accepted ${created(issuing)}`,
    },
    {
      name: 'every series counter = its highest document number (no number consumed by a refusal)',
      ok: counters.length === 0,
      detail: counters.length ? JSON.stringify(counters.slice(0, 3)) : `${after.series.size} series`,
    },
    {
      name: 'no series row created by a refused body',
      ok: newEmpty.length === 0,
      detail: newEmpty.map(([k]) => k).join(', ') || 'none',
    },
    {
      name: 'WhatsApp messages queued = answers 202',
      ok:
        delta('messages') ===
        created(endpoints.filter((e) => e.target.name.includes('whatsapp-notify')).map((e) => e.target.name)),
      detail: `Δ ${delta('messages')}`,
    },
    {
      name: 'tenants created = answers 200 of the creating routes',
      ok: delta('tenants') === created(['POST /api/guest-register', 'POST /api/tenants']),
      detail: `Δ ${delta('tenants')}`,
    },
    {
      name: 'partners stored = answers 200',
      ok: delta('partners') === created(['POST /api/restaurant/partner/store']),
      detail: `Δ ${delta('partners')}`,
    },
    {
      name: 'admin sessions = successful logins',
      ok: delta('sessions') === created(['POST /api/login']),
      detail: `Δ ${delta('sessions')}`,
    },
  ];
}

/** `class: cases, accepted / refused / failed` lines (the drill prints them; docs/reliability.md records them). */
export function tallyLines(map: Map<string, Tally>): string[] {
  return [...map]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([k, t]) =>
        `${k.padEnd(44)} ${String(t.cases).padStart(6)}  ${String(t.accepted).padStart(5)} / ${String(t.refused).padStart(6)} / ${t.failed}`,
    );
}
