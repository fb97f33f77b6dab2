// Issuing a document (POST /api/documents): validate and compute → allocate the number and store the
// document, its lines, the signed XML's record, the first history entry and the e-mail asked for in ONE
// transaction → write the XML → send (unless the body says not to) → the caller renders the envelope.
// A request that fails before the commit leaves nothing behind: no row, no consumed number.
import { signCanonicalXmlOffThread } from '../core/signing/canonical.ts';
import { isDatabaseUnavailable } from '../platform/db/connection-errors.ts';
import { relayAfterCommit } from '../platform/jobs/outbox.ts';
import { errors } from '../platform/errors.ts';
import type { PipelineDeps, TenantRef } from './deps.ts';
import { issuerOf, issuerSnapshot, limaTime, limaToday } from './deps.ts';
import { bindNewSeries, issuingEstablishment } from './establishment.ts';
import { xmlKey, sha256Hex } from './files.ts';
import { writeSignedXml } from './rebuild.ts';
import { fingerprintOf } from '../platform/fingerprint.ts';
import { signingKeyOf } from './keys.ts';
import type { AnyDocumentKind, DocumentKind } from './document-kind.ts';
import {
  DuplicateNumber,
  LAST_NUMBER,
  QuotaExceeded,
  SeriesExhausted,
  SeriesNotRegistered,
  type NewDocument,
  type Quota,
} from './insert.ts';
import type { QueuedEmail } from './insert-statement.ts';
import { insertNumberedInTurn } from './numbering-queue.ts';
import { sendLeaseMs, sendStoredDocument, type SendOptions, type SendResult } from './send.ts';
import { declaredBySummary } from './summaries/delivery.ts';
import type { Warning } from '../core/index.ts';

export interface IssueOptions {
  /** 'user:<id>' — recorded in the history. */
  actor: string;
  now?: Date;
  /** The plan's monthly limit, counted inside the numbering transaction; null or absent: unlimited. */
  quota?: Quota | null;
  /** The e-mail to queue with the document, in its transaction (not for a duplicate: nothing new is stored). */
  email?: QueuedEmail | null;
  /** The request's Idempotency-Key (idempotency_keys row): the document is written on it in its transaction. */
  idempotencyKeyId?: number | null;
  /**
   * A document an earlier request under the same Idempotency-Key stored, its answer lost: that document is the
   * answer (a duplicate), and nothing is stored.
   */
  storedUnderKey?: string | null;
}

/** The identity of a stored document, shared by the row we read and the answer we give. */
interface DocumentIdentity {
  id: number;
  externalId: string;
  documentType: string;
  serie: string;
  number: number;
  filename: string;
  stateTypeId: string;
}

export interface IssuedDocument extends DocumentIdentity {
  hash: string;
  qrText: string | null;
  numberToLetter: string;
  /** SUNAT's answer when the document was sent (now or before, for a duplicate). */
  sunatResponse: { code: string; description: string; notes: string[] } | null;
  hasCdr: boolean;
  wasDuplicate: boolean;
  warnings: Warning[];
  send: SendResult | null;
}

/** A stored document as read with STORED_SELECT. */
export interface Stored extends DocumentIdentity {
  hash: string | null;
  qrText: string | null;
  computed: unknown;
  sunatResponse: unknown;
  files: { kind: string }[];
  /** The establishment it was issued from (0000, the fiscal domicile, unless an annex). */
  establishmentCode: string;
}

/** The columns that name a stored document and its state (DocumentIdentity). */
export const IDENTITY_SELECT = {
  id: true,
  externalId: true,
  documentType: true,
  serie: true,
  number: true,
  filename: true,
  stateTypeId: true,
} as const;

/** The columns a stored document is presented from (issue answers, status, replays). */
export const STORED_SELECT = {
  ...IDENTITY_SELECT,
  hash: true,
  qrText: true,
  computed: true,
  sunatResponse: true,
  establishmentCode: true,
  files: { select: { kind: true } },
} as const;

function asResponse(value: unknown): IssuedDocument['sunatResponse'] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  return {
    code: String(v.code ?? ''),
    description: String(v.description ?? ''),
    notes: Array.isArray(v.notes) ? v.notes.map(String) : [],
  };
}

export function toIssued(
  stored: Stored,
  kind: AnyDocumentKind,
  extra: { wasDuplicate: boolean; warnings: Warning[]; send: SendResult | null },
): IssuedDocument {
  return {
    id: stored.id,
    externalId: stored.externalId,
    documentType: stored.documentType,
    serie: stored.serie,
    number: stored.number,
    filename: stored.filename,
    stateTypeId: stored.stateTypeId,
    hash: stored.hash ?? '',
    qrText: stored.qrText,
    numberToLetter: stored.computed ? kind.numberToLetter(stored.computed) : '',
    sunatResponse: asResponse(stored.sunatResponse),
    hasCdr: stored.files.some((f) => f.kind === 'cdr'),
    ...extra,
  };
}

