// POST {base}/send of any document route: one attempt now for a registered (01) document, the state it is in for
// one SUNAT has answered, a 409 for one it may not send.
import type { PipelineDeps, TenantRef } from '../pipeline/deps.ts';
import { sendStoredDocument } from '../pipeline/send.ts';
import { type AppError, errors } from '../platform/errors.ts';
import { documentNameOf, downloadLinks, stateFieldsOf, sunatAnswerOf, type DownloadSegment } from './presenter.ts';

/** 404 for an external_id no document of the route's types carries. */
export function documentNotFound(externalId: string) {
  return errors.notFound(
    'document_not_found',
    `El documento con código externo ${externalId} no se encuentra registrado.`,
  );
}

interface Sendable {
  stateTypeId: string;
  sendHold: string | null;
  sunatResponse: unknown;
  /** A resumen diario SUNAT has not rejected declares it: the summary is how it reaches SUNAT. */
  declaredInSummaryId: number | null;
}

/** Why the document is not sent now (409), or undefined when it may be (01) or is answered as it is (05/07). */
function sendRefusal(doc: Sendable): AppError | undefined {
  if (doc.sendHold && doc.stateTypeId === '01') {
    // SUNAT holds the number for another (or an unverifiable) document: a resend would only repeat SUNAT's 1033.
    const held = doc.sunatResponse as { description?: string } | null;
    return errors.conflict(
      doc.sendHold,
      held?.description ?? 'SUNAT ya tiene registrado este número: el comprobante no se reenvía.',
    );
  }
  if (doc.stateTypeId === '09')
    return errors.conflict(
      'document_rejected',
      'El comprobante fue rechazado por SUNAT: emita uno nuevo (no se puede reenviar).',
    );
  if (doc.stateTypeId === '11' || doc.stateTypeId === '13')
    return errors.conflict('document_voided', 'El comprobante está anulado o por anular: no se puede enviar.');
  if (doc.stateTypeId === '01' && doc.declaredInSummaryId !== null)
    return errors.conflict(
      'document_in_summary',
      'El comprobante está declarado en un resumen diario que SUNAT no ha rechazado: llega a SUNAT con ese resumen y no se envía solo.',
    );
  return undefined;
}

const SENDABLE = { sendHold: true, sunatResponse: true, declaredInSummaryId: true } as const;

/**
 * POST /api/documents/send: 01 → one attempt now; 05/07 → as they are; 09, 11, 13, held or declared → 409. What
 * changed between the check and the claim (a resumen diario that declared it, a state recorded by hand) is answered
 * as if it had come first: the claim, not the check, decides (send.ts).
 */
export async function sendNow(
  deps: PipelineDeps,
  tenant: TenantRef,
  externalId: string,
  actor: string,
  types: readonly string[],
  segment: DownloadSegment,
  baseUrl: string,
) {
  const doc = await tenant.db.document.findUnique({
    where: { externalId },
    select: { id: true, documentType: true, stateTypeId: true, ...SENDABLE },
  });
  if (!doc || !types.includes(doc.documentType)) throw documentNotFound(externalId);
  const refused = sendRefusal(doc);
  if (refused) throw refused;
  const attempt =
    doc.stateTypeId === '01' ? await sendStoredDocument(deps, tenant, doc.id, { actor, force: true }) : null;
  const after = await tenant.db.document.findUniqueOrThrow({
    where: { id: doc.id },
    select: {
      serie: true,
      number: true,
      filename: true,
      externalId: true,
      stateTypeId: true,
      ...SENDABLE,
      files: { select: { kind: true } },
    },
  });
  if (attempt && attempt.outcome === null) {
    const late = sendRefusal(after);
    if (late) throw late;
  }
  // The answer tells what this send made of the document: a change by hand that lands between the send's commit and
  // this read is the change's own answer, not the send's.
  const state = attempt?.outcome ? attempt.state : after.stateTypeId;
  return {
    success: true as const,
    data: {
      ...documentNameOf(after),
      ...stateFieldsOf(state),
    },
    links: { cdr: downloadLinks(baseUrl, segment, after.externalId, true).cdr },
    response: sunatAnswerOf(after.sunatResponse),
  };
}
