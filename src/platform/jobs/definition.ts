// What a background job is to the worker: a name in central.jobs, a handler and its retry policy. Generic over
// the dependencies the handler receives, so the queue's owner (platform) knows nothing of what the jobs do;
// the composition root (src/jobs.ts) lists the jobs and hands them to the worker.

export interface JobContext<Deps> {
  deps: Deps;
  /** 1 on the first run of this job row. */
  attempts: number;
}

export interface JobDefinition<Deps> {
  name: string;
  run(payload: Record<string, unknown>, context: JobContext<Deps>): Promise<void>;
  /** Runs of one job row after which a throwing job is dropped (logged). */
  maxAttempts: number;
  /** Delay before the next run after a throw. */
  backoffMs(attempts: number): number;
}
