// `summary-ticket`: sends a stored summary that has no ticket yet, or asks SUNAT about its ticket; each step
// queues the next one itself (under the same dedupe key) until SUNAT's answer is recorded.
import type { JobDefinition } from '../../platform/jobs/definition.ts';
import type { PipelineDeps } from '../deps.ts';
import { advanceSummary, type SummaryRow } from './follow.ts';
import { SUMMARY_JOB, type SummaryJobPayload } from './job-names.ts';

export const summaryTicketJob: JobDefinition<PipelineDeps> = {
  name: SUMMARY_JOB,
  maxAttempts: 20,
  backoffMs: (attempts) => Math.min(5_000 * 2 ** attempts, 10 * 60_000),
  async run(payload, { deps }) {
    const { tenantId, schema, summaryId } = payload as unknown as SummaryJobPayload;
    const db = deps.db.tenant(schema);
    const company = await db.company.findFirst();
    if (!company) throw new Error(`tenant ${tenantId} (${schema}) has no company`);
    const row = await db.summary.findUnique({ where: { id: summaryId } });
    if (!row) return;
    const step = await advanceSummary(deps, { id: tenantId, schema, db, company }, row as SummaryRow);
    deps.log.info({ schema, summaryId, state: row.state, code: step.outcome?.code ?? step.statusCode }, SUMMARY_JOB);
  },
};
