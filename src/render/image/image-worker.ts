// Worker-thread entry of normalizeOffThread (off-thread.ts): normalizes one image and posts the result.
import { parentPort, workerData } from 'node:worker_threads';
import { normalizeImage } from './normalize.ts';

const { bytes } = workerData as { bytes: Uint8Array };
parentPort!.postMessage(normalizeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)));
