// What the status routes of summaries (/api/voided/status, /api/summaries/status…) answer, as FacturadorPro's ERPs
// parse them, with the summary's own state added: a ticket still in process is a 200 saying
// so, never an error. Below the features: the webhooks' summary events carry this answer as their `data`.
export interface SummaryView {
  externalId: string;
  filename: string;
  ticket: string | null;
  state: string;
  sunatResponse: unknown;
  lastError: string | null;
}

/** The folder under /downloads of each summary kind: RA voided, RC summary, RR reversion. */
export type DownloadSegment = 'voided' | 'summary' | 'reversion';

type Answer = { code: string; description: string; notes: string[] };

const IN_PROCESS =
  'SUNAT aún procesa el resumen (código 98). Facturo seguirá consultando el ticket; consulte de nuevo en unos segundos.';

export function responseOf(view: SummaryView) {
  const answer = (view.sunatResponse ?? null) as Answer | null;
  if (view.state === 'accepted' || view.state === 'rejected') {
    const accepted = view.state === 'accepted';
    return {
      sent: true,
      code: answer?.code ?? '',
      description: answer?.description ?? '',
      notes: answer?.notes ?? [],
      is_accepted: accepted,
      status_code: accepted ? 0 : 99,
    };
  }
  if (view.state === 'pending')
    return { sent: true, code: '98', description: IN_PROCESS, notes: [], is_accepted: false, status_code: 98 };
  return {
    sent: false,
    code: answer?.code ?? '',
    description: `Aún no se obtiene el ticket de SUNAT; se reintentará automáticamente.${view.lastError ? ` Último error: ${view.lastError}` : ''}`,
    notes: [],
    is_accepted: false,
    status_code: null,
  };
}

export function statusEnvelope(view: SummaryView, baseUrl: string, segment: DownloadSegment) {
  const base = `${baseUrl}/downloads/${segment}`;
  return {
    success: true as const,
    data: { external_id: view.externalId, filename: view.filename, ticket: view.ticket, state: view.state },
    links: {
      xml: `${base}/xml/${view.externalId}`,
      cdr: view.state === 'accepted' || view.state === 'rejected' ? `${base}/cdr/${view.externalId}` : '',
    },
    response: responseOf(view),
  };
}

/** The downloads segment of a summary kind (RA, RC, RR). */
export function segmentOfSummaryKind(kind: string): DownloadSegment {
  return kind === 'RA' ? 'voided' : kind === 'RR' ? 'reversion' : 'summary';
}
