// The parts of the OpenAPI document that the routes' zod schemas cannot say: where to send a request (servers,
// from the Host the documentation was read on, so "Try it out" reaches the right host and port), who may call
// (security schemes), the Idempotency-Key header, the error answers of each status and the download formats.
import type { Config } from '../config.ts';
import { classifyHost, normalizeHost } from './hosts.ts';

export type SecurityName = 'bearerAuth' | 'adminAuth' | 'notifyAuth' | 'metricsAuth';

export const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    // In backticks: Swagger UI reads descriptions as Markdown, where a bare <token> is an HTML tag and vanishes.
    description:
      'Token API de la empresa (`Authorization: Bearer <token>`): el que imprime el primer arranque (copia en ' +
      '`data/demo-token.txt`), `npx facturo tenant:token` o `POST /api/login` en el host de la empresa.',
  },
  adminAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Sesión de administración (`Authorization: Bearer <token>`): el `token` de `POST /api/login` (login de ' +
      'administrador) en ADMIN_HOST; pruébela en la página de ese host.',
  },
  notifyAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Token de sistema NOTIFY_TOKEN (`Authorization: Bearer <token>`; notificaciones WhatsApp desde cualquier host).',
  },
  metricsAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN (`Authorization: Bearer <token>`; lectura de /metrics).',
  },
} as const;

export interface Server {
  url: string;
  description: string;
  variables?: Record<string, { default: string; description: string }>;
}

export interface ServerContext {
  scheme: string;
  /** `:3000`, or '' for the scheme's default port. */
  portSuffix: string;
  /** The host the documentation was read on, when known. */
  host?: string;
}

/** `demo.localhost:3000` → `:3000`; no port → ''. */
export function portSuffixOf(host: string | undefined): string {
  const match = /:(\d+)$/.exec(host ?? '');
  return match ? `:${match[1]}` : '';
}

/**
 * The document's servers: this tenant (when read on one), any tenant by subdomain, the admin host — the admin host
 * first when read there, so that an operation both hosts define is tried on the host the page belongs to.
 */
export function serversFor(config: Pick<Config, 'appDomain' | 'adminHost'>, context: ServerContext): Server[] {
  const settings = { appDomain: config.appDomain, adminHost: config.adminHost };
  const host = context.host ? normalizeHost(context.host) : '';
  const kind = host ? classifyHost(host, settings) : 'other';
  const subdomain = kind === 'tenant' ? host.slice(0, -(config.appDomain.length + 1)) : 'demo';
  const company: Server = {
    url: `${context.scheme}://{subdomain}.${config.appDomain}${context.portSuffix}`,
    description: 'Empresa: {subdomain}.APP_DOMAIN',
    variables: { subdomain: { default: subdomain, description: 'Subdominio de la empresa' } },
  };
  const admin: Server = { url: adminServerUrl(config, context), description: 'Administración (ADMIN_HOST)' };
  return kind === 'admin' ? [admin, company] : [company, admin];
}

export function adminServerUrl(config: Pick<Config, 'adminHost'>, context: ServerContext): string {
  return `${context.scheme}://${config.adminHost}${context.portSuffix}`;
}

/** The standard header of creating POSTs. */
export const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Clave única del pedido (1–255 caracteres ASCII visibles). Repetida con el mismo cuerpo, devuelve la respuesta ' +
    'guardada byte a byte (Idempotent-Replayed: true); con otro cuerpo, 422 idempotency_key_reused.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
} as const;

/** What each error status means and its usual codes (docs/errors.md lists every code). */
const ERROR_STATUS: Record<number, string> = {
  400: 'Solicitud mal formada: invalid_json, invalid_content_length, bad_url, bad_request, idempotency_key_invalid',
  401: 'Sin token válido: unauthenticated (errors[0].code: authorization_missing, authorization_not_bearer, token_invalid)',
  403: 'Prohibido: tenant_locked, emission_locked, plan_limit_reached, account_locked',
  404: 'No encontrado: route_not_found, wrong_host (el mensaje nombra el host que atiende la ruta), host_not_found, document_not_found, tenant_not_found',
  409: 'Conflicto: document_already_exists, document_conflict, document_rejected, idempotency_in_flight',
  413: 'Cuerpo demasiado grande: payload_too_large',
  415: 'Content-Type no soportado: unsupported_media_type',
  422: 'Datos inválidos: validation_failed, unknown_field y los códigos de las reglas (errors[] con la ruta de cada campo; cada mensaje empieza por ella)',
  429: 'Demasiadas solicitudes: rate_limited (cabecera Retry-After)',
  500: 'Error inesperado: internal_error (registrado con el id de la solicitud)',
  503: 'Servicio no disponible: database_unavailable, service_unavailable, tenant_moving (cabecera Retry-After)',
};

export interface OperationTraits {
  secured: boolean;
  hasBody: boolean;
}

/** The error statuses an operation may answer. */
export function errorStatuses(traits: OperationTraits): number[] {
  const statuses = [400, 404, 422, 429, 500, 503];
  if (traits.secured) statuses.push(401, 403);
  if (traits.hasBody) statuses.push(413, 415);
  return statuses.sort((a, b) => a - b);
}

export function errorResponse(status: number): { description: string; content: Record<string, unknown> } {
  return {
    description: ERROR_STATUS[status] ?? 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

/** A binary download's 200 answer in each of its media types. */
export function downloadResponse(mediaTypes: readonly string[]): { description: string; content: object } {
  const content: Record<string, unknown> = {};
  for (const type of mediaTypes) content[type] = { schema: { type: 'string', format: 'binary' } };
  return { description: 'El archivo (Content-Disposition con su nombre)', content };
}

/** A route's only request example, as `config.openapiExamples` takes it. */
export function requestExample(summary: string, value: unknown): Record<string, { summary: string; value: unknown }> {
  return { ejemplo: { summary, value } };
}
