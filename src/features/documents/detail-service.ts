// One stored document as GET /api/documents/detail/{external_id} shows it: read in one query with its history,
// summaries and latest e-mails, presented with the same links and descriptions as every other answer.
import { documentTypes } from '../../core/catalogs/index.ts';
import type { TenantRef } from '../../pipeline/deps.ts';
import type { DocumentDetail } from './detail-schemas.ts';
import { downloadLinks, documentNameOf, segmentOfType, stateFieldsOf } from '../../api/presenter.ts';
import { documentNotFound } from '../../api/send-service.ts';

/** E-mails shown per document: the latest ones. */
const EMAILS_SHOWN = 10;

const RECEIPT_TYPES = new Set(['03']);
const INVOICE_TYPES = new Set(['01']);
const NOTE_TYPES = new Set(['07', '08']);

/** Which way a document is voided: facturas and their notes by RA, boletas and theirs by RC, the rest by RR. */
function groupOf(documentType: string, serie: string): DocumentDetail['data']['group'] {
  if (INVOICE_TYPES.has(documentType) || (NOTE_TYPES.has(documentType) && serie.startsWith('F'))) return 'invoice';
  if (RECEIPT_TYPES.has(documentType) || (NOTE_TYPES.has(documentType) && serie.startsWith('B'))) return 'receipt';
  return 'other';
}

/** The receiver's e-mail as the body gave it (the supplier of a retention voucher). */
function receiverEmail(payload: unknown): string | null {
  const body = (payload ?? {}) as Record<string, { correo_electronico?: unknown } | undefined>;
  const value = (body.datos_del_cliente_o_receptor ?? body.datos_del_proveedor)?.correo_electronico;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function answerOf(value: unknown): DocumentDetail['data']['response'] {
  const r = value as { code?: unknown; description?: unknown; notes?: unknown } | null;
  if (!r) return null;
  const notes = Array.isArray(r.notes) ? r.notes.map(String) : [];
  return { code: String(r.code ?? ''), description: String(r.description ?? ''), notes };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

export async function documentDetail(tenant: TenantRef, externalId: string, baseUrl: string): Promise<DocumentDetail> {
  const doc = await tenant.db.document.findUnique({
    where: { externalId },
    include: {
      history: { orderBy: [{ at: 'asc' }, { id: 'asc' }] },
      summaries: { include: { summary: true }, orderBy: { id: 'asc' } },
      emails: { orderBy: { createdAt: 'desc' }, take: EMAILS_SHOWN },
    },
  });
  if (!doc) throw documentNotFound(externalId);
  const links = downloadLinks(baseUrl, segmentOfType(doc.documentType), doc.externalId, doc.hasCdr);
  return {
    success: true,
    data: {
      id: doc.id,
      ...documentNameOf(doc),
      document_type_id: doc.documentType,
      document_type_description: documentTypes.get(doc.documentType)?.description ?? doc.documentType,
      group: groupOf(doc.documentType, doc.serie),
      date_of_issue: day(doc.issueDate),
      time_of_issue: doc.issueTime,
      customer: {
        identity_document_type_id: doc.customerDocType,
        number: doc.customerDocNumber,
        name: doc.customerName,
        email: receiverEmail(doc.payload),
      },
      currency_type_id: doc.currency,
      totals: {
        taxed: doc.totalTaxed.toFixed(2),
        exonerated: doc.totalExonerated.toFixed(2),
        unaffected: doc.totalUnaffected.toFixed(2),
        exportation: doc.totalExportation.toFixed(2),
        free: doc.totalFree.toFixed(2),
        igv: doc.totalIgv.toFixed(2),
        total: doc.total.toFixed(2),
      },
      ...stateFieldsOf(doc.stateTypeId),
      response: answerOf(doc.sunatResponse),
      sending: {
        attempts: doc.sendAttempts,
        next_attempt_at: doc.nextAttemptAt?.toISOString() ?? null,
        last_error: doc.lastError,
        hold: doc.sendHold,
        in_open_summary: doc.summaries.some((line) => line.summary.state !== 'rejected'),
      },
      hash: doc.hash,
      history: doc.history.map((h) => ({
        from_state: h.fromState,
        to_state: h.toState,
        actor: h.actor,
        reason: h.reason,
        at: h.at.toISOString(),
      })),
      summaries: doc.summaries.map(({ summary, reason }) => ({
        kind: summary.kind,
        identifier: summary.identifier,
        external_id: summary.externalId,
        state: summary.state,
        ticket: summary.ticket,
        reason,
      })),
      emails: doc.emails.map((e) => ({
        id: e.id,
        to: e.toAddresses.split(',').map((a) => a.trim()),
        status: e.status,
        attempts: e.attempts,
        last_error: e.lastError,
        created_at: e.createdAt.toISOString(),
        sent_at: e.sentAt?.toISOString() ?? null,
      })),
      links: { ...links, pdf_ticket: `${links.pdf}/ticket` },
      created_at: doc.createdAt.toISOString(),
      updated_at: doc.updatedAt.toISOString(),
    },
  };
}
