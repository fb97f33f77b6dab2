// The process guard in a real child process: what a library throws from its own callback inside contained work
// (pdfkit's png-js inflating a bad PNG) fails that work and the process goes on; an unhandled rejection is logged and
// survived; any other uncaught exception is logged as fatal and the process exits 1 through its own shutdown.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('process guard', () => {
  it('contains a library throw inside contained work, survives a stray rejection, stops on anything else', async () => {
    const child = await run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'guarded-child.ts')], {
      cwd: join(import.meta.dirname, '../..'),
    }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    const lines = child.stdout.trim().split('\n');
    expect(lines).toEqual([
      'log error: contained error: its work failed, the process goes on',
      'zlib callback: rejected: incorrect header check',
      'log error: contained error: its work failed, the process goes on',
      'pdfkit with png-js: rejected: incorrect header check',
      'log error: unhandled promise rejection (logged; the process goes on)',
      'alive',
      'log fatal: uncaught exception: the process stops',
      'onFatal',
    ]);
    expect(child.code).toBe(1);
  }, 60_000);
});
