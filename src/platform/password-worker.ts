// Worker-thread entry of the password pool (passwords.ts): argon2id hashes and verifications, one at a time, so
// that their CPU and their 19 MiB of memory never run on the event loop that serves every company's requests.
import { argon2id, argon2Verify } from 'hash-wasm';
import { randomBytes } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { ARGON2, type PasswordJob, type PasswordReply } from './password-job.ts';

async function run(job: PasswordJob): Promise<string | boolean> {
  if (job.op === 'hash')
    return argon2id({ ...ARGON2, password: job.password, salt: randomBytes(16), outputType: 'encoded' });
  try {
    return await argon2Verify({ password: job.password, hash: job.hash });
  } catch {
    // Not an argon2 PHC string hash-wasm can read: no password matches it.
    return false;
  }
}

parentPort!.on('message', (job: PasswordJob) => {
  run(job).then(
    (value) => parentPort!.postMessage({ id: job.id, ok: true, value } satisfies PasswordReply),
    (error: Error) =>
      parentPort!.postMessage({ id: job.id, ok: false, message: error.message } satisfies PasswordReply),
  );
});
