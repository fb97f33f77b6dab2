// Work whose library may throw from a callback of its own. png-js (inside pdfkit) inflates image data in a zlib
// callback and throws there: no caller's try/catch or promise sees it, and Node reports it as the process's
// uncaughtException. Work run by `contain` registers, in its asynchronous context, how to fail it; the process guard
// (process-guard.ts) asks failContained() first, so such an error becomes that work's rejection — one request's
// error — instead of the end of the process.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<(error: unknown) => void>();

/** Runs `work`; an error thrown asynchronously from within its context rejects the returned promise. */
export function contain<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    scope.run(reject, () => {
      work().then(resolve, reject);
    });
  });
}

/** Fails the contained work whose context is current; false when none is (the error belongs to nobody known). */
export function failContained(error: unknown): boolean {
  const fail = scope.getStore();
  if (!fail) return false;
  fail(error);
  return true;
}
