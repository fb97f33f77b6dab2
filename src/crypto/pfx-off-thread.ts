// loadPfx off the event loop: node-forge derives PKCS#12 keys synchronously in JavaScript, so a file that asks for
// many iterations would stall every request of the process. Each PFX is read in its own worker thread, ended after
// `timeoutMs` (certificate_timeout); loadPfx itself refuses iteration counts above MAX_PFX_ITERATIONS first.
// The worker module is found as worker-entry.ts says (compiled JavaScript, or the source through tsx).
import { Worker } from 'node:worker_threads';
import {
  CertificateError,
  type CertificateErrorCode,
  type CertificateInfo,
  type KeyMaterial,
  type LoadOptions,
} from './certificates.ts';
import { workerEntry } from './worker-entry.ts';

/** Wall-clock limit of one PFX read (a file within the iteration cap takes about 2 s at most). */
export const PFX_TIMEOUT_MS = 15_000;

const WORKER = workerEntry(import.meta.url, 'pfx-worker');

type Reply =
  | { ok: true; value: KeyMaterial & CertificateInfo }
  | { ok: false; code: CertificateErrorCode; message?: string };

export function loadPfxOffThread(
  pfx: Buffer,
  password: string,
  options: LoadOptions & { timeoutMs?: number } = {},
): Promise<KeyMaterial & CertificateInfo> {
  const worker = new Worker(WORKER.source, {
    eval: WORKER.eval,
    workerData: { pfx, password, now: (options.now ?? new Date()).getTime() },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new CertificateError('certificate_timeout'));
    }, options.timeoutMs ?? PFX_TIMEOUT_MS);
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    worker.once('message', (reply: Reply) =>
      settle(() => (reply.ok ? resolve(reply.value) : reject(new CertificateError(reply.code, reply.message)))),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`PFX worker exited with code ${code} before answering`))),
    );
  });
}