export async function issueDocument<C>(
  deps: PipelineDeps,
  tenant: TenantRef,
  kind: DocumentKind<C>,
  body: unknown,
  options: IssueOptions,
): Promise<IssuedDocument> {
  const { company } = tenant;
  const now = options.now ?? new Date();
  const issuer = issuerOf(company);
  const prepared = kind.prepare(body, {
    today: limaToday(now),
    timeNow: limaTime(now),
    issuer,
    mode: company.sunatMode === 'production' ? 'production' : 'demo',
    issueDateMaxAgeDays: company.issueDateMaxAgeDays,
  });
  // The body under this key was valid when its document was stored; checked again only for its warnings (a date
  // that has since aged past the limit must not refuse the answer the client is owed).
  if (options.storedUnderKey)
    return documentStoredUnderKey(tenant, kind, options.storedUnderKey, prepared.ok ? prepared.warnings : []);
  if (!prepared.ok) throw errors.fromIssues(prepared.issues);
  const document = await resolvedDocument(kind, prepared.document, tenant);
  const identity = kind.identity(document);
  checkDocumentType(kind, identity.documentType);
  // Where it is issued from (SUNAT 3030): refused here, before the number is taken, when it cannot be.
  const series = { documentType: identity.documentType, serie: identity.series };
  const establishment = await issuingEstablishment(tenant, issuer, body, series);
  const warnings = [...prepared.warnings, ...establishment.warnings];
  if (!establishment.seriesExists && !company.requireRegisteredSeries)
    await bindNewSeries(tenant, series, establishment.code);
  // What tells an identical retry from another document under the same explicit number (existingDocument). A "#"
  // document's number is new by construction, so no later request can be its duplicate: its hash would never be read.
  const fingerprint = identity.number === null ? null : fingerprintOf(body);
  // In summary mode boletas and their notes reach SUNAT by resumen diario (POST /api/summaries), not one by one.
  const sendNow = kind.sendOnIssue(document) && !declaredBySummary(company, identity);
  // The tenant's server, fixed for this issue: its pool numbers and stores, and its e-mail job goes where that
  // server's transactions queue jobs.
  const route = deps.db.route(tenant.schema);
  const builder = documentBuilder(deps, tenant, kind, {
    document,
    identity,
    body,
    fingerprint,
    establishment,
    options,
    leaseUntil: sendNow ? new Date(now.getTime() + sendLeaseMs(deps)) : null,
    jobs: route.jobs,
  });
  const numbering = {
    documentType: identity.documentType,
    serie: identity.series,
    explicitNumber: identity.number,
    requireRegistered: company.requireRegisteredSeries,
  };
  let inserted;
  try {
    inserted = await insertNumberedInTurn(route.pool, tenant.schema, numbering, builder.build, options.quota ?? null);
  } catch (error) {
    if (error instanceof DuplicateNumber) return existingDocument(tenant, kind, identity, fingerprint, warnings);
    throw insertRefusal(error, identity);
  }
  const row = inserted.row;
  if (row.email && route.jobs === 'outbox') await relayAfterCommit(route.pool, deps.db.pool, tenant.schema, deps.log);
  const xml = builder.xmlOf(row.number);
  // Without fsync, and not a failure of this request if it cannot be written: the committed row makes this file
  // again byte for byte (deterministic signature, checked against the stored hash), and every read checks it whole
  // first (src/pipeline/rebuild.ts). The CDR, SUNAT's, is flushed.
  await writeSignedXml(deps, tenant, row.filename, xml);
  const stored = storedOf(inserted.id, row, establishment.code);
  const send = sendNow ? await sendIssued(deps, tenant, stored, { ...row, id: stored.id, xml }, options.actor) : null;
  return toIssued(stored, kind, { wasDuplicate: false, warnings, send });
}

/** The document after the kind's look-ups in the tenant's data (a guide's related documents, say), if it has any. */
async function resolvedDocument<C>(kind: DocumentKind<C>, document: C, tenant: TenantRef): Promise<C> {
  if (!kind.resolve) return document;
  const resolved = await kind.resolve(document, tenant.db);
  if (!resolved.ok) throw errors.fromIssues(resolved.issues);
  return resolved.document;
}

