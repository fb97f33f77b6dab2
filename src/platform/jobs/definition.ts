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
  /**
   * Called instead of a run when the job is claimed with its attempts used up although it never finished — each
   * run ended with its process (src/worker/worker.ts counts attempts at claim). Records the failure where the
   * job's owner reads it; the job is then dropped.
   */
  onGiveUp?(payload: Record<string, unknown>, context: JobContext<Deps>): Promise<void>;
  /** The worker's lane (SUNAT work never waits behind a company's mail): 'sunat' unless given. */
  lane?: JobLane;
}

/** SUNAT sends and tickets; e-mail and WhatsApp deliveries. Each lane has its own slots in the worker. */
export type JobLane = 'sunat' | 'delivery';
