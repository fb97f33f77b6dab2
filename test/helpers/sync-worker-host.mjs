// The worker side of sync-worker.ts: loads the judge module, runs each call, posts the answer, then wakes the
// caller blocked on `done` (the answer is posted first, so the caller always finds it on the port).
import { workerData } from 'node:worker_threads';

const { module, port } = workerData;
const loading = import(module);

port.on('message', async ({ done, method, args }) => {
  let reply;
  try {
    const judge = await loading;
    if (typeof judge[method] !== 'function') throw new Error(`no judge function ${method}`);
    reply = { result: await judge[method](...args) };
  } catch (error) {
    reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
});