function checkDocumentType(kind: AnyDocumentKind, documentType: string): void {
  if (kind.documentTypes.includes(documentType)) return;
  throw errors.unprocessable(
    'document_type_invalid',
    `El tipo de comprobante ${documentType} no se emite por este endpoint.`,
    [
      {
        path: 'codigo_tipo_documento',
        code: 'document_type_invalid',
        message: `Tipos admitidos: ${kind.documentTypes.join(', ')}.`,
      },
    ],
  );
}

interface BuildInput<C> {
  document: C;
  identity: ReturnType<DocumentKind<C>['identity']>;
  body: unknown;
  fingerprint: string | null;
  establishment: Awaited<ReturnType<typeof issuingEstablishment>>;
  options: IssueOptions;
  leaseUntil: Date | null;
  jobs: QueuedEmail['jobs'];
}

/**
 * What the numbering transaction runs once it holds a number: the document numbered, its XML signed, its row. The
 * signed XML is kept as UTF-8 by number, encoded once: hashed, measured, written and zipped from these bytes. By
 * number because a build may run ahead of its number (numbering-queue.ts) and be dropped if it guessed wrong, and
 * the dropped build can finish after the one for the real number (test/features/documents/late-guess.test.ts).
 */
function documentBuilder<C>(deps: PipelineDeps, tenant: TenantRef, kind: DocumentKind<C>, input: BuildInput<C>) {
  const { company } = tenant;
  const { identity, establishment, options } = input;
  const key = signingKeyOf(tenant.schema, company, deps.secrets);
  const xmlByNumber = new Map<number, Buffer>();
  const build = async (number: number): Promise<NewDocument> => {
    const numbered = kind.assignNumber(input.document, number);
    const signed = await signCanonicalXmlOffThread(kind.buildXml(numbered, establishment.issuer), key);
    const xmlBytes = Buffer.from(signed.xml, 'utf8');
    xmlByNumber.set(number, xmlBytes);
    const filename = `${company.ruc}-${identity.documentType}-${identity.series}-${number}`;
    return {
      externalId: crypto.randomUUID(),
      documentType: identity.documentType,
      serie: identity.series,
      number,
      filename,
      columns: kind.columns(numbered),
      lines: kind.lines(numbered),
      hash: signed.digestValue,
      qrText: kind.qrText(numbered, company.ruc, signed.digestValue),
      fingerprint: input.fingerprint,
      payload: input.body,
      computed: numbered,
      issuer: issuerSnapshot(establishment.issuer, company),
      establishmentCode: establishment.code,
      // To be sent: claimed for this request's own attempt; if the process dies, the worker finds it once the
      // lease is over (next_attempt_at).
      leaseUntil: input.leaseUntil,
      xmlFile: { storageKey: xmlKey(filename), sha256: sha256Hex(xmlBytes), size: xmlBytes.length },
      actor: options.actor,
      email: options.email ? { ...options.email, jobs: input.jobs } : null,
      idempotencyKeyId: options.idempotencyKeyId ?? null,
    };
  };
  return { build, xmlOf: (number: number) => xmlByNumber.get(number)! };
}

/** What the numbering transaction refused, as the client's answer (a duplicate number is answered elsewhere). */
function insertRefusal(error: unknown, identity: { documentType: string; series: string }): unknown {
  if (error instanceof QuotaExceeded) {
    if (error.scope === 'reseller')
      return errors.forbidden(
        'reseller_document_limit_reached',
        `El distribuidor de esta empresa alcanzó su límite de ${error.limit} comprobantes por mes (entre todas sus empresas).`,
      );
    return errors.forbidden(
      'plan_limit_reached',
      `Alcanzó el límite de ${error.limit} comprobantes por mes de su plan. Mejore su plan para seguir emitiendo.`,
    );
  }
  if (error instanceof SeriesNotRegistered) {
    return errors.unprocessable(
      'series_not_registered',
      `La serie ${identity.series} no está registrada para el tipo ${identity.documentType}.`,
      [
        {
          path: 'serie_documento',
          code: 'series_not_registered',
          message: 'Registre la serie antes de emitir con ella.',
        },
      ],
    );
  }
  if (error instanceof SeriesExhausted) return seriesExhausted(identity.series, error.byExplicitNumber);
  return error;
}

/** The document just committed, as presented: state 01, its XML stored. */
function storedOf(id: number, row: NewDocument, establishmentCode: string): Stored {
  return {
    id,
    externalId: row.externalId,
    documentType: row.documentType,
    serie: row.serie,
    number: row.number,
    filename: row.filename,
    stateTypeId: '01',
    hash: row.hash,
    qrText: row.qrText,
    computed: row.computed,
    sunatResponse: null,
    establishmentCode,
    files: [{ kind: 'xml' }],
  };
}

