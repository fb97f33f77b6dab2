// A storm of failed logins on one company's host and another company's latency meanwhile, against a real API
// process (the compiled build `npm start` runs) on its own PostgreSQL database:
//   node --import tsx bench/login-storm.ts [--root=<checkout>] [--storm=160] [--concurrency=16] [--env=K=V,…]
// Company A receives `--storm` logins with a wrong password, `--concurrency` at a time, each from its own address
// (X-Forwarded-For, TRUST_PROXY on: an attacker with many addresses, past the per-IP and per-network throttles);
// company B calls GET /api/company one request after another, and logs in every quarter second, before and during
// the storm. Printed: B's median and p95 of both, before and during, the storm's answers by status and duration. `--root` measures another checkout (an
// older commit extracted beside this one, with this checkout's node_modules linked in).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freshDatabase, percentile, provision, request, serverUrl, startApi, type Proc } from './harness.ts';
import { rucFrom } from './hostile-endpoints.ts';

const args = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [k, ...v] = a.slice(2).split('=');
      return [k, v.join('=')] as [string, string];
    }),
);
const root = args.get('root') || undefined;
const STORM = Number(args.get('storm') ?? 160);
const CONCURRENCY = Number(args.get('concurrency') ?? 16);
const extraEnv = Object.fromEntries(
  (args.get('env') ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split('=') as [string, string]),
);
const PORT = 20_000 + Math.floor(Math.random() * 20_000);

function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  return { n: sorted.length, median: +percentile(sorted, 50).toFixed(1), p95: +percentile(sorted, 95).toFixed(1) };
}

async function latencies(base: string, headers: Record<string, string>, until: () => boolean, max = 10_000) {
  const ms: number[] = [];
  while (!until() && ms.length < max) {
    const reply = await request(base, 'GET', '/api/company', headers);
    if (reply.status !== 200) throw new Error(`victim answered ${reply.status}: ${reply.body.toString()}`);
    ms.push(reply.ms);
  }
  return ms;
}

async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}

async function main(): Promise<void> {
  const name = `facturo_bench_login_${process.pid}`;
  const databaseUrl = await freshDatabase(name);
  let api: Proc | undefined;
  try {
    api = await startApi({
      port: PORT,
      databaseUrl,
      simulatorUrl: 'http://127.0.0.1:9', // no document is sent here
      storageDir: mkdtempSync(join(tmpdir(), 'facturo-bench-storage-')),
      env: { TRUST_PROXY: 'true', ...extraEnv },
      root,
    });
    const attacked = await provision(databaseUrl, 'atacada', rucFrom(11), root);
    const victim = await provision(databaseUrl, 'victima', rucFrom(29), root);
    const victimHeaders = { host: victim.hostname, authorization: `Bearer ${victim.token}` };
    // Warm-up: connections, caches, the JIT.
    let warm = 0;
    await latencies(api.url, victimHeaders, () => ++warm > 100);
    let count = 0;
    const before = await latencies(api.url, victimHeaders, () => ++count > 300);

    let victimLogins = 0;
    const victimLogin = async () => {
      // Each from its own address: the victim's own logins stay under the per-IP limit (20 a minute).
      const from = `203.0.${113 + (victimLogins >> 8)}.${victimLogins++ & 255}`;
      const reply = await request(
        api!.url,
        'POST',
        '/api/login',
        { host: victim.hostname, 'content-type': 'application/json', 'x-forwarded-for': from },
        JSON.stringify({ email: victim.email, password: victim.password }),
      );
      if (!reply.body.toString().includes('"success":true'))
        throw new Error(`victim login answered ${reply.status}: ${reply.body.toString()}`);
      return reply.ms;
    };
    const loginsBefore: number[] = [];
    for (let i = 0; i < 10; i += 1) loginsBefore.push(await victimLogin());

    let stormDone = false;
    const statuses = new Map<string, number>();
    let sent = 0;
    const started = performance.now();
    const attacker = async () => {
      while (sent < STORM) {
        const i = sent++;
        const reply = await request(
          api!.url,
          'POST',
          '/api/login',
          {
            host: attacked.hostname,
            'content-type': 'application/json',
            'x-forwarded-for': `198.18.${(i >> 8) & 255}.${i & 255}`,
          },
          JSON.stringify({ email: `nadie${i}@facturo.example`, password: `clave-equivocada-${i}` }),
        );
        const body = reply.body.toString();
        const key = reply.status === 200 && body.includes('No Autorizado') ? '200 No Autorizado' : String(reply.status);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    };
    const storm = Promise.all(Array.from({ length: CONCURRENCY }, attacker)).then(() => {
      stormDone = true;
    });
    const loginsDuring: number[] = [];
    const logins = (async () => {
      while (!stormDone) {
        loginsDuring.push(await victimLogin());
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const during = await latencies(api.url, victimHeaders, () => stormDone);
    await storm;
    await logins;
    const stormMs = performance.now() - started;
    console.log(
      JSON.stringify(
        {
          root: root ?? 'this checkout',
          env: extraEnv,
          storm: {
            logins: STORM,
            concurrency: CONCURRENCY,
            ms: Math.round(stormMs),
            answers: Object.fromEntries(statuses),
          },
          victim: {
            api: { before: summary(before), during: summary(during) },
            login: { before: summary(loginsBefore), during: summary(loginsDuring) },
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await api?.stop();
    await dropDatabase(name);
  }
}

await main();
