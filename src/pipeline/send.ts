// Sending one stored document to SUNAT: one attempt, never two at once, never a blind resend.
//  - A lease (`locked_until`) makes the attempt exclusive across processes; a crashed attempt's lease expires and
//    the worker takes over.
//  - Any earlier attempt whose answer we did not record may have reached SUNAT: deliverDocument then asks SUNAT
//    first (consult service) or relies on SUNAT's duplicate check (1033 → its CDR). That uncertainty
//    is remembered (send_uncertain) until the document is final: a later definite answer does not erase it.
//  - SUNAT holding the number for another document (a number collision) holds the document for good (send_hold):
//    state 01, never accepted, never retried, with SUNAT's answer and the way on in sunat_response.
//  - Accepted/observed/rejected are final (05/07/09) and stored with the CDR; a timeout or an exception keeps the
//    document in 01 and schedules a retry with backoff through the work queue.
import {
  deliverDocument,
  endpointFor,
  internalFailureOutcome,
  resolveSunatEndpoints,
  serviceForDocumentType,
  zipDocument,
  type DeliverArgs,
  type DeliveryOutcome,
  type SendOutcome,
} from '../sunat/index.ts';
import { solCredentialsOf } from './keys.ts';
import { askValidity, sunatApiAccessOf, sunatApiEndpointsOf, sunatModeOf } from './sunat-api.ts';
import { VALIDITY_DOCUMENT_TYPES } from '../sunat/api/index.ts';
import { enqueue } from '../platform/jobs/queue.ts';
import type { PipelineDeps, TenantRef } from './deps.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import { cdrKey, recordFile, sha256Hex, xmlKey } from './files.ts';
import { FINAL_STATES } from './states.ts';
import { readSignedXml } from './rebuild.ts';
import { numberConflictResponse } from './number-conflict.ts';
import { storeOutcome } from './outcome-store.ts';
import { deliverDispatch } from './dispatch-delivery.ts';
import { isDispatchType } from './dispatch-kind.ts';

/** How long one attempt may hold a document: the SOAP timeout plus the consult, with room to spare. */
export function sendLeaseMs(deps: PipelineDeps): number {
  return deps.config.sunatTimeoutMs * 3 + 10_000;
}

/** Retries: 10 s, 20 s, 40 s … capped at 30 min; after MAX_SEND_ATTEMPTS the document waits for a manual send. */
export const MAX_SEND_ATTEMPTS = 15;
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

export const SEND_JOB = 'send-document';

export interface SendJobPayload {
  tenantId: number;
  schema: string;
  documentId: number;
}

export interface SendResult {
  state: string;
  /** SUNAT's answer for this attempt; null when no attempt was made (already final, or another sender holds it). */
  outcome: SendOutcome | null;
  retryable: boolean;
  /** Why no attempt was made. */
  skipped?: 'final' | 'busy' | 'missing' | 'held';
}

interface Claimed {
  id: number;
  filename: string;
  document_type: string;
  serie: string;
  number: number;
  send_attempts: number;
  computed: unknown;
  issuer: unknown;
  hash: string | null;
  customer_doc_number: string;
  created_at: Date;
  /** An earlier attempt may have reached SUNAT without an answer we recorded. */
  uncertain: boolean;
  /** A dispatch guide's ticket from an earlier send (src/pipeline/dispatch-delivery.ts). */
  sunat_ticket?: string | null;
  /** Issue date (YYYY-MM-DD) and total, for SUNAT's consulta de validez; absent on the issue's own first attempt. */
  issue_day?: string;
  total_text?: string;
}

export interface SendOptions {
  actor: string;
  /** Send even if a retry is scheduled later (the /send endpoint, the worker when due). */
  force?: boolean;
  /** The caller already holds the lease (issue: the document was just inserted claimed) and has the row and XML. */
  claimed?: {
    id: number;
    filename: string;
    documentType: string;
    serie: string;
    number: number;
    computed: unknown;
    issuer: unknown;
    hash: string;
    xml: Buffer;
    columns: { customerDocNumber: string };
  };
}

/**
 * SUNAT's consulta de validez of this document, when the company has API credentials and the validity service sees
 * what its environment received (production, the simulator): after an unanswered attempt, the only way to learn a
 * boleta's fate (getStatusCdr serves facturas alone).
 */
