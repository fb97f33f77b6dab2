// Delivering a document without ever registering it twice, losing its CDR, or taking another document's CDR for
// ours. The policy, in one function the pipeline calls for every send:
//  1. After an uncertain attempt (timeout, lost answer, a process that died) SUNAT may already hold the document:
//     ask the consult service first. A CDR found there is the outcome only if it answers OUR document
//     (core/cdr-identity.ts); "does not exist" makes a resend safe; a consult that cannot be reached leaves the
//     document 'unknown' (try later) rather than resending blindly.
//  2. SUNAT's 1033 "registrado previamente con otros datos" / 1032 "informado … rechazado o anulado" say SUNAT holds
//     the number. With no uncertain attempt before, that document cannot be ours (every earlier answer was definite
//     and none registered it): a number collision, final. After an uncertain attempt it may be ours: its CDR
//     decides; where no CDR can be fetched (SUNAT beta, boletas, perceptions) it stays unverified, never accepted.
//  3. Every CDR — the answer to a send included — is checked the same way; one that answers another document is a
//     collision, and is never stored as this document's CDR.
// Documents the consult service cannot answer for (boletas, perceptions: SUNAT 0009/0010) and environments without
// it (SUNAT beta) go straight to the resend, where SUNAT's own duplicate check protects the number — unless the
// caller can ask SUNAT's consulta de validez (`askValidity`: the company's API credentials): accepted there is the
// outcome (without a CDR, which SUNAT gives for no boleta by consult); "does not exist" makes the resend safe; any
// other state, or the service out of reach, leaves the document 'unknown' to be asked again later.
import { identifyCdr, type ExpectedDocument } from '../core/cdr-identity.ts';
import type { ApiResult } from './api/http.ts';
import type { ValidityAnswer } from './api/validity.ts';
import { DOCUMENT_STATES } from './api/validity-codes.ts';
import { getStatusCdr, sendBill, type ConsultCdrResult, type ConsultKey, type SunatCredentials } from './client.ts';
import { parseDocumentName } from './document-name.ts';
import { sunatMessage } from './error-codes.ts';
import type { SendOutcome } from './outcomes.ts';

export interface DeliverArgs {
  /** The send service for this document type (endpoints.ts: invoices or otros CPE). */
  endpoint: string;
  /** billConsultService, when the environment has one (production, simulator, some OSEs). */
  consultEndpoint?: string;
  credentials: SunatCredentials;
  /** Credentials for the consult service when they differ (SUNAT's consult wants a SOL user with that profile). */
  consultCredentials?: SunatCredentials;
  /** "RUC-TT-SERIE-NUMERO" (with or without .zip). */
  fileName: string;
  zip: Uint8Array;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** True when an earlier attempt for this same document may have reached SUNAT without an answer we recorded. */
  previousAttemptUnknown: boolean;
  /** What a CDR must name to be this document's (number, digest of the signed XML, customer, creation time). */
  expected: ExpectedDocument;
  /**
   * SUNAT's consulta de validez of this document (its issue date and total in the query), when the company has API
   * credentials and the validity service sees this environment's documents; asked after an uncertain attempt of a
   * document the consult service does not serve.
   */
  askValidity?: () => Promise<ApiResult<ValidityAnswer>>;
}

export interface DeliveryStep {
  action: 'consult' | 'validity' | 'send' | 'consult-registered' | 'identify';
  /** Short machine-readable result: 'found', 'not-found', 'no-cdr:0001', 'failed:TIMEOUT', 'outcome:accepted:0' … */
  result: string;
}

/**
 * SUNAT holds this document's number for a document that is not provably ours. `number_taken`: it is another
 * document (a CDR that answers another one, or 1033/1032 with no uncertain attempt before). `number_unverified`:
 * after an uncertain attempt SUNAT holds the number, and no CDR can be had to tell whose document it is.
 */
export interface NumberConflict {
  code: 'number_taken' | 'number_unverified';
  /** SUNAT's code that revealed it ('1033', '1032', '0001'…; the CDR's code when a CDR answered another document). */
  sunatCode: string;
  /** Spanish: what SUNAT showed. */
  reason: string;
}

export interface DeliveryOutcome extends SendOutcome {
  /** What was done, in order (the pipeline logs it; tests prove no blind resend happened). */
  steps: DeliveryStep[];
  /** True when the outcome came from SUNAT's copy instead of the answer to a send. */
  recovered: boolean;
  /** True when SUNAT said the document was already registered (1033/1032 on a resend). */
  alreadyRegistered: boolean;
  /** Set when the number is held at SUNAT by a document not provably ours: never accepted, never resent. */
  conflict?: NumberConflict;
}

