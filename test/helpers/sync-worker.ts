// Calls an asynchronous judge (pdf.js, which only has a promise API) from the synchronous test helpers other tests
// already call: the judge runs in a worker thread, and the caller blocks on Atomics.wait until the worker has
// posted its answer, then takes it with receiveMessageOnPort. One worker per module that asks, started on the
// first call and unref'd (it never keeps a test process alive).
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** What the worker module exports: named async functions of structured-clonable arguments. */
export type SyncCall = <T>(method: string, ...args: unknown[]) => T;

interface Reply {
  result?: unknown;
  error?: string;
}

const CALL_TIMEOUT_MS = 120_000;

export function syncWorker(module: URL): SyncCall {
  let channel: { worker: Worker; port: MessagePort } | undefined;
  const start = () => {
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(new URL('./sync-worker-host.mjs', import.meta.url), {
      workerData: { module: module.href, port: port2 },
      transferList: [port2],
    });
    worker.unref();
    port1.unref();
    return { worker, port: port1 };
  };
  return <T>(method: string, ...args: unknown[]): T => {
    channel ??= start();
    const done = new Int32Array(new SharedArrayBuffer(4));
    channel.port.postMessage({ done, method, args });
    if (Atomics.wait(done, 0, 0, CALL_TIMEOUT_MS) === 'timed-out') {
      throw new Error(`${module.pathname}: ${method} did not answer in ${CALL_TIMEOUT_MS / 1000} s`);
    }
    const reply = receiveMessageOnPort(channel.port)?.message as Reply | undefined;
    if (!reply) throw new Error(`${module.pathname}: ${method} answered nothing`);
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply.result as T;
  };
}