function validityOf(deps: PipelineDeps, tenant: TenantRef, doc: Claimed): DeliverArgs['askValidity'] {
  if (!doc.issue_day || doc.total_text === undefined || !tenant.company.sunatApiClientId) return undefined;
  // Perceptions and retentions are not the consulta's to answer (its codComp): SUNAT's duplicate check guards them.
  if (!(VALIDITY_DOCUMENT_TYPES as readonly string[]).includes(doc.document_type)) return undefined;
  if (!sunatApiEndpointsOf(deps, tenant).validityCoversSends) return undefined;
  const access = sunatApiAccessOf(deps, tenant, 'validity');
  if (!access) return undefined;
  const query = {
    issuerRuc: tenant.company.ruc,
    documentType: doc.document_type,
    serie: doc.serie,
    numero: doc.number,
    issueDate: doc.issue_day,
    total: Number(doc.total_text),
  };
  return () => askValidity(deps, tenant, access, query);
}

export async function sendStoredDocument(
  deps: PipelineDeps,
  tenant: TenantRef,
  documentId: number,
  options: SendOptions,
): Promise<SendResult> {
  const { db } = tenant;
  let doc: Claimed | undefined;
  let xml: Buffer | null = null;
  if (options.claimed) {
    const c = options.claimed;
    // Inserted with send_attempts = 1: this first attempt was counted in the issuing transaction.
    doc = {
      id: c.id,
      filename: c.filename,
      document_type: c.documentType,
      serie: c.serie,
      number: c.number,
      send_attempts: 1,
      computed: c.computed,
      issuer: c.issuer,
      hash: c.hash,
      customer_doc_number: c.columns.customerDocNumber,
      created_at: new Date(),
      uncertain: false,
    };
    xml = c.xml;
  } else {
    doc = await claimForSend(deps, tenant.schema, documentId, options.force ?? false);
  }
  if (!doc) {
    const current = await db.document.findUnique({
      where: { id: documentId },
      select: { stateTypeId: true, sendHold: true },
    });
    if (!current) return { state: '', outcome: null, retryable: false, skipped: 'missing' };
    const skipped = FINAL_STATES.has(current.stateTypeId) ? 'final' : current.sendHold ? 'held' : 'busy';
    return { state: current.stateTypeId, outcome: null, retryable: false, skipped };
  }

  let outcome: DeliveryOutcome;
  try {
    if (!xml) {
      // Lost or cut short by a crash after the commit (it is written without fsync): made again, same bytes.
      const read = await readSignedXml(deps, tenant, {
        documentType: doc.document_type,
        filename: doc.filename,
        hash: doc.hash,
        computed: doc.computed,
        issuer: doc.issuer,
      });
      xml = read.xml;
      if (read.rebuilt) await recordFile(db, doc.id, 'xml', xmlKey(doc.filename), xml);
    }
    if (isDispatchType(doc.document_type)) {
      outcome = await deliverDispatch(deps, tenant, dispatchOf(doc), xml);
      return recordOutcome(deps, tenant, doc, outcome, options.actor);
    }
    const endpoints = resolveSunatEndpoints({
      mode: sunatModeOf(deps, tenant),
      simulatorUrl: sunatModeOf(deps, tenant) === 'simulator' ? deps.sunatSimulatorUrl() : undefined,
      customUrl: tenant.company.sunatEndpointUrl ?? undefined,
    });
    const sol = solCredentialsOf(tenant.schema, tenant.company, deps.secrets);
    outcome = await deliverDocument({
      endpoint: endpointFor(endpoints, serviceForDocumentType(doc.document_type))!,
      consultEndpoint: endpoints.consult,
      credentials: { username: `${tenant.company.ruc}${sol.user}`, password: sol.password },
      fileName: doc.filename,
      zip: zipDocument(doc.filename, xml),
      timeoutMs: deps.config.sunatTimeoutMs,
      previousAttemptUnknown: doc.uncertain,
      askValidity: doc.uncertain ? validityOf(deps, tenant, doc) : undefined,
      expected: {
        serie: doc.serie,
        number: doc.number,
        hash: doc.hash ?? undefined,
        customerNumber: doc.customer_doc_number,
        createdAt: doc.created_at,
      },
    });
  } catch (error) {
    // Our own failure before or around the call (storage, secrets): treated like an unreachable SUNAT.
    deps.log.error({ err: error, documentId, schema: tenant.schema }, 'send failed before reaching SUNAT');
    outcome = { ...internalFailureOutcome(), steps: [], recovered: false, alreadyRegistered: false };
  }
  return recordOutcome(deps, tenant, doc, outcome, options.actor);
}

function dispatchOf(doc: Claimed) {
  return {
    id: doc.id,
    filename: doc.filename,
    documentType: doc.document_type,
    serie: doc.serie,
    number: doc.number,
    hash: doc.hash,
    customerNumber: doc.customer_doc_number,
    createdAt: doc.created_at,
    ticket: doc.sunat_ticket ?? null,
  };
}

