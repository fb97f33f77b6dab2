// The SOAP client for SUNAT's billService and billConsultService. Everything is an argument — the
// endpoint, the credentials, the timeout — so one process serves many tenants; every call resolves to a value
// (outcomes.ts), never rejects. transport.ts keeps connections alive between calls; each call is bounded by one
// deadline that covers connecting, sending and reading the whole answer.
import { normalizeSunatCode } from '../core/cdr.ts';
import { consultStatusMessages } from './error-codes.ts';
import { decodeBase64Text } from './base64.ts';
import { baseName } from './document-name.ts';
import { exceptionOutcome, outcomeFromCdrZip, outcomeFromFault, unknownOutcome, type SendOutcome } from './outcomes.ts';
import { parseSoapResponse, requestEnvelope, type ParsedSoap, type SoapCredentials } from './soap.ts';
import { postText, PostError } from './transport.ts';
import { childByLocal, deepText, type XmlElement } from './xml.ts';

export type SunatCredentials = SoapCredentials;

export interface SunatCallOptions {
  /** Full service URL (see endpoints.ts). */
  endpoint: string;
  credentials: SunatCredentials;
  /** Upper bound for the whole exchange; default 30 s. */
  timeoutMs?: number;
  /** Lets the caller abandon the call (shutdown); the outcome is then 'unknown' with code ABORTED. */
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** The four fields of billConsultService (numeroComprobante is an xs:int there). */
export interface ConsultKey {
  ruc: string;
  tipo: string;
  serie: string;
  numero: string | number;
}

// ---------------------------------------------------------------------------------------------------------------
// Transport

type Exchange = { kind: 'answer'; status: number; soap: ParsedSoap } | { kind: 'failed'; outcome: SendOutcome };

/**
 * A status operation (getStatus, getStatusCdr): its <status> element (or the first of `elements` present) and the
 * HTTP status, or what went wrong as an outcome — a network failure or a SOAP fault.
 */
async function askStatus(
  options: SunatCallOptions,
  operation: 'getStatus' | 'getStatusCdr',
  envelope: string,
  elements: string[] = ['status'],
): Promise<
  { kind: 'status'; element: XmlElement | undefined; status: number } | { kind: 'failed'; outcome: SendOutcome }
> {
  const result = await exchange(options, operation, envelope);
  if (result.kind === 'failed') return result;
  if (result.soap.kind === 'fault')
    return { kind: 'failed', outcome: outcomeFromFault(result.soap.fault, result.status) };
  const answer = result.soap.element;
  const element = elements.map((name) => childByLocal(answer, name)).find((e) => e !== undefined);
  return { kind: 'status', element, status: result.status };
}

async function exchange(options: SunatCallOptions, operation: string, envelope: string): Promise<Exchange> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let status: number;
  let text: string;
  try {
    ({ status, text } = await postText(options.endpoint, envelope, {
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"urn:${operation}"` },
      timeoutMs,
      signal: options.signal,
    }));
  } catch (error) {
    const failure = error instanceof PostError ? error.failure : 'network';
    if (failure === 'timeout') {
      return {
        kind: 'failed',
        outcome: unknownOutcome('TIMEOUT', `SUNAT no respondió dentro de ${timeoutMs} ms (${operation}).`),
      };
    }
    if (failure === 'aborted') {
      return { kind: 'failed', outcome: unknownOutcome('ABORTED', `La llamada a SUNAT (${operation}) fue cancelada.`) };
    }
    const cause = error instanceof Error ? error.message : String(error);
    return {
      kind: 'failed',
      outcome: unknownOutcome('NETWORK', `No se pudo comunicar con SUNAT (${operation}): ${cause}`),
    };
  }

  if (!text.trim()) {
    // Production answers some badly authenticated requests with an empty 200: nothing is known.
    if (status >= 400 && status < 500) {
      return {
        kind: 'failed',
        outcome: exceptionOutcome(
          `HTTP_${status}`,
          `SUNAT rechazó la solicitud con HTTP ${status} sin contenido.`,
          status,
        ),
      };
    }
    return {
      kind: 'failed',
      outcome:
        status === 200
          ? unknownOutcome('EMPTY_RESPONSE', `SUNAT respondió HTTP 200 sin contenido (${operation}).`, status)
          : unknownOutcome(`HTTP_${status}`, `SUNAT respondió HTTP ${status} sin contenido (${operation}).`, status),
    };
  }
  try {
    return { kind: 'answer', status, soap: parseSoapResponse(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (status >= 400 && status < 500) {
      return {
        kind: 'failed',
        outcome: exceptionOutcome(
          `HTTP_${status}`,
          `SUNAT rechazó la solicitud con HTTP ${status}: ${snippet(text)}`,
          status,
        ),
      };
    }
    return {
      kind: 'failed',
      outcome:
        status === 200
          ? unknownOutcome(
              'INVALID_RESPONSE',
              `La respuesta de SUNAT no es un SOAP legible (${operation}): ${detail}`,
              status,
            )
          : unknownOutcome(`HTTP_${status}`, `SUNAT respondió HTTP ${status} (${operation}): ${snippet(text)}`, status),
    };
  }
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

function field(element: XmlElement | undefined, local: string): string | undefined {
  const el = childByLocal(element, local);
  return el ? deepText(el).trim() : undefined;
}

function invalid(operation: string, what: string, status: number): SendOutcome {
  return unknownOutcome('INVALID_RESPONSE', `La respuesta de SUNAT a ${operation} no trae ${what}.`, status);
}

// ---------------------------------------------------------------------------------------------------------------
// billService

/** Sends one document zip (`fileName` with or without ".zip"); the answer's CDR decides the outcome. */
export async function sendBill(args: SunatCallOptions & { fileName: string; zip: Uint8Array }): Promise<SendOutcome> {
  const fileName = `${baseName(args.fileName)}.zip`;
  const envelope = requestEnvelope('sendBill', args.credentials, [
    ['fileName', fileName],
    ['contentFile', Buffer.from(args.zip).toString('base64')],
  ]);
  const result = await exchange(args, 'sendBill', envelope);
  if (result.kind === 'failed') return result.outcome;
  if (result.soap.kind === 'fault') return outcomeFromFault(result.soap.fault, result.status);
  const content = field(result.soap.element, 'applicationResponse');
  const zip = content === undefined ? undefined : decodeBase64Text(content);
  if (!zip) return invalid('sendBill', 'applicationResponse', result.status);
  return outcomeFromCdrZip(zip, result.status);
}

export type TicketResult = { kind: 'ticket'; ticket: string } | { kind: 'failed'; outcome: SendOutcome };

/** Sends a summary (RC/RA/RR zip); SUNAT answers with a ticket to poll with getStatus. */
export async function sendSummary(
  args: SunatCallOptions & { fileName: string; zip: Uint8Array },
): Promise<TicketResult> {
  const envelope = requestEnvelope('sendSummary', args.credentials, [
    ['fileName', `${baseName(args.fileName)}.zip`],
    ['contentFile', Buffer.from(args.zip).toString('base64')],
  ]);
  const result = await exchange(args, 'sendSummary', envelope);
  if (result.kind === 'failed') return result;
  if (result.soap.kind === 'fault')
    return { kind: 'failed', outcome: outcomeFromFault(result.soap.fault, result.status) };
  const ticket = field(result.soap.element, 'ticket');
  if (!ticket) return { kind: 'failed', outcome: invalid('sendSummary', 'ticket', result.status) };
  return { kind: 'ticket', ticket };
}

export type TicketStatusResult =
  | { kind: 'pending'; statusCode: string }
  | { kind: 'done'; statusCode: string; outcome: SendOutcome }
  | { kind: 'failed'; outcome: SendOutcome };

/** Polls a summary ticket: 98 still processing, 0 processed, 99 processed with errors (both with the CDR). */
export async function getStatus(args: SunatCallOptions & { ticket: string }): Promise<TicketStatusResult> {
  const envelope = requestEnvelope('getStatus', args.credentials, [['ticket', args.ticket]]);
  const result = await askStatus(args, 'getStatus', envelope);
  if (result.kind === 'failed') return result;
  const status = result.element;
  const statusCode = field(status, 'statusCode');
  if (statusCode === undefined || !/^\d+$/.test(statusCode))
    return { kind: 'failed', outcome: invalid('getStatus', 'statusCode', result.status) };
  const n = Number(statusCode);
  if (n === 98) return { kind: 'pending', statusCode };
  if (n === 0 || n === 99) {
    const zip = decodeBase64Text(field(status, 'content') ?? '');
    if (!zip) return { kind: 'failed', outcome: invalid('getStatus', 'el CDR (content)', result.status) };
    return { kind: 'done', statusCode, outcome: outcomeFromCdrZip(zip, result.status) };
  }
  // Any other status is a SUNAT code about the request itself (0127 "El ticket no existe", …).
  return {
    kind: 'failed',
    outcome: outcomeFromFault(
      { faultcode: `Client.${statusCode}`, faultstring: field(status, 'statusMessage') ?? '', detail: undefined },
      result.status,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// billConsultService

export type ConsultCdrResult =
  /** The constancia exists: `outcome` is what its CDR says (with cdrZip). */
  | { kind: 'found'; statusCode: string; statusMessage: string; outcome: SendOutcome }
  /** SUNAT does not have the document (0011, or 0127/0013 "no existe"): resending is safe. */
  | { kind: 'not-found'; statusCode: string; statusMessage: string }
  /** SUNAT answered without a CDR (0001–0003 known state, 0014 could not get it, format errors 0004–0010…). */
  | { kind: 'no-cdr'; statusCode: string; statusMessage: string }
  | { kind: 'failed'; outcome: SendOutcome };

const NOT_FOUND = new Set(['0011', '0127', '0013']);

function consultParams(key: ConsultKey): Array<[string, string]> {
  return [
    ['rucComprobante', key.ruc],
    ['tipoComprobante', key.tipo],
    ['serieComprobante', key.serie],
    ['numeroComprobante', String(Number(key.numero))],
  ];
}

/** The CDR of a document SUNAT already has (production and the simulator; SUNAT's beta has no consult service). */
export async function getStatusCdr(args: SunatCallOptions & ConsultKey): Promise<ConsultCdrResult> {
  const envelope = requestEnvelope('getStatusCdr', args.credentials, consultParams(args));
  const result = await askStatus(args, 'getStatusCdr', envelope, ['statusCdr', 'status']);
  if (result.kind === 'failed') return result;
  const status = result.element;
  const rawCode = field(status, 'statusCode');
  if (rawCode === undefined) return { kind: 'failed', outcome: invalid('getStatusCdr', 'statusCode', result.status) };
  const statusCode = normalizeSunatCode(rawCode);
  const statusMessage = field(status, 'statusMessage') ?? consultStatusMessages[statusCode] ?? '';
  const zip = decodeBase64Text(field(status, 'content') ?? '');
  if (zip) {
    const outcome = outcomeFromCdrZip(zip, result.status);
    return outcome.kind === 'unknown'
      ? { kind: 'failed', outcome }
      : { kind: 'found', statusCode, statusMessage, outcome: { ...outcome, source: 'consult' } };
  }
  if (NOT_FOUND.has(statusCode)) return { kind: 'not-found', statusCode, statusMessage };
  return { kind: 'no-cdr', statusCode, statusMessage };
}

export type ConsultState = 'accepted' | 'rejected' | 'voided' | 'not-found' | 'other';
export type ConsultStatusResult =
  | { kind: 'answered'; statusCode: string; statusMessage: string; state: ConsultState }
  | { kind: 'failed'; outcome: SendOutcome };

/** billConsultService getStatus: the state SUNAT holds for a document (0001 accepted, 0002 rejected, 0003 voided). */
export async function getConsultStatus(args: SunatCallOptions & ConsultKey): Promise<ConsultStatusResult> {
  const envelope = requestEnvelope('getStatus', args.credentials, consultParams(args));
  const result = await askStatus(args, 'getStatus', envelope);
  if (result.kind === 'failed') return result;
  const status = result.element;
  const rawCode = field(status, 'statusCode');
  if (rawCode === undefined) return { kind: 'failed', outcome: invalid('getStatus', 'statusCode', result.status) };
  const statusCode = normalizeSunatCode(rawCode);
  const state: ConsultState =
    statusCode === '0001'
      ? 'accepted'
      : statusCode === '0002'
        ? 'rejected'
        : statusCode === '0003'
          ? 'voided'
          : NOT_FOUND.has(statusCode)
            ? 'not-found'
            : 'other';
  return {
    kind: 'answered',
    statusCode,
    statusMessage: field(status, 'statusMessage') ?? consultStatusMessages[statusCode] ?? '',
    state,
  };
}
