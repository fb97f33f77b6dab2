// The DNI lookup's provider. RENIEC publishes no open service, so an operator configures a third-party API
// (DNI_API_URL, DNI_API_TOKEN) as FacturadorPro does with apiperu.dev: GET {url with the number}, `Authorization:
// Bearer {token}`, JSON back. The call goes through the outbound guard (src/platform/net/http-get.ts). What the
// providers answer differs; each reader below knows one shape, the first that recognises the answer reads it:
//  - apiperu.dev (FacturadorPro's): {success, data: {numero, nombres, apellido_paterno, apellido_materno,
//    nombre_completo, codigo_verificacion}}; success false: not found;
//  - apis.net.pe: {nombres, apellidoPaterno, apellidoMaterno, numeroDocumento, digitoVerificador};
//  - decolecta: {first_name, first_last_name, second_last_name, full_name, document_number}.
import type { Config } from '../../platform/config.ts';
import { httpGet } from '../../platform/net/http-get.ts';
import { type Lookup, outboundPolicy } from '../../platform/net/outbound.ts';
import type { Person } from './presenter.ts';

/** The provider's whole answer, at most (a person's name is a few hundred bytes). */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Connecting and answering, at most (FacturadorPro waits 10 s to connect). */
export const DNI_TIMEOUT_MS = 10_000;

export type ProviderAnswer =
  | { kind: 'found'; person: Person }
  | { kind: 'not-found' }
  /** `detail` is for the operator's log: never shown to the company. */
  | {
      kind: 'failed';
      reason: 'host-refused' | 'unreachable' | 'token-refused' | 'rate-limited' | 'unreadable';
      detail: string;
    };

/** `{numero}` in the URL takes the number; without it the number is appended as the last path segment. */
export function providerUrl(template: string, numero: string): string {
  if (template.includes('{numero}')) return template.replaceAll('{numero}', numero);
  const url = new URL(template);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${numero}`;
  return url.toString();
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

type Reader = (json: Json, numero: string) => Person | 'not-found' | undefined;

/** Where a provider's answer puts a person's fields (the full name and check digit when it gives them). */
interface Fields {
  number: string;
  names: string;
  paternal: string;
  maternal: string;
  fullName?: string;
  verificationCode?: string;
}

/** The person in `d` under the provider's field names; undefined when it names nobody. */
function person(d: Json, numero: string, fields: Fields): Person | undefined {
  const [names, paternal, maternal] = [str(d[fields.names]), str(d[fields.paternal]), str(d[fields.maternal])];
  const extra: Partial<Person> = {
    ...(fields.fullName ? { fullName: str(d[fields.fullName]) || undefined } : {}),
    ...(fields.verificationCode ? { verificationCode: str(d[fields.verificationCode]) || null } : {}),
  };
  if (!names && !paternal && !maternal && !extra.fullName) return undefined;
  return { number: str(d[fields.number]) || numero, names, paternal, maternal, verificationCode: null, ...extra };
}

const APIPERU: Fields = {
  number: 'numero',
  names: 'nombres',
  paternal: 'apellido_paterno',
  maternal: 'apellido_materno',
  fullName: 'nombre_completo',
  verificationCode: 'codigo_verificacion',
};
const APISNET: Fields = {
  number: 'numeroDocumento',
  names: 'nombres',
  paternal: 'apellidoPaterno',
  maternal: 'apellidoMaterno',
  verificationCode: 'digitoVerificador',
};
const DECOLECTA: Fields = {
  number: 'document_number',
  names: 'first_name',
  paternal: 'first_last_name',
  maternal: 'second_last_name',
  fullName: 'full_name',
};

const READERS: Array<[name: string, read: Reader]> = [
  [
    'apiperu',
    (json, numero) => {
      if (json.success === false) return 'not-found';
      const d = json.data;
      if (json.success !== true || !isObject(d)) return undefined;
      return person(d, numero, APIPERU);
    },
  ],
  [
    'apisnet',
    (json, numero) =>
      'apellidoPaterno' in json || 'apellidoMaterno' in json ? person(json, numero, APISNET) : undefined,
  ],
  ['decolecta', (json, numero) => ('first_last_name' in json ? person(json, numero, DECOLECTA) : undefined)],
];

/** The person an answer names, 'not-found', or undefined when no reader knows its shape. */
export function readProviderAnswer(json: unknown, numero: string): Person | 'not-found' | undefined {
  if (!isObject(json)) return undefined;
  for (const [, read] of READERS) {
    const result = read(json, numero);
    if (result !== undefined) return result;
  }
  return undefined;
}

export interface ProviderSettings {
  config: Pick<Config, 'dniApiUrl' | 'dniApiToken' | 'outboundPrivateAllowed'>;
  lookup?: Lookup;
}

export async function askProvider(settings: ProviderSettings, numero: string): Promise<ProviderAnswer> {
  const { dniApiUrl, dniApiToken } = settings.config;
  if (!dniApiUrl) return { kind: 'failed', reason: 'unreachable', detail: 'DNI_API_URL not set' };
  const answer = await httpGet(providerUrl(dniApiUrl, numero), {
    policy: outboundPolicy(settings.config),
    lookup: settings.lookup,
    timeoutMs: DNI_TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
    headers: { Accept: 'application/json', ...(dniApiToken ? { Authorization: `Bearer ${dniApiToken}` } : {}) },
  });
  if (answer.kind === 'failed') {
    const reason =
      answer.failure === 'refused' ? 'host-refused' : answer.failure === 'too-large' ? 'unreadable' : 'unreachable';
    return { kind: 'failed', reason, detail: `${answer.failure}: ${answer.detail}` };
  }
  const { status } = answer;
  if (status === 404) return { kind: 'not-found' };
  if (status === 401 || status === 403) return { kind: 'failed', reason: 'token-refused', detail: `HTTP ${status}` };
  if (status === 429) return { kind: 'failed', reason: 'rate-limited', detail: 'HTTP 429' };
  if (status !== 200 && status !== 422 && status !== 400)
    return { kind: 'failed', reason: 'unreachable', detail: `HTTP ${status}` };
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return { kind: 'failed', reason: 'unreadable', detail: `HTTP ${status}: not JSON` };
  }
  const read = readProviderAnswer(json, numero);
  // A 400/422 the readers cannot place: the provider does not take this number (it is 8 digits: we checked).
  if (read === undefined)
    return status === 200
      ? { kind: 'failed', reason: 'unreadable', detail: 'unknown answer shape' }
      : { kind: 'not-found' };
  return read === 'not-found' ? { kind: 'not-found' } : { kind: 'found', person: read };
}