/**
 * Takes the document for one attempt. The attempt is counted when it starts and its lease set: if this process
 * dies while SUNAT holds the request, the lease is left behind (a recorded outcome always clears it), and the next
 * attempt knows an earlier one may have arrived and asks SUNAT first.
 */
async function claimForSend(
  deps: PipelineDeps,
  schema: string,
  documentId: number,
  force: boolean,
): Promise<Claimed | undefined> {
  const s = quoteIdent(schema);
  const table = `${s}."documents"`;
  // A boleta declared in a resumen diario that SUNAT has not rejected reaches SUNAT through that summary only:
  // sent alone as well, SUNAT would hold it twice. The summary marks the row itself (declared_in_summary_id) in the
  // transaction that stores it, and a claim is what marks it sent alone (send_attempts > 0), so each path reads the
  // other's mark on the row it locks: this UPDATE, waiting on a summary's row lock, re-reads the row it locked once
  // that summary commits. A subquery on summary_documents would not do: under READ COMMITTED it keeps the snapshot
  // taken before the wait and misses the summary that just committed.
  const { rows } = await deps.db.poolFor(schema).query<Claimed>(
    `WITH prev AS (SELECT id, send_uncertain OR locked_until IS NOT NULL AS uncertain FROM ${table} WHERE id = $1 FOR UPDATE)
     UPDATE ${table} AS d SET locked_until = now() + make_interval(secs => $2::double precision / 1000), send_attempts = d.send_attempts + 1
     FROM prev
     WHERE d.id = prev.id AND d.state_type_id = '01' AND d.send_hold IS NULL AND (d.locked_until IS NULL OR d.locked_until < now())
       AND ($3::boolean OR d.next_attempt_at IS NULL OR d.next_attempt_at <= now())
       AND d.declared_in_summary_id IS NULL
     RETURNING d.id, d.filename, d.document_type, d.serie, d.number, d.send_attempts, d.computed, d.issuer, d.hash, d.customer_doc_number, d.created_at,
       prev.uncertain, to_char(d.issue_date, 'YYYY-MM-DD') AS issue_day, d.total::text AS total_text, d.sunat_ticket`,
    [documentId, sendLeaseMs(deps), force],
  );
  return rows[0];
}

const STATE_OF: Partial<Record<SendOutcome['kind'], string>> = { accepted: '05', observed: '07', rejected: '09' };

async function recordOutcome(
  deps: PipelineDeps,
  tenant: TenantRef,
  doc: Claimed,
  delivered: DeliveryOutcome,
  actor: string,
): Promise<SendResult> {
  const hold = delivered.conflict?.code ?? null;
  const outcome = hold ? { ...delivered, ...numberConflictResponse(delivered.conflict!, doc) } : delivered;
  const state = STATE_OF[outcome.kind] ?? '01';
  const final = state !== '01';
  const uncertain = doc.uncertain || outcome.kind === 'unknown';
  const attempts = doc.send_attempts;
  const zip = outcome.cdrZip ? Buffer.from(outcome.cdrZip) : null;
  const cdr = zip && { key: cdrKey(doc.filename), sha: sha256Hex(zip), size: zip.length, zip };
  const retryAt =
    !final && !hold && attempts < MAX_SEND_ATTEMPTS ? new Date(Date.now() + retryDelayMs(attempts)) : null;
  const response = { code: outcome.code, description: outcome.description, notes: outcome.notes ?? [] };
  const reason = `${outcome.code} ${outcome.description}`.slice(0, 1000);
  await storeOutcome(deps.db.poolFor(tenant.schema), tenant.schema, {
    id: doc.id,
    state,
    response: JSON.stringify(response),
    attempts,
    retryAt,
    lastError: final ? null : reason,
    cdr,
    actor,
    reason: hold ? `${hold}: ${reason}`.slice(0, 1000) : reason,
    historic: final || hold !== null,
    hold,
    uncertain,
  });
  if (retryAt) {
    await enqueue(
      deps.db.pool,
      SEND_JOB,
      { tenantId: tenant.id, schema: tenant.schema, documentId: doc.id } satisfies SendJobPayload,
      {
        runAt: retryAt,
        dedupeKey: `${SEND_JOB}:${tenant.id}:${doc.id}`,
        tenantId: tenant.id,
      },
    );
    deps.wakeWorker?.();
  }
  return { state, outcome, retryable: !final && !hold };
}
