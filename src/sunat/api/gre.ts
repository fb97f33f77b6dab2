// SUNAT's dispatch guides' service (GRE, api-cpe), with a password-grant token:
//  - POST {cpe}/v1/contribuyente/gem/comprobantes/{ruc}-{09|31}-{serie}-{numero} with
//    {archivo: {nomArchivo: "{name}.zip", arcGreZip: base64 of the zip, hashZip: SHA-256 of the zip in hex}}
//    → {numTicket, fecRecepcion};
//  - GET {cpe}/v1/contribuyente/gem/comprobantes/envios/{numTicket} → {codRespuesta, error?: {numError, desError},
//    arcCdr?: base64 of the CDR zip, indCdrGenerado?}: 98 in process, 0 processed (the CDR says accepted or observed),
//    99 processed with errors (rejected: the CDR when SUNAT generated one, else `error`).
// Every outcome is a value, as for the other REST calls (./http.ts).
import { createHash } from 'node:crypto';
import type { SunatApiEndpoints } from './endpoints.ts';
import {
  type ApiResult,
  type CallOptions,
  exchange,
  invalidResponse,
  isRecord,
  type RefusalWords,
  refusal,
  text,
} from './http.ts';
import type { AccessToken } from './oauth.ts';

export const GRE_PATHS = {
  send: (name: string) => `/v1/contribuyente/gem/comprobantes/${encodeURIComponent(name)}`,
  ticket: (ticket: string) => `/v1/contribuyente/gem/comprobantes/envios/${encodeURIComponent(ticket)}`,
} as const;

export interface GreCall extends CallOptions {
  endpoints: Pick<SunatApiEndpoints, 'cpe'>;
  token: AccessToken;
}

export interface GreSendAnswer {
  ticket: string;
  receivedAt: string | null;
}

export type GreTicketAnswer =
  | { status: 'in-process' }
  /** 0 or 99 with the CDR zip SUNAT generated. */
  | { status: 'processed'; code: '0' | '99'; cdrZip: Buffer }
  /** 99 without a CDR: SUNAT's error alone. */
  | { status: 'error'; code: string; message: string };

/** The body of a send: the zip in base64 and its SHA-256 (hex), as SUNAT checks it. */
export function greSendBody(name: string, zip: Uint8Array): { archivo: Record<string, string> } {
  return {
    archivo: {
      nomArchivo: `${name}.zip`,
      arcGreZip: Buffer.from(zip).toString('base64'),
      hashZip: createHash('sha256').update(zip).digest('hex'),
    },
  };
}

const words = (what: string): RefusalWords => ({ service: 'El servicio de guías de SUNAT', what, detailed: true });

/** Sends the zipped guide; SUNAT answers with a ticket to follow. */
export async function sendGuide(call: GreCall & { name: string; zip: Uint8Array }): Promise<ApiResult<GreSendAnswer>> {
  const answer = await exchange(
    {
      method: 'POST',
      url: call.endpoints.cpe + GRE_PATHS.send(call.name),
      json: greSendBody(call.name, call.zip),
      bearer: call.token.value,
      operation: 'envío de guía',
    },
    call,
  );
  if (answer.kind === 'failed') return answer;
  const { status, json } = answer;
  const ticket = isRecord(json) ? text(json.numTicket) : undefined;
  if (status === 200 && ticket)
    return { kind: 'ok', value: { ticket, receivedAt: isRecord(json) ? (text(json.fecRecepcion) ?? null) : null } };
  if (status === 200) return invalidResponse(answer, 'SUNAT respondió sin numTicket');
  return refusal(answer, words('el envío de la guía'));
}

/** Asks the state of a ticket. */
export async function guideTicket(call: GreCall & { ticket: string }): Promise<ApiResult<GreTicketAnswer>> {
  const answer = await exchange(
    {
      method: 'GET',
      url: call.endpoints.cpe + GRE_PATHS.ticket(call.ticket),
      bearer: call.token.value,
      operation: 'consulta de ticket',
    },
    call,
  );
  if (answer.kind === 'failed') return answer;
  const { status, json } = answer;
  if (status !== 200 || !isRecord(json)) return refusal(answer, words('la consulta del ticket'));
  const code = text(json.codRespuesta)?.trim();
  if (code === '98') return { kind: 'ok', value: { status: 'in-process' } };
  const cdr = text(json.arcCdr);
  if ((code === '0' || code === '99') && cdr)
    return { kind: 'ok', value: { status: 'processed', code, cdrZip: Buffer.from(cdr, 'base64') } };
  if (code === '99') {
    const error = isRecord(json.error) ? json.error : {};
    return {
      kind: 'ok',
      value: {
        status: 'error',
        code: text(error.numError) ?? '99',
        message: text(error.desError) ?? 'SUNAT rechazó la guía sin constancia.',
      },
    };
  }
  return invalidResponse(answer, 'La respuesta del ticket no se entiende');
}
