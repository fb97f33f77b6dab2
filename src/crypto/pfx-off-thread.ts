// loadPfx off the event loop: node-forge derives PKCS#12 keys synchronously in JavaScript, so a file that asks for
// many iterations would stall every request of the process. Each PFX is read in its own worker thread, ended after
// `timeoutMs` (certificate_timeout); loadPfx itself refuses iteration counts above MAX_PFX_ITERATIONS first.
import { startWorkerBeside } from '../runtime/worker-entry.ts';
import {
  CertificateError,
  type CertificateErrorCode,
  type CertificateInfo,
  type KeyMaterial,
  type LoadOptions,
} from './certificates.ts';

/**
 * Wall-clock limit of one PFX read, counted from the moment its thread runs (a file within the iteration cap takes
 * about 2 s on an idle core; the margin is for a machine whose cores are all busy).
 */
export const PFX_TIMEOUT_MS = 30_000;

type Reply =
  | { ok: true; value: KeyMaterial & CertificateInfo }
  | { ok: false; code: CertificateErrorCode; message?: string };

export function loadPfxOffThread(
  pfx: Buffer,
  password: string,
  options: LoadOptions & { timeoutMs?: number } = {},
): Promise<KeyMaterial & CertificateInfo> {
  const worker = startWorkerBeside(import.meta.url, 'pfx-worker', {
    workerData: { pfx, password, now: (options.now ?? new Date()).getTime() },
  });
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    // Starting a thread (loading its modules) is not the file's doing: the clock starts when the thread runs.
    worker.once('online', () => {
      timer = setTimeout(() => {
        void worker.terminate();
        reject(new CertificateError('certificate_timeout'));
      }, options.timeoutMs ?? PFX_TIMEOUT_MS);
    });
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
