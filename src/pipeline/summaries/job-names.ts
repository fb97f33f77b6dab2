// The job that sends a stored summary (RA/RC) and follows its ticket until SUNAT answers.
export const SUMMARY_JOB = 'summary-ticket';

export interface SummaryJobPayload {
  tenantId: number;
  schema: string;
  summaryId: number;
}

/** One pending job per summary: queuing again only moves its run time. */
export function summaryJobKey(tenantId: number, summaryId: number): string {
  return `${SUMMARY_JOB}:${tenantId}:${summaryId}`;
}
