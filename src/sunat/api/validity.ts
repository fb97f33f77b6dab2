// SUNAT's consulta integrada de validez: POST {contribuyente}/v1/contribuyente/contribuyentes/{ruc}/validarcomprobante
// with a client_credentials token. `{ruc}` is the consulting taxpayer (the token's company); the JSON body names the
// document: {numRuc (its issuer), codComp, numeroSerie, numero, fechaEmision (dd/mm/yyyy), monto}. The answer:
// {success: true, message, data: {estadoCp, estadoRuc?, condDomiRuc?, observaciones?}} — estadoCp 0 does not
// exist, 1 accepted, 2 voided, 3 authorised (printed), 4 not authorised; a document that does not exist comes with
// estadoCp alone. A refusal is {success: false, message, errorCode}, or a 4xx {cod, msg, errors}.
import { SUNAT_API_PATHS, type SunatApiEndpoints } from './endpoints.ts';
import { type ApiResult, type CallOptions, exchange, invalidResponse, isRecord, refusal, text } from './http.ts';
import type { AccessToken } from './oauth.ts';

export interface ValidityQuery {
  /** The document's issuer (numRuc). */
  issuerRuc: string;
  /** codComp: 01, 03, 04, 07, 08, R1, R7. */
  documentType: string;
  serie: string;
  numero: number;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** The document's total (monto). */
  total: number;
}

export interface ValidityAnswer {
  /** '0' does not exist, '1' accepted, '2' voided, '3' authorised, '4' not authorised. */
  estadoCp: string;
  estadoRuc: string | null;
  condDomiRuc: string | null;
  observaciones: string[];
}

/** The request body SUNAT takes (its field names; the date as dd/mm/yyyy). */
export function validityBody(query: ValidityQuery): Record<string, string | number> {
  const [year, month, day] = query.issueDate.split('-');
  return {
    numRuc: query.issuerRuc,
    codComp: query.documentType,
    numeroSerie: query.serie,
    numero: query.numero,
    fechaEmision: `${day}/${month}/${year}`,
    monto: query.total,
  };
}

export interface ValidityCall extends CallOptions {
  endpoints: Pick<SunatApiEndpoints, 'contribuyente'>;
  /** The consulting taxpayer (the token's company). */
  consultingRuc: string;
  token: AccessToken;
  query: ValidityQuery;
}

export async function validarComprobante(call: ValidityCall): Promise<ApiResult<ValidityAnswer>> {
  const answer = await exchange(
    {
      method: 'POST',
      url: call.endpoints.contribuyente + SUNAT_API_PATHS.validarComprobante(call.consultingRuc),
      json: validityBody(call.query),
      bearer: call.token.value,
      operation: 'validarcomprobante',
    },
    call,
  );
  if (answer.kind === 'failed') return answer;
  const { status, json } = answer;
  if (status === 200 && isRecord(json) && json.success !== false) {
    const data = isRecord(json.data) ? json.data : undefined;
    const estadoCp = text(data?.estadoCp);
    if (estadoCp === undefined) return invalidResponse(answer, 'La respuesta de SUNAT no trae data.estadoCp');
    return { kind: 'ok', value: readAnswer(estadoCp, data!) };
  }
  if (status === 200 && !isRecord(json)) return invalidResponse(answer, 'La respuesta de SUNAT no es JSON');
  return refusal(answer, { service: 'La consulta de validez de SUNAT', what: 'la consulta' });
}

function readAnswer(estadoCp: string, data: Record<string, unknown>): ValidityAnswer {
  const notes = Array.isArray(data.observaciones)
    ? data.observaciones
    : typeof data.observaciones === 'string'
      ? [data.observaciones]
      : [];
  return {
    estadoCp: estadoCp.trim(),
    estadoRuc: text(data.estadoRuc)?.trim() || null,
    condDomiRuc: text(data.condDomiRuc)?.trim() || null,
    observaciones: notes.map((n) => text(n)).filter((n): n is string => Boolean(n?.trim())),
  };
}
