// The memo of checked API tokens (src/platform/http/token-cache.ts): a token checked moments ago costs no lookup,
// and yet a token revoked anywhere — this process, another process, the CLI, plain SQL — is refused at once, and
// nothing is memoised while the database cannot tell this process about changes. Real PostgreSQL: the tenant
// schema's triggers (migration 0013) and a real LISTEN session.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent } from '../../src/platform/db/schema-name.ts';
import { TokenCache, type CheckedToken } from '../../src/platform/http/token-cache.ts';
import { createTestApp, type TestApp, type TestTenant } from '../helpers/app.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/db.ts';

const appName = `token-cache-${randomBytes(4).toString('hex')}`;
let ctx: TestApp;
let tenant: TestTenant;
let other: pg.Client;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATABASE_APPLICATION_NAME: appName, HOST_CACHE_TTL_MS: '60000' } });
  tenant = await ctx.provisionTenant();
  // Another process's session: what the CLI or a second server would use.
  other = new pg.Client({ connectionString: testDatabaseUrl(), application_name: `${appName}-other` });
  await other.connect();
});
afterAll(async () => {
  await other?.end();
  await ctx?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

async function status(token: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/company',
    headers: { host: tenant.hostname, authorization: `Bearer ${token}` },
  });
  return res.statusCode;
}

async function newToken(): Promise<{ id: number; secret: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: { host: tenant.hostname, authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ nombre: `t-${randomBytes(3).toString('hex')}` }),
  });
  expect(res.statusCode).toBe(200);
  return { id: res.json().data.id, secret: res.json().data.token };
}

const tokens = () => `${quoteIdent(tenant.schema)}."api_tokens"`;

/** Proves the token is answered from the memo: with the schema's triggers off, a revocation is not heard. */
async function servedFromMemo(token: { id: number; secret: string }): Promise<boolean> {
  await other.query('BEGIN');
  await other.query(`ALTER TABLE ${tokens()} DISABLE TRIGGER USER`);
  await other.query(`UPDATE ${tokens()} SET revoked_at = now() WHERE id = $1`, [token.id]);
  await other.query('COMMIT');
  const memo = (await status(token.secret)) === 200;
  await other.query(`ALTER TABLE ${tokens()} ENABLE TRIGGER USER`);
  return memo;
}

const onServer = testDatabaseKind() === 'postgresql';