/** SUNAT's consult service answers only for facturas and their notes (01/07/08 with an F series: 0009/0010). */
export function isConsultable(key: Pick<ConsultKey, 'tipo' | 'serie'>): boolean {
  return (key.tipo === '01' || key.tipo === '07' || key.tipo === '08') && /^F/.test(key.serie);
}

/** A consult answer without a CDR: 0002 (the number's document was rejected) ends like a rejection; 0001/0003 say
 *  a document holds the number, but without its CDR nothing shows it is ours. */
function fromConsult(result: Extract<ConsultCdrResult, { kind: 'no-cdr' }>): SendOutcome | NumberConflict | undefined {
  switch (result.statusCode) {
    case '0001':
    case '0003':
      return {
        code: 'number_unverified',
        sunatCode: result.statusCode,
        reason: `SUNAT ${result.statusCode}: ${result.statusMessage} (sin constancia que muestre de qué documento se trata)`,
      };
    case '0002':
      return { kind: 'rejected', code: '0002', description: result.statusMessage, notes: [], source: 'consult' };
    default:
      return undefined;
  }
}

export async function deliverDocument(args: DeliverArgs): Promise<DeliveryOutcome> {
  const steps: DeliveryStep[] = [];
  const name = parseDocumentName(args.fileName);
  const key: ConsultKey | undefined = name && {
    ruc: name.ruc,
    tipo: name.tipo,
    serie: name.serie,
    numero: name.numero,
  };
  const canConsult = Boolean(args.consultEndpoint && key && isConsultable(key));
  const consult = () =>
    getStatusCdr({
      endpoint: args.consultEndpoint!,
      credentials: args.consultCredentials ?? args.credentials,
      timeoutMs: args.timeoutMs,
      signal: args.signal,
      ...key!,
    });
  const done = (outcome: SendOutcome, recovered: boolean, alreadyRegistered = false): DeliveryOutcome => ({
    ...outcome,
    steps,
    recovered,
    alreadyRegistered,
  });
  // Never carries the other document's CDR: nothing of it may be stored as this document's.
  const collision = (conflict: NumberConflict, alreadyRegistered: boolean): DeliveryOutcome => ({
    ...done(
      { kind: 'exception', code: conflict.code, description: conflict.reason, notes: [], source: 'fault' },
      false,
      alreadyRegistered,
    ),
    conflict,
  });
  // Every CDR, whatever brought it, is checked against our document before it may become the outcome.
  const judged = (outcome: SendOutcome, recovered: boolean, alreadyRegistered = false): DeliveryOutcome => {
    if (!outcome.cdr) return done(outcome, recovered, alreadyRegistered);
    const identity = identifyCdr(outcome.cdr, { ruc: name?.ruc, documentType: name?.tipo, ...args.expected });
    if (identity.ours) return done(outcome, recovered, alreadyRegistered);
    steps.push({ action: 'identify', result: 'other' });
    return collision({ code: 'number_taken', sunatCode: outcome.code, reason: identity.reason }, alreadyRegistered);
  };
  const fromNoCdr = (
    found: Extract<ConsultCdrResult, { kind: 'no-cdr' }>,
    alreadyRegistered: boolean,
  ): DeliveryOutcome | undefined => {
    const known = fromConsult(found);
    if (!known) return undefined;
    return 'kind' in known ? done(known, true, alreadyRegistered) : collision(known, alreadyRegistered);
  };

  if (args.previousAttemptUnknown && canConsult) {
    const found = await consult();
    steps.push({ action: 'consult', result: describe(found) });
    if (found.kind === 'found') return judged(found.outcome, true);
    if (found.kind === 'no-cdr') {
      // SUNAT has no answer yet (e.g. 0014): the document may exist; do not resend on a guess.
      return (
        fromNoCdr(found, false) ??
        done(
          { kind: 'unknown', code: found.statusCode, description: found.statusMessage, notes: [], source: 'consult' },
          false,
        )
      );
    }
    if (found.kind === 'failed' && found.outcome.kind === 'unknown') {
      // SUNAT unreachable: stay 'unknown' and let the caller retry later.
      return done(found.outcome, false);
    }
    // 'not-found' → a resend is safe. A consult refused outright (credentials, profile) cannot tell us more; the
    // resend below is still guarded by SUNAT's duplicate check (1033 → the CDR, checked, or unverified).
  }

  if (args.previousAttemptUnknown && !canConsult && args.askValidity) {
    const answer = await args.askValidity();
    steps.push({ action: 'validity', result: describeValidity(answer) });
    const settled = fromValidity(answer);
    if (settled) return done(settled, settled.kind === 'accepted');
    // Not at SUNAT → the resend is safe. Credentials or a query SUNAT refuses cannot tell more: the resend is still
    // guarded by SUNAT's duplicate check, as without them.
  }

  const outcome = await sendBill({
    endpoint: args.endpoint,
    credentials: args.credentials,
    fileName: args.fileName,
    zip: args.zip,
    timeoutMs: args.timeoutMs,
    signal: args.signal,
  });
  steps.push({ action: 'send', result: `outcome:${outcome.kind}:${outcome.code}` });

  const registeredBefore = outcome.code === '1033' || outcome.code === '1032';
  if (!registeredBefore) return judged(outcome, false);
  const said = `SUNAT ${outcome.code}: ${outcome.description || sunatMessage(outcome.code)}`;
  // Every earlier answer was definite and none registered this document: the number holds another one.
  if (!args.previousAttemptUnknown)
    return collision({ code: 'number_taken', sunatCode: outcome.code, reason: said }, false);

  // The earlier, unanswered attempt may have registered this very document: only its CDR can tell.
  if (canConsult) {
    const found = await consult();
    steps.push({ action: 'consult-registered', result: describe(found) });
    if (found.kind === 'found') return judged(found.outcome, true, true);
    if (found.kind === 'no-cdr') {
      const known = fromNoCdr(found, true);
      if (known) return known;
    }
    if (found.kind === 'failed' && found.outcome.kind === 'unknown') return done(found.outcome, false, true);
    if (found.kind === 'not-found' || found.kind === 'no-cdr') {
      // SUNAT's two services disagree for now (the consult may lag behind the registration): ask again later.
      return done(
        {
          kind: 'unknown',
          code: found.statusCode,
          description: `${said}; consulta: ${found.statusMessage}`,
          notes: [],
          source: 'consult',
        },
        false,
        true,
      );
    }
  }
  // No CDR to be had (SUNAT beta, boletas, perceptions, a consult refused): SUNAT holds the number, but nothing
  // shows whether the document it holds is this one. Resending would only repeat the 1033.
  return collision(
    {
      code: 'number_unverified',
      sunatCode: outcome.code,
      reason: `${said} (después de un envío sin respuesta; SUNAT no permite consultar la constancia de este comprobante)`,
    },
    true,
  );
}

