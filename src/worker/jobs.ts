// The jobs the worker knows. A feature adds its own by appending a JobDefinition here.
import type { PipelineDeps } from '../pipeline/deps.ts';
import { whatsappJob } from '../features/whatsapp/job.ts';
import { sendDocumentJob } from './send-document-job.ts';

export interface JobContext {
  deps: PipelineDeps;
  /** 1 on the first run of this job row. */
  attempts: number;
}

export interface JobDefinition {
  name: string;
  run(payload: Record<string, unknown>, context: JobContext): Promise<void>;
  /** Runs of one job row after which a throwing job is dropped (logged). */
  maxAttempts: number;
  /** Delay before the next run after a throw. */
  backoffMs(attempts: number): number;
}

export const jobs: JobDefinition[] = [sendDocumentJob, whatsappJob];
