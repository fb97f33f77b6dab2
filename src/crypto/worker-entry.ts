// Where a worker thread's entry module is: the compiled `.js` beside the caller when running the build (`npm start`
// runs plain JavaScript), or, from the TypeScript sources (tests, the CLI), a bootstrap that loads the `.ts` through
// tsx's API, which every way of running the sources has.

export interface WorkerEntry {
  source: string | URL;
  /** `source` is code to evaluate (the tsx bootstrap), not a file. */
  eval: boolean;
}

/** The entry of worker module `name` (without extension) that sits beside the module `self` (its import.meta.url). */
export function workerEntry(self: string, name: string): WorkerEntry {
  if (self.endsWith('.js')) return { source: new URL(`./${name}.js`, self), eval: false };
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const worker = new URL(`./${name}.ts`, self).href;
  return {
    source: `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(worker)}, ${JSON.stringify(self)}));`,
    eval: true,
  };
}
