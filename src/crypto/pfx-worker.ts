// Worker-thread entry of loadPfxOffThread (src/crypto/pfx-off-thread.ts): reads one PFX with loadPfx and posts the
// key material, or the CertificateError's code and message.
import { parentPort, workerData } from 'node:worker_threads';
import { CertificateError, loadPfx } from './certificates.ts';

interface Job {
  pfx: Uint8Array;
  password: string;
  now: number;
}

const job = workerData as Job;
try {
  parentPort!.postMessage({ ok: true, value: loadPfx(Buffer.from(job.pfx), job.password, { now: new Date(job.now) }) });
} catch (error) {
  parentPort!.postMessage(
    error instanceof CertificateError
      ? { ok: false, code: error.code, message: error.message }
      : { ok: false, code: 'certificate_unreadable', message: undefined },
  );
}