function describe(result: ConsultCdrResult): string {
  switch (result.kind) {
    case 'found':
      return 'found';
    case 'not-found':
      return `not-found:${result.statusCode}`;
    case 'no-cdr':
      return `no-cdr:${result.statusCode}`;
    case 'failed':
      return `failed:${result.outcome.code}`;
  }
}

/**
 * What the consulta de validez settles: accepted (1) is the outcome — SUNAT holds this number, issue date and total
 * as a valid boleta after our own unanswered attempt — without a CDR; any state but "does not exist" (0), or the
 * service out of reach, leaves it unknown (asked again later). Undefined: resend.
 */
function fromValidity(answer: ApiResult<ValidityAnswer>): SendOutcome | undefined {
  if (answer.kind === 'failed') {
    if (answer.failure.kind !== 'unavailable') return undefined;
    const { code, message } = answer.failure;
    return { kind: 'unknown', code, description: `Consulta de validez: ${message}`, notes: [], source: 'validity' };
  }
  const state = answer.value.estadoCp;
  if (state === '0') return undefined;
  if (state === '1') {
    return {
      kind: 'accepted',
      code: '0',
      description:
        'Aceptado según la consulta de validez de SUNAT (estado 1). Sin CDR: SUNAT no entrega por consulta la constancia de este comprobante.',
      notes: [],
      source: 'validity',
    };
  }
  return {
    kind: 'unknown',
    code: `VALIDITY_${state}`,
    description: `Consulta de validez de SUNAT: ${DOCUMENT_STATES[state] ?? 'estado desconocido'} (estado ${state}); se volverá a consultar.`,
    notes: [],
    source: 'validity',
  };
}

function describeValidity(answer: ApiResult<ValidityAnswer>): string {
  return answer.kind === 'ok'
    ? `estado:${answer.value.estadoCp}`
    : `failed:${answer.failure.kind}:${answer.failure.code}`;
}
