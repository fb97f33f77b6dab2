// The comunicación de baja and the resumen de reversiones (stored the same way), the resumen diario: store it
// (checked, numbered, signed, documents in 13) and make the first SUNAT attempt; the status route advances it one
// step or answers from what is stored.
import { advanceSummary, type SummaryRow } from '../../pipeline/summaries/follow.ts';
import { storeSummary, type SummaryRequest } from '../../pipeline/summaries/store-summary.ts';
import { storeVoided, type VoidRequest } from '../../pipeline/summaries/store-voided.ts';
import type { SummaryKind } from '../../pipeline/summaries/kinds.ts';
import type { StoredSummary } from '../../pipeline/summaries/persist.ts';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { errors } from '../../platform/errors.ts';
import type { SummaryView } from './presenter.ts';

const VIEW = {
  id: true,
  kind: true,
  externalId: true,
  filename: true,
  ticket: true,
  state: true,
  sunatResponse: true,
  lastError: true,
  createdAt: true,
} as const;

async function load(tenant: TenantRef, where: { id: number } | { externalId: string }) {
  return tenant.db.summary.findUnique({ where, select: VIEW });
}

/** Stores the summary, then makes the first SUNAT attempt (its failure is the worker's to retry). */
async function storeAndSend(deps: PipelineDeps, tenant: TenantRef, stored: StoredSummary): Promise<SummaryView> {
  const row = (await load(tenant, { id: stored.id }))!;
  await advanceSummary(deps, tenant, row as SummaryRow);
  return (await load(tenant, { id: stored.id }))!;
}

export async function createVoided(deps: PipelineDeps, tenant: TenantRef, request: VoidRequest): Promise<SummaryView> {
  return storeAndSend(deps, tenant, await storeVoided(deps, tenant, request));
}

export async function createSummary(
  deps: PipelineDeps,
  tenant: TenantRef,
  request: SummaryRequest,
): Promise<SummaryView> {
  return storeAndSend(deps, tenant, await storeSummary(deps, tenant, request));
}

const NOUNS: Record<SummaryKind, string> = { RA: 'anulación', RC: 'resumen', RR: 'reversión' };

/** A summary by external_id or ticket; `documentType` keeps an RR to the route of the vouchers it reverts. */
/**
 * The latest summary of `kind` that carries the document `externalId`: the status of a void asked by the voided
 * document's own external_id (what an ERP keeps) rather than the void's.
 */
function latestSummaryOf(tenant: TenantRef, kind: SummaryKind, externalId: string, documentType?: string) {
  return tenant.db.summary.findFirst({
    where: { kind, documents: { some: { document: { externalId, ...(documentType ? { documentType } : {}) } } } },
    orderBy: { id: 'desc' },
    select: VIEW,
  });
}

export async function summaryStatus(
  deps: PipelineDeps,
  tenant: TenantRef,
  kind: SummaryKind,
  key: { external_id?: string; ticket?: string },
  documentType?: string,
): Promise<SummaryView> {
  const where = {
    kind,
    ...(key.external_id ? { externalId: key.external_id } : { ticket: key.ticket }),
    ...(documentType ? { documents: { some: { document: { documentType } } } } : {}),
  };
  const row =
    (await tenant.db.summary.findFirst({ where, select: VIEW })) ??
    (key.external_id ? await latestSummaryOf(tenant, kind, key.external_id, documentType) : null);
  if (!row) {
    const what = key.external_id ? `El código externo ${key.external_id}` : `El ticket ${key.ticket}`;
    const noun = NOUNS[kind];
    throw errors.notFound('summary_not_found', `${what} es inválido, no se encontró ${noun} relacionado.`);
  }
  if (row.state === 'accepted' || row.state === 'rejected') return row;
  await advanceSummary(deps, tenant, row as SummaryRow);
  return (await load(tenant, { id: row.id }))!;
}
