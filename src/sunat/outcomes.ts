// SUNAT outcomes are values (architecture.md rule 2). Every client call ends in one of five kinds, never in a
// thrown error: accepted (0), observed (0 with 4000+ notes, or ≥ 4000), rejected (2000–3999: the number is spent),
// exception (0100–1999: not processed, fix and resend the same number) and unknown (transport failure, timeout,
// an unreadable answer: SUNAT may or may not have registered the document — recover by consulting, never by a
// blind resend).
import { classifySunatCode, parseCdr, type CdrResponse, type SunatOutcomeKind } from '../core/cdr.ts';
import { describeSunatCode, sunatMessage } from './error-codes.ts';
import { faultSunatCode, type SoapFault } from './soap.ts';
import { unzipCdr } from './zip.ts';

export type OutcomeKind = SunatOutcomeKind;

/** Codes of the 'unknown' outcomes (they are ours, not SUNAT's, hence not numeric). */
export type TransportCode =
  | 'INTERNAL'
  | 'TIMEOUT'
  | 'NETWORK'
  | 'ABORTED'
  | 'EMPTY_RESPONSE'
  | 'INVALID_RESPONSE'
  | 'CDR_INVALID'
  | 'SOAP_FAULT'
  | `HTTP_${number}`;

export interface SendOutcome {
  kind: OutcomeKind;
  /** SUNAT's code ('0', '4252', '2335', '0156') or a TransportCode for 'unknown'. */
  code: string;
  /** SUNAT's text (CDR Description, faultstring, or the catalogue's message); Spanish. */
  description: string;
  /** The CDR's cbc:Note texts ("4252 - …"); empty without a CDR. */
  notes: string[];
  /** SUNAT's zip exactly as received — store it as is (`cdr/R-{filename}.zip`). */
  cdrZip?: Buffer;
  cdr?: CdrResponse;
  /** What the outcome was read from. */
  source: 'cdr' | 'fault' | 'transport' | 'consult' | 'validity';
  /** HTTP status of the answer, when there was one. */
  httpStatus?: number;
}

/** The outcome a CDR zip states; an unreadable zip or CDR is 'unknown' (SUNAT answered, but we cannot tell what). */
export function outcomeFromCdrZip(cdrZip: Buffer, httpStatus?: number): SendOutcome {
  let cdr: CdrResponse;
  try {
    cdr = parseCdr(unzipCdr(cdrZip).xml);
  } catch (error) {
    return unknownOutcome(
      'CDR_INVALID',
      `SUNAT respondió con un CDR ilegible: ${error instanceof Error ? error.message : String(error)}`,
      httpStatus,
    );
  }
  return {
    kind: cdr.outcome,
    code: cdr.code,
    description: cdr.description || sunatMessage(cdr.code),
    notes: cdr.notes,
    cdrZip,
    cdr,
    source: 'cdr',
    httpStatus,
  };
}

/** A SOAP fault: its SUNAT code decides the kind; a fault without a number is 'unknown' (nothing says it was not processed). */
export function outcomeFromFault(fault: SoapFault, httpStatus?: number): SendOutcome {
  const code = faultSunatCode(fault);
  if (!code) {
    return {
      kind: 'unknown',
      code: 'SOAP_FAULT',
      description: fault.faultstring || fault.faultcode || 'SUNAT respondió con un SOAP Fault sin código.',
      notes: [],
      source: 'fault',
      httpStatus,
    };
  }
  const text = fault.faultstring.trim();
  // When the code travels in faultstring, the text may be just "0111" or "0111 - message": keep the message part.
  const stripped = text.replace(new RegExp(`^\\s*(?:${code}|${Number(code)})\\s*(?:[-:]\\s*)?`), '').trim();
  return {
    kind: classifySunatCode(code),
    code,
    description: stripped || describeSunatCode(code) || text || `Código SUNAT ${code}`,
    notes: [],
    source: 'fault',
    httpStatus,
  };
}

/** Our own failure before or around a call (storage, secrets): treated like an unreachable SUNAT, retried. */
export function internalFailureOutcome(): SendOutcome {
  return unknownOutcome('INTERNAL', 'Error interno al preparar el envío');
}

export function unknownOutcome(code: TransportCode, description: string, httpStatus?: number): SendOutcome {
  return { kind: 'unknown', code, description, notes: [], source: 'transport', httpStatus };
}

/** An exception outcome for requests SUNAT never received in a processable form (e.g. an HTTP 404 on a wrong URL). */
export function exceptionOutcome(code: string, description: string, httpStatus?: number): SendOutcome {
  return { kind: 'exception', code, description, notes: [], source: 'transport', httpStatus };
}
