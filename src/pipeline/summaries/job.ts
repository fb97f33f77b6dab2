// `summary-ticket`: sends a stored summary that has no ticket yet, or asks SUNAT about its ticket; each step
// queues the next one itself (under the same dedupe key) until SUNAT's answer is recorded.
import { tenantJob } from '../tenant-job.ts';
import { advanceSummary, type SummaryRow } from './follow.ts';
import { SUMMARY_JOB, type SummaryJobPayload } from './job-names.ts';

export const summaryTicketJob = tenantJob<SummaryJobPayload>(
  SUMMARY_JOB,
  async (deps, tenant, { schema, summaryId }) => {
    const row = await tenant.db.summary.findUnique({ where: { id: summaryId } });
    if (!row) return;
    const step = await advanceSummary(deps, tenant, row as SummaryRow);
    deps.log.info({ schema, summaryId, state: row.state, code: step.outcome?.code ?? step.statusCode }, SUMMARY_JOB);
  },
);
