// POST /api/services/consult_cdr_status: asks SUNAT's consult service (getStatusCdr) what it holds for one of our
// documents. A CDR that answers OUR document (src/core/cdr-identity.ts, the rule every CDR is judged by) is stored
// and its state applied as a send's would be (0 → 05, observations → 07, 2000–3999 → 09); any other answer is
// reported and changes nothing.
import { identifyCdr } from '../core/cdr-identity.ts';
import {
  getStatusCdr,
  isConsultable,
  resolveSunatEndpoints,
  type ConsultCdrResult,
  type SendOutcome,
  type SunatMode,
} from '../sunat/index.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import { solCredentialsOf } from './keys.ts';
import type { PipelineDeps, TenantRef } from './deps.ts';
import { cdrKey, sha256Hex } from './files.ts';

export interface ConsultTarget {
  id: number;
  documentType: string;
  serie: string;
  number: number;
  filename: string;
  hash: string | null;
  stateTypeId: string;
}

export type ConsultReport =
  /** The environment has no consult service (SUNAT beta). */
  | { kind: 'unavailable' }
  /** SUNAT could not be reached or answered with a fault. */
  | { kind: 'failed'; outcome: SendOutcome }
  /** SUNAT answered without a CDR (0011 not found, 0001 known state…). */
  | { kind: 'no-cdr'; statusCode: string; statusMessage: string }
  /** SUNAT's CDR is another document's: not stored, nothing applied. */
  | { kind: 'mismatch'; outcome: SendOutcome; reason: string }
  /** Our CDR: stored; `state` is the document's state after applying it. */
  | { kind: 'stored'; outcome: SendOutcome; state: string; applied: boolean };

const STATE_OF: Partial<Record<SendOutcome['kind'], string>> = { accepted: '05', observed: '07', rejected: '09' };
/** States a CDR may set: never over a void in progress or done (13, 11), which only a voiding CDR decides. */
const APPLICABLE_FROM = ['01', '05', '07', '09'];

function consultEndpoint(deps: PipelineDeps, tenant: TenantRef): string | undefined {
  const mode: SunatMode =
    tenant.company.sunatMode === 'production'
      ? 'production'
      : deps.config.sunatMode === 'production'
        ? 'beta'
        : deps.config.sunatMode;
  return resolveSunatEndpoints({
    mode,
    simulatorUrl: mode === 'simulator' ? deps.sunatSimulatorUrl() : undefined,
    customUrl: tenant.company.sunatEndpointUrl ?? undefined,
  }).consult;
}

/** SUNAT's consult service answers only for facturas and their notes with an F series (its 0009/0010). */
export function canConsult(doc: Pick<ConsultTarget, 'documentType' | 'serie'>): boolean {
  return isConsultable({ tipo: doc.documentType, serie: doc.serie });
}

async function ask(deps: PipelineDeps, tenant: TenantRef, doc: ConsultTarget, endpoint: string) {
  const sol = solCredentialsOf(tenant.schema, tenant.company, deps.secrets);
  return getStatusCdr({
    endpoint,
    credentials: { username: `${tenant.company.ruc}${sol.user}`, password: sol.password },
    timeoutMs: deps.config.sunatTimeoutMs,
    ruc: tenant.company.ruc,
    tipo: doc.documentType,
    serie: doc.serie,
    numero: String(doc.number),
  });
}

export async function consultCdr(
  deps: PipelineDeps,
  tenant: TenantRef,
  doc: ConsultTarget,
  actor: string,
): Promise<ConsultReport> {
  const endpoint = consultEndpoint(deps, tenant);
  if (!endpoint) return { kind: 'unavailable' };
  const found: ConsultCdrResult = await ask(deps, tenant, doc, endpoint);
  if (found.kind === 'failed') return { kind: 'failed', outcome: found.outcome };
  if (found.kind !== 'found')
    return { kind: 'no-cdr', statusCode: found.statusCode, statusMessage: found.statusMessage };
  const outcome = found.outcome;
  const expected = { ...doc, ruc: tenant.company.ruc, hash: doc.hash ?? undefined };
  const ownership = outcome.cdr ? identifyCdr(outcome.cdr, expected) : { ours: false as const, reason: 'CDR ilegible' };
  if (!ownership.ours || !outcome.cdrZip) {
    deps.log.warn({ schema: tenant.schema, documentId: doc.id, reason: ownership }, 'consulted CDR is not ours');
    return { kind: 'mismatch', outcome, reason: ownership.ours ? 'CDR sin contenido' : ownership.reason };
  }
  return storeAndApply(deps, tenant, doc, outcome, actor);
}

/** The CDR (its bytes in its file row), the state and the history entry: one atomic statement. */
async function storeAndApply(
  deps: PipelineDeps,
  tenant: TenantRef,
  doc: ConsultTarget,
  outcome: SendOutcome,
  actor: string,
): Promise<ConsultReport> {
  const zip = Buffer.from(outcome.cdrZip!);
  const key = cdrKey(doc.filename);
  const target = STATE_OF[outcome.kind] ?? doc.stateTypeId;
  const response = { code: outcome.code, description: outcome.description, notes: outcome.notes ?? [] };
  const s = quoteIdent(tenant.schema);
  // A send holding the lease decides the state itself; the CDR file row is recorded either way, and so is the
  // list's copy of it (has_cdr, list-query.ts): by upd when the state changes, else by flag — never both, since a
  // statement may not update one row twice.
  const { rows } = await deps.db.poolFor(tenant.schema).query<{ from_state: string; applied: boolean }>(
    `WITH cur AS (SELECT id, state_type_id FROM ${s}."documents" WHERE id = $1 FOR UPDATE)
     , upd AS (
       UPDATE ${s}."documents" d SET state_type_id = $2, sunat_response = $3::jsonb, next_attempt_at = NULL,
         last_error = NULL, updated_at = now(), has_cdr = true
       FROM cur WHERE d.id = cur.id AND cur.state_type_id = ANY($4::text[])
         AND (d.locked_until IS NULL OR d.locked_until < now())
       RETURNING d.id)
     , flag AS (
       UPDATE ${s}."documents" d SET has_cdr = true
       FROM cur WHERE d.id = cur.id AND NOT d.has_cdr AND NOT EXISTS (SELECT 1 FROM upd))
     , f AS (INSERT INTO ${s}."document_files" (document_id, kind, storage_key, sha256, size, data)
         SELECT id, 'cdr', $5::text, $6::text, $7::int, $10::bytea FROM cur
         ON CONFLICT (document_id, kind) DO UPDATE SET storage_key = EXCLUDED.storage_key, sha256 = EXCLUDED.sha256, size = EXCLUDED.size,
           data = EXCLUDED.data)
     , h AS (INSERT INTO ${s}."document_state_history" (document_id, from_state, to_state, actor, reason)
         SELECT cur.id, cur.state_type_id, $2, $8, $9 FROM cur JOIN upd ON upd.id = cur.id WHERE cur.state_type_id <> $2)
     SELECT cur.state_type_id AS from_state, EXISTS (SELECT 1 FROM upd) AS applied FROM cur`,
    [
      doc.id,
      target,
      JSON.stringify(response),
      APPLICABLE_FROM,
      key,
      sha256Hex(zip),
      zip.length,
      actor,
      `consult_cdr_status ${outcome.code} ${outcome.description}`.slice(0, 1000),
      zip,
    ],
  );
  const applied = rows[0]?.applied === true;
  return { kind: 'stored', outcome, state: applied ? target : (rows[0]?.from_state ?? doc.stateTypeId), applied };
}
