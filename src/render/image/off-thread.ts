// normalizeImage off the event loop: one worker thread per image, one image at a time per process (the machine
// has few cores and the API needs one), ended after `timeoutMs`. A decoder that runs out of memory or throws where
// it should not ends its thread, never the process: the image is then refused like any unreadable one.
import { startWorkerBeside } from '../../runtime/worker-entry.ts';
import type { NormalizeResult } from './normalize.ts';

/** Wall-clock limit of one image, waiting included (the largest allowed JPEG takes ~5 s on a slow core). */
export const IMAGE_TIMEOUT_MS = 30_000;

export interface OffThreadOptions {
  timeoutMs?: number;
  /** Answer `busy` at once when this many images already wait (uploads); unset: wait (rendering). */
  maxWaiting?: number;
}

let running = false;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running) await new Promise<void>((resolve) => waiting.push(resolve));
  running = true;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running = false;
  };
}

const failed = (kind: 'corrupt' | 'timeout', detail: string): NormalizeResult => ({
  ok: false,
  problem: { kind, detail },
});

function runInThread(bytes: Buffer, deadline: number): Promise<NormalizeResult> {
  const worker = startWorkerBeside(import.meta.url, 'image-worker', {
    workerData: { bytes: new Uint8Array(bytes) },
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
  });
  return new Promise((resolve) => {
    const settle = (result: NormalizeResult) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => settle(failed('timeout', 'tardó demasiado en leerse')),
      Math.max(0, deadline - Date.now()),
    );
    worker.once('message', (result: NormalizeResult) => {
      if (result.ok) result.image.bytes = Buffer.from(result.image.bytes);
      settle(result);
    });
    worker.once('error', () => settle(failed('corrupt', 'la imagen no se puede leer')));
    worker.once('exit', () => settle(failed('corrupt', 'la imagen no se puede leer')));
  });
}

export async function normalizeOffThread(bytes: Buffer, options: OffThreadOptions = {}): Promise<NormalizeResult> {
  if (options.maxWaiting !== undefined && running && waiting.length >= options.maxWaiting)
    return { ok: false, problem: { kind: 'busy', detail: 'el servidor está leyendo otras imágenes' } };
  const deadline = Date.now() + (options.timeoutMs ?? IMAGE_TIMEOUT_MS);
  const done = await turn();
  try {
    if (Date.now() >= deadline) return failed('timeout', 'tardó demasiado en leerse');
    return await runInThread(bytes, deadline);
  } finally {
    done();
  }
}
