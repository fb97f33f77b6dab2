// How a module starts a worker thread on a file beside it, however the product runs: `npm start` runs the compiled
// JavaScript (build/), where the worker file is plain JavaScript too; from the TypeScript sources (tests, the CLI)
// the worker is loaded through tsx's API, which every way of running the sources has.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The entry of worker file `name` (no extension) beside module `self` (its import.meta.url). */
function workerEntry(self: string, name: string): { source: string | URL; eval: boolean } {
  if (self.endsWith('.js')) return { source: new URL(`./${name}.js`, self), eval: false };
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const worker = new URL(`./${name}.ts`, self).href;
  return {
    source: `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(worker)}, ${JSON.stringify(self)}));`,
    eval: true,
  };
}

/** A worker thread running file `name` beside module `self`. */
export function startWorkerBeside(self: string, name: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const entry = workerEntry(self, name);
  return new Worker(entry.source, { ...options, eval: entry.eval });
}
