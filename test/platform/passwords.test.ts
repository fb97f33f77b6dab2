// Passwords are hashed and verified with argon2id in a pool of worker threads (src/platform/passwords.ts): the
// event loop that serves every company stays free while they run, and one owner's burst of jobs does not queue
// another owner's behind it.
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_THREADS, passwordJobsWaiting, verifyPassword } from '../../src/platform/passwords.ts';

describe('argon2id off the event loop', () => {
  it('hashes in the PHC format and verifies only the right password', async () => {
    const hash = await hashPassword('Clave-segura-2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await verifyPassword(hash, 'Clave-segura-2026')).toBe(true);
    expect(await verifyPassword(hash, 'clave-segura-2026')).toBe(false);
    expect(await verifyPassword('$argon2id$no-es-un-hash', 'x')).toBe(false);
    expect(await verifyPassword('$2b$10$bcrypt-no-es-argon2', 'x')).toBe(false);
  });

  it('leaves the event loop idle while eight verifications run', async () => {
    const hash = await hashPassword('Clave-segura-2026');
    const start = performance.eventLoopUtilization();
    await Promise.all(Array.from({ length: 8 }, (_, i) => verifyPassword(hash, `equivocada-${i}`)));
    const used = performance.eventLoopUtilization(start);
    // On the event loop, argon2 (synchronous WebAssembly) kept it busy almost the whole time (utilization ≈ 1).
    expect(used.utilization).toBeLessThan(0.5);
  });

  it("serves owners in turns: one owner's queued burst does not delay another's job behind all of it", async () => {
    const hash = await hashPassword('Clave-segura-2026');
    const done: string[] = [];
    const burst = Array.from({ length: 6 }, (_, i) =>
      verifyPassword(hash, `rafaga-${i}`, 't_atacada').then(() => done.push(`atacada-${i}`)),
    );
    expect(passwordJobsWaiting()).toBe(6 - PASSWORD_THREADS);
    const other = verifyPassword(hash, 'Clave-segura-2026', 't_otra').then((ok) => {
      done.push('otra');
      return ok;
    });
    expect(await other).toBe(true);
    await Promise.all(burst);
    // Behind at most the jobs already running and the one the burst's line had next.
    expect(done.indexOf('otra')).toBeLessThanOrEqual(PASSWORD_THREADS + 1);
  });
});
