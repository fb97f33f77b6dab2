// The envelopes of the summary routes, as FacturadorPro's ERPs parse them (its summary and voided answers), with the
// summary's own state added: a ticket still in process is a 200 saying so, never an error.
import { responseOf, type SummaryView } from '../../pipeline/summaries/status-view.ts';

export { type DownloadSegment, statusEnvelope, type SummaryView } from '../../pipeline/summaries/status-view.ts';

export function createdEnvelope(view: SummaryView) {
  return {
    success: true as const,
    data: { external_id: view.externalId, ticket: view.ticket, state: view.state },
    ...(view.ticket ? {} : { message: responseOf(view).description }),
  };
}
