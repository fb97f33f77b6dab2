// "Probar conexión": does SUNAT's billService take these SOL credentials? Asked without sending anything: getStatus
// of a ticket no summary ever had. SUNAT authenticates the call first — 0101–0106 and 0110–0113 refuse the user — and
// only then looks the ticket up: its 0127 ("El ticket no existe") proves the credentials passed. What it cannot prove
// is the sending profile (0111 "No tiene el perfil…" comes only with a sendBill), which the answer says.
import { endpointFor, getStatus, resolveSunatEndpoints, type SunatMode } from '../sunat/index.ts';
import type { PipelineDeps } from './deps.ts';
import { sunatModeOf } from './sunat-api.ts';
import type { Company } from '../platform/http/tenant-context.ts';

/** A ticket SUNAT never issues (its tickets are 13- to 15-digit stamps of today). */
const PROBE_TICKET = '0000000000000';
/** A person waits for the answer: shorter than a document's send. */
const CHECK_TIMEOUT_MS = 15_000;

export interface SunatAccessCheck {
  ok: boolean;
  /** SUNAT's code (0127, 0102…) or our transport code (NETWORK, TIMEOUT, HTTP_401…). */
  code: string;
  /** Spanish, for a person: what happened and what to do. */
  message: string;
  /** The service called. */
  endpoint: string;
  mode: SunatMode;
}

/** SUNAT's codes that name a problem of the user or its password, with what to do about each. */
const CREDENTIAL_HINTS: Array<[codes: string[], hint: string]> = [
  [['0101'], 'Falta el usuario o la clave SOL.'],
  [['0102', '0103', '0104'], 'Revise el usuario SOL (sin el RUC delante) y su clave, en mayúsculas y minúsculas.'],
  [['0105', '0106'], 'Active el usuario secundario en SUNAT Operaciones en Línea (Administración de usuarios).'],
  [['0110', '0111'], 'Dé al usuario secundario el perfil de envío de comprobantes electrónicos en SUNAT SOL.'],
  [['0112'], 'Use un usuario secundario creado en SUNAT SOL, no el usuario principal.'],
  [['0113'], 'El RUC debe estar afiliado a la facturación electrónica (SEE del contribuyente) en SUNAT SOL.'],
];

/** The ticket lookup ran: the user and password were taken. */
const ACCEPTED_CODES = new Set(['0127', '0126']);

function hintFor(code: string): string | undefined {
  return CREDENTIAL_HINTS.find(([codes]) => codes.includes(code))?.[1];
}

const SERVICE_NAMES: Record<SunatMode, string> = {
  simulator: 'el simulador de SUNAT',
  beta: 'SUNAT beta',
  production: 'SUNAT (producción)',
};

export async function checkSunatAccess(
  deps: PipelineDeps,
  company: Pick<Company, 'ruc' | 'sunatMode' | 'sunatEndpointUrl'>,
  sol: { user: string; password: string },
): Promise<SunatAccessCheck> {
  const mode = sunatModeOf(deps, { company });
  const endpoints = resolveSunatEndpoints({
    mode,
    simulatorUrl: mode === 'simulator' ? deps.sunatSimulatorUrl() : undefined,
    customUrl: company.sunatEndpointUrl ?? undefined,
  });
  const endpoint = endpointFor(endpoints, 'invoices')!;
  const service = SERVICE_NAMES[mode];
  const answer = await getStatus({
    endpoint,
    credentials: { username: `${company.ruc}${sol.user}`, password: sol.password },
    ticket: PROBE_TICKET,
    timeoutMs: Math.min(deps.config.sunatTimeoutMs, CHECK_TIMEOUT_MS),
  });
  const base = { endpoint, mode };
  if (answer.kind !== 'failed') {
    // A ticket that exists (it cannot): SUNAT took the credentials all the same.
    return { ...base, ok: true, code: answer.statusCode, message: `Conexión correcta: ${service} aceptó el usuario.` };
  }
  const { code, description, kind } = answer.outcome;
  if (ACCEPTED_CODES.has(code)) {
    const message =
      `Conexión correcta: ${service} aceptó el usuario ${company.ruc}${sol.user} y su clave. ` +
      'El perfil de envío de comprobantes se confirma con el primer envío.';
    return { ...base, ok: true, code, message };
  }
  const hint = hintFor(code);
  if (hint)
    return { ...base, ok: false, code, message: `${service} rechazó las credenciales: ${description}. ${hint}` };
  if (kind === 'unknown' || code.startsWith('HTTP_'))
    return { ...base, ok: false, code, message: `No se pudo conectar con ${service} (${endpoint}): ${description}` };
  return { ...base, ok: false, code, message: `${service} respondió ${code}: ${description}` };
}
