// Delivering a document without ever registering it twice or losing its CDR (issue 4 §3). The policy, in one
// function the pipeline calls for every send:
//  1. After an 'unknown' attempt (timeout, lost answer) SUNAT may already hold the document: ask the consult
//     service first. A CDR found there IS the outcome; "does not exist" makes a resend safe; a consult that cannot
//     be reached leaves the document 'unknown' (try later) rather than resending blindly.
//  2. On a resend, SUNAT's 1033 "registrado previamente" (and 1032 "informado … rechazado/anulado") mean the first
//     attempt did arrive: fetch that CDR instead of turning the document into an error.
// Documents the consult service cannot answer for (boletas, perceptions: SUNAT 0009/0010) and environments without
// it (SUNAT beta) go straight to the resend, where SUNAT's own duplicate check protects the number.
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
  /** True when an earlier attempt for this same document ended 'unknown'. */
  previousAttemptUnknown: boolean;
}

export interface DeliveryStep {
  action: 'consult' | 'send' | 'consult-registered';
  /** Short machine-readable result: 'found', 'not-found', 'no-cdr:0001', 'failed:TIMEOUT', 'outcome:accepted:0' … */
  result: string;
}

export interface DeliveryOutcome extends SendOutcome {
  /** What was done, in order (the pipeline logs it; tests prove no blind resend happened). */
  steps: DeliveryStep[];
  /** True when the outcome came from SUNAT's copy instead of the answer to a send. */
  recovered: boolean;
  /** True when SUNAT said the document was already registered (1033/1032 on a resend). */
  alreadyRegistered: boolean;
}

/** SUNAT's consult service answers only for facturas and their notes (01/07/08 with an F series: 0009/0010). */
export function isConsultable(key: Pick<ConsultKey, 'tipo' | 'serie'>): boolean {
  return (key.tipo === '01' || key.tipo === '07' || key.tipo === '08') && /^F/.test(key.serie);
}

function fromConsult(result: Extract<ConsultCdrResult, { kind: 'no-cdr' }>): SendOutcome | undefined {
  const base = { notes: [], source: 'consult' as const };
  switch (result.statusCode) {
    case '0001':
      return {
        ...base,
        kind: 'accepted',
        code: '0',
        description: `${result.statusMessage} (constancia no disponible en la consulta)`,
      };
    case '0003':
      return {
        ...base,
        kind: 'accepted',
        code: '0',
        description: `${result.statusMessage} (constancia no disponible en la consulta)`,
      };
    case '0002':
      return { ...base, kind: 'rejected', code: '0002', description: result.statusMessage };
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

  if (args.previousAttemptUnknown && canConsult) {
    const found = await consult();
    steps.push({ action: 'consult', result: describe(found) });
    if (found.kind === 'found') return done(found.outcome, true);
    if (found.kind === 'no-cdr') {
      const known = fromConsult(found);
      if (known) return done(known, true);
      // SUNAT has no answer yet (e.g. 0014): the document may exist; do not resend on a guess.
      return done(
        { kind: 'unknown', code: found.statusCode, description: found.statusMessage, notes: [], source: 'consult' },
        false,
      );
    }
    if (found.kind === 'failed' && found.outcome.kind === 'unknown') {
      // SUNAT unreachable: stay 'unknown' and let the caller retry later.
      return done(found.outcome, false);
    }
    // 'not-found' → a resend is safe. A consult refused outright (credentials, profile) cannot tell us more; the
    // resend below is still guarded by SUNAT's duplicate check (1033 → fetch the existing CDR).
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
  if (!(registeredBefore && args.previousAttemptUnknown)) return done(outcome, false);

  // The earlier, lost attempt did reach SUNAT. Its CDR is the truth.
  if (canConsult) {
    const found = await consult();
    steps.push({ action: 'consult-registered', result: describe(found) });
    if (found.kind === 'found') return done(found.outcome, true, true);
    if (found.kind === 'no-cdr') {
      const known = fromConsult(found);
      if (known) return done(known, true, true);
    }
    if (found.kind === 'failed' && found.outcome.kind === 'unknown') return done(found.outcome, false, true);
  }
  if (outcome.code === '1033') {
    // No way to fetch the CDR here (SUNAT beta, boletas, perceptions). 1033 — unlike 1032 ("anulado o rechazado") —
    // says SUNAT holds the number as a valid document, and what we resent is byte-for-byte the document of the lost
    // attempt: it stands accepted, without a constancia.
    return done(
      {
        kind: 'accepted',
        code: '0',
        description: `${sunatMessage('1033')} (SUNAT 1033 al reenviar tras una respuesta perdida: el comprobante ya estaba registrado; la constancia no pudo obtenerse por el servicio de consulta)`,
        notes: [],
        source: 'fault',
        httpStatus: outcome.httpStatus,
      },
      true,
      true,
    );
  }
  return done(outcome, false, true);
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