describe.runIf(onServer)('a checked token is memoised while the database can say it changed', () => {
  it('comes live once its listener hears the database, and a checked token is then served without a lookup', async () => {
    await until(() => ctx.app.platform.tokens.active);
    const token = await newToken();
    expect(await status(token.secret)).toBe(200);
    expect(await servedFromMemo(token)).toBe(true);
  });

  it('refuses a token revoked by another session (the CLI, another server) within moments', async () => {
    await until(() => ctx.app.platform.tokens.active);
    const token = await newToken();
    expect(await status(token.secret)).toBe(200);
    expect(await status(token.secret)).toBe(200);
    const revokedAt = Date.now();
    await other.query(`UPDATE ${tokens()} SET revoked_at = now() WHERE id = $1`, [token.id]);
    await until(async () => (await status(token.secret)) === 401, 2_000);
    expect(Date.now() - revokedAt).toBeLessThan(2_000);
  });

  it('refuses a token revoked through this process at once, before any notification could arrive', async () => {
    await until(() => ctx.app.platform.tokens.active);
    const token = await newToken();
    expect(await status(token.secret)).toBe(200);
    // Triggers off: the database says nothing, so only the route's own forget can stop the memoised token.
    await other.query(`ALTER TABLE ${tokens()} DISABLE TRIGGER USER`);
    try {
      const revoked = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/tokens/${token.id}`,
        headers: { host: tenant.hostname, authorization: `Bearer ${tenant.token}` },
      });
      expect(revoked.statusCode).toBe(200);
      expect(await status(token.secret)).toBe(401);
    } finally {
      await other.query(`ALTER TABLE ${tokens()} ENABLE TRIGGER USER`);
    }
  });

  it('refuses the token of a user deleted by another session', async () => {
    await until(() => ctx.app.platform.tokens.active);
    const s = quoteIdent(tenant.schema);
    const { rows } = await other.query<{ id: number }>(
      `INSERT INTO ${s}."users" (name, email, role) VALUES ('Temporal', $1, 'admin') RETURNING id`,
      [`temporal-${randomBytes(3).toString('hex')}@example.com`],
    );
    const secret = `fct_${randomBytes(32).toString('base64url')}`;
    const { hashToken } = await import('../../src/platform/tokens.ts');
    await other.query(
      `INSERT INTO ${s}."api_tokens" (user_id, name, token_hash, prefix) VALUES ($1, 'temporal', $2, 'fct_tmp')`,
      [rows[0].id, hashToken(secret)],
    );
    expect(await status(secret)).toBe(200);
    await other.query(`DELETE FROM ${s}."users" WHERE id = $1`, [rows[0].id]);
    await until(async () => (await status(secret)) === 401, 2_000);
  });

  it('keeps serving a token whose revocation was rolled back', async () => {
    await until(() => ctx.app.platform.tokens.active);
    const token = await newToken();
    expect(await status(token.secret)).toBe(200);
    await other.query('BEGIN');
    await other.query(`UPDATE ${tokens()} SET revoked_at = now() WHERE id = $1`, [token.id]);
    await other.query('ROLLBACK');
    await sleep(100);
    expect(await status(token.secret)).toBe(200);
  });

  it('memoises nothing while its listening session is gone, and comes back by itself', async () => {
    await until(() => ctx.app.platform.tokens.active);
    await other.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query ILIKE 'LISTEN%'`,
      [appName],
    );
    await until(() => !ctx.app.platform.tokens.active);
    // Down: every request asks the database, so a revocation nobody announces is still seen.
    const token = await newToken();
    expect(await status(token.secret)).toBe(200);
    expect(await servedFromMemo(token)).toBe(false);
    await until(() => ctx.app.platform.tokens.active);
  });
});

describe.runIf(!onServer)('on the embedded database', () => {
  it('never comes live (a notification there goes back to its sender), so every request asks the database', async () => {
    await sleep(500);
    expect(ctx.app.platform.tokens.active).toBe(false);
    const token = await newToken();
    expect(await status(token.secret)).toBe(200);
    expect(await servedFromMemo(token)).toBe(false);
  });
});

describe('TokenCache', () => {
  const checked = (): CheckedToken => ({
    user: { id: 1, name: 'A', email: 'a@example.com', role: 'admin', credential: { kind: 'token', id: 7 } },
    lastUsedAt: null,
  });

  it('keeps nothing until its listener is live, and nothing read before a change heard meanwhile', () => {
    const cache = new TokenCache(60_000);
    cache.set('t1', 'h', checked(), cache.generation);
    expect(cache.get('t1', 'h')).toBeUndefined();
    cache.setListening(true);
    const before = cache.generation;
    cache.forget('t2');
    cache.set('t1', 'h', checked(), before);
    expect(cache.get('t1', 'h')).toBeUndefined();
    cache.set('t1', 'h', checked(), cache.generation);
    expect(cache.get('t1', 'h')?.user.credential.id).toBe(7);
  });

  it("forgets one tenant's tokens, and everything when the listener goes down", () => {
    const cache = new TokenCache(60_000);
    cache.setListening(true);
    cache.set('t1', 'h', checked(), cache.generation);
    cache.set('t2', 'h', checked(), cache.generation);
    cache.forget('t1');
    expect(cache.get('t1', 'h')).toBeUndefined();
    expect(cache.get('t2', 'h')).toBeDefined();
    cache.setListening(false);
    expect(cache.get('t2', 'h')).toBeUndefined();
  });

  it('lets an entry expire after its TTL, and keeps none with a TTL of 0', async () => {
    const cache = new TokenCache(30);
    cache.setListening(true);
    cache.set('t1', 'h', checked(), cache.generation);
    expect(cache.get('t1', 'h')).toBeDefined();
    await sleep(50);
    expect(cache.get('t1', 'h')).toBeUndefined();
    const off = new TokenCache(0);
    off.setListening(true);
    off.set('t1', 'h', checked(), off.generation);
    expect(off.get('t1', 'h')).toBeUndefined();
  });
});
