// The webhook event types. The database writes them (the triggers of the tenant migration 0028_webhooks, in the
// transaction of each change of state); this table is what the API accepts in `eventos` and documents.
/** The families of subjects: documents and their kinds by type (40, 20, 09/31, 04), and summaries (RA, RC, RR). */
export const EVENT_FAMILIES = ['document', 'perception', 'retention', 'guide', 'settlement', 'summary'] as const;

/** A document's state (FacturadorPro's codes) → its event suffix; any other change is `state_changed`. */
const DOCUMENT_SUFFIXES = ['accepted', 'observed', 'rejected', 'voided', 'state_changed'] as const;
/** A summary is accepted or rejected by SUNAT; sending → pending is `state_changed`. */
const SUMMARY_SUFFIXES = ['accepted', 'rejected', 'state_changed'] as const;

/** Sent by POST /api/webhooks/{id}/test only, to that endpoint. */
export const TEST_EVENT = 'webhook.test';

export const EVENT_TYPES: readonly string[] = EVENT_FAMILIES.flatMap((family) =>
  (family === 'summary' ? SUMMARY_SUFFIXES : DOCUMENT_SUFFIXES).map((suffix) => `${family}.${suffix}`),
);

/** An `eventos` entry: a type, or `<family>.*` for every type of a family. */
export function isEventPattern(value: string): boolean {
  return EVENT_TYPES.includes(value) || EVENT_FAMILIES.some((family) => value === `${family}.*`);
}