/** This request's own send of the document it stored; `stored` takes the state and SUNAT's answer it made. */
async function sendIssued(
  deps: PipelineDeps,
  tenant: TenantRef,
  stored: Stored,
  claimed: NonNullable<SendOptions['claimed']>,
  actor: string,
): Promise<SendResult> {
  const send = await sendAfterCommit(deps, tenant, stored.id, { actor, claimed });
  stored.stateTypeId = send.state || stored.stateTypeId;
  if (send.outcome) {
    stored.sunatResponse = {
      code: send.outcome.code,
      description: send.outcome.description,
      notes: send.outcome.notes ?? [],
    };
    if (send.outcome.cdrZip) stored.files.push({ kind: 'cdr' });
  }
  return send;
}

/**
 * The document is committed and its number spent: losing the database while recording SUNAT's answer must not
 * read as a failed request, or the client's retry would issue the same sale a second time. The document stays 01
 * and leased; when the lease ends the worker takes it over and first asks SUNAT what it holds.
 */
async function sendAfterCommit(
  deps: PipelineDeps,
  tenant: TenantRef,
  id: number,
  options: SendOptions,
): Promise<SendResult> {
  try {
    return await sendStoredDocument(deps, tenant, id, options);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    deps.log.warn(
      { err: error, documentId: id, schema: tenant.schema },
      'SUNAT answer not recorded: database unavailable',
    );
    const description =
      'El comprobante quedó registrado, pero la base de datos no estuvo disponible para guardar la respuesta de SUNAT: ' +
      'el envío se confirmará automáticamente.';
    return {
      state: '01',
      outcome: { kind: 'unknown', code: 'database_unavailable', description, notes: [], source: 'transport' },
      retryable: true,
    };
  }
}

function seriesExhausted(series: string, byExplicitNumber: boolean) {
  if (byExplicitNumber) {
    return errors.unprocessable(
      'series_exhausted',
      `El número ${LAST_NUMBER} es el último de la serie ${series}: emitirlo con número explícito agotaría la serie. Use "#" o una serie nueva.`,
      [
        {
          path: 'numero_documento',
          code: 'series_exhausted',
          message: `Use un número menor que ${LAST_NUMBER}, "#" o una serie nueva.`,
        },
      ],
    );
  }
  return errors.conflict(
    'series_exhausted',
    `La serie ${series} llegó a su último número (${LAST_NUMBER}): emita con una serie nueva.`,
    [{ path: 'serie_documento', code: 'series_exhausted', message: 'Serie agotada: use una serie nueva.' }],
  );
}

/** The document an earlier request under the same Idempotency-Key stored (its answer lost): a duplicate. */
async function documentStoredUnderKey<C>(
  tenant: TenantRef,
  kind: DocumentKind<C>,
  externalId: string,
  warnings: Warning[],
): Promise<IssuedDocument> {
  const stored = await tenant.db.document.findUnique({ where: { externalId }, select: STORED_SELECT });
  if (!stored)
    throw errors.conflict(
      'document_conflict',
      'El comprobante se está registrando en otra solicitud; intente nuevamente.',
    );
  return toIssued(stored as Stored, kind, { wasDuplicate: true, warnings, send: null });
}

/** An explicit number already used: the same body is the same document (idempotent retry), another body is 409. */
async function existingDocument<C>(
  tenant: TenantRef,
  kind: DocumentKind<C>,
  identity: { documentType: string; series: string; number: number | null },
  fingerprint: string | null,
  warnings: Warning[],
): Promise<IssuedDocument> {
  const existing =
    identity.number === null
      ? null
      : await tenant.db.document.findUnique({
          where: {
            documentType_serie_number: {
              documentType: identity.documentType,
              serie: identity.series,
              number: identity.number,
            },
          },
          select: { ...STORED_SELECT, requestFingerprint: true },
        });
  if (!existing)
    throw errors.conflict(
      'document_conflict',
      'El comprobante se está registrando en otra solicitud; intente nuevamente.',
    );
  if (existing.requestFingerprint !== fingerprint) {
    throw errors.conflict(
      'document_already_exists',
      `El comprobante ${identity.series}-${identity.number} ya existe con otros datos.`,
      [
        {
          path: 'numero_documento',
          code: 'document_already_exists',
          message: `El número ${identity.number} de la serie ${identity.series} ya fue usado.`,
        },
      ],
    );
  }
  return toIssued(existing as Stored, kind, { wasDuplicate: true, warnings, send: null });
}
