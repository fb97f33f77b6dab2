// The guides' work behind the routes: issue through the shared pipeline (numbering, signing, storage, the first
// send), send or follow one guide now, list them. Sending and following are one operation: a guide without a ticket
// is sent, one with a ticket is only asked (src/pipeline/dispatch-delivery.ts) — never sent twice.
import { DISPATCH_DOCUMENT_TYPES } from '../../pipeline/dispatch-kind.ts';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { IDENTITY_SELECT, issueDocument, type IssueOptions } from '../../pipeline/issue.ts';
import type { AnyDocumentKind } from '../../pipeline/document-kind.ts';
import { sendStoredDocument } from '../../pipeline/send.ts';
import { errors } from '../../platform/errors.ts';
import { guideData, guideLinks, issueAnswer, sendAnswer, sunatAnswer, type StoredGuide } from './presenter.ts';

const GUIDE_SELECT = {
  ...IDENTITY_SELECT,
  sunatTicket: true,
  sunatResponse: true,
  sendHold: true,
  hasCdr: true,
} as const;

function notFound(externalId: string) {
  return errors.notFound('document_not_found', `La guía con código externo ${externalId} no se encuentra registrada.`);
}

export async function issueGuide(
  deps: PipelineDeps,
  tenant: TenantRef,
  kind: AnyDocumentKind,
  body: unknown,
  options: IssueOptions,
  baseUrl: string,
) {
  const issued = await issueDocument(deps, tenant, kind, body, options);
  const row = await tenant.db.document.findUniqueOrThrow({
    where: { externalId: issued.externalId },
    select: { sunatTicket: true },
  });
  return issueAnswer({ ...issued, sunatTicket: row.sunatTicket }, baseUrl);
}

/**
 * POST /api/dispatches/send and /status_ticket: a registered guide (01) gets one attempt now — sent when it has no
 * ticket, its ticket asked when it has one; an accepted guide is answered as it is; a rejected or held one is 409.
 */
export async function sendOrFollow(
  deps: PipelineDeps,
  tenant: TenantRef,
  externalId: string,
  actor: string,
  baseUrl: string,
) {
  const where = { externalId };
  const guide = await tenant.db.document.findUnique({ where, select: GUIDE_SELECT });
  if (!guide || !(DISPATCH_DOCUMENT_TYPES as readonly string[]).includes(guide.documentType))
    throw notFound(externalId);
  if (guide.stateTypeId === '09')
    throw errors.conflict('document_rejected', 'SUNAT rechazó la guía: emita una nueva (no se puede reenviar).');
  if (guide.sendHold) {
    const held = guide.sunatResponse as { description?: string } | null;
    throw errors.conflict(guide.sendHold, held?.description ?? 'SUNAT tiene otro documento con este número.');
  }
  if (guide.stateTypeId === '01') await sendStoredDocument(deps, tenant, guide.id, { actor, force: true });
  const after = await tenant.db.document.findUniqueOrThrow({ where, select: GUIDE_SELECT });
  return sendAnswer(after as StoredGuide, baseUrl);
}

export const RECORDS_PER_PAGE = 20;

/** GET /api/dispatches/records: the company's guides, newest first, a page at a time. */
export async function guideRecords(tenant: TenantRef, query: { page: number; tipo?: '09' | '31' }, baseUrl: string) {
  const where = { documentType: query.tipo ? query.tipo : { in: [...DISPATCH_DOCUMENT_TYPES] } };
  const [rows, total] = await Promise.all([
    tenant.db.document.findMany({
      where,
      orderBy: { id: 'desc' },
      skip: (query.page - 1) * RECORDS_PER_PAGE,
      take: RECORDS_PER_PAGE,
      select: { ...GUIDE_SELECT, issueDate: true, customerDocNumber: true, customerName: true },
    }),
    tenant.db.document.count({ where }),
  ]);
  return {
    success: true as const,
    data: rows.map((row) => ({
      ...guideData(row),
      document_type_id: row.documentType,
      date_of_issue: row.issueDate.toISOString().slice(0, 10),
      customer_number: row.customerDocNumber,
      customer_name: row.customerName,
      response: sunatAnswer(row.sunatResponse),
      links: guideLinks(baseUrl, row.externalId, row.hasCdr),
    })),
    meta: { page: query.page, per_page: RECORDS_PER_PAGE, total },
  };
}
