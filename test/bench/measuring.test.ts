// The benchmark's own honesty: it measures the processes it started, and a scenario that measured nothing reads as
// a miss, never as a fast result (a leftover stand-in once made every target print OK at 0.00 ms).
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertPortFree, percentile } from '../../bench/harness.ts';
import { rowOf, tableOf } from '../../bench/load.ts';
import { targetLines } from '../../bench/targets.ts';

function listening(): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
const closed = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('the bench starts its servers on free ports only', () => {
  it('refuses a port another process listens on, and takes it once that one is gone', async () => {
    const other = await listening();
    const port = portOf(other);
    await expect(assertPortFree(port)).rejects.toThrow(`port ${port} is taken by another process`);
    await closed(other);
    await expect(assertPortFree(port)).resolves.toBeUndefined();
  });
});

describe('a scenario that measured nothing', () => {
  it('has no latency: percentiles are NaN and the table shows a dash', () => {
    expect(percentile([], 99)).toBeNaN();
    const row = rowOf('nothing accepted', { latencies: [], failures: 12, seconds: 3 });
    expect(tableOf([row])).toContain('| nothing accepted | 0 | 0.0 | — | — | — | 12 failed |');
  });

  it('misses its targets instead of meeting them at zero', () => {
    const lines = targetLines({
      failures: 12,
      acceptedPerSecond: 0,
      apiCpuMs: Number.NaN,
      pgCpuMs: Number.NaN,
      p99At200: Number.NaN,
      notSentPerSecond: 1_100,
      listMs: 60,
      listed: 10_000,
      rssWhileIssuingMb: { rss: 180, peak: 185 },
    });
    expect(lines).toContain('MISSED  API CPU per accepted 3-line factura ≤ 1.5 ms: nothing measured');
    expect(lines).toContain('MISSED  PostgreSQL CPU per accepted 3-line factura ≤ 0.8 ms: nothing measured');
    expect(lines).toContain('MISSED  p99 at a fixed 200/s < 50 ms: nothing measured');
    expect(lines).toContain('MISSED  issued and accepted 3-line facturas at saturation ≥ 600/s: 0 /s');
    expect(lines).toContain('OK      not sent ≥ 1,000/s: 1100 /s');
    expect(lines.filter((l) => l.startsWith('OK'))).toHaveLength(3);
  });
});

describe('the not-sent target', () => {
  it('judges not sent by its warm run and reports the cold fill of the listed day beside it', () => {
    const lines = targetLines({
      failures: 0,
      notSentPerSecond: 1_150,
      notSentColdPerSecond: 850,
      twoProcessesNotSentPerSecond: 1_120,
      listed: 10_000,
    });
    expect(lines).toContain('OK      not sent ≥ 1,000/s: 1150 /s');
    expect(lines).toContain("info    not sent, cold (a new tenant's first 10,000, filling the listed day): 850/s");
    expect(lines).toContain('info    not sent, 1 vs 2 API processes: 1150/s vs 1120/s');
  });
});
