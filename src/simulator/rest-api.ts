// The simulator's REST side, at SUNAT's own paths under its base URL: the OAuth2 token service (both grants) and the
// consulta integrada de validez, answered from what the simulator actually received (the store the SOAP side fills):
// an accepted document is 1, a voided one 2, one never received — or rejected: not a valid CPE — 0.
// Who may have a token:
//  - client_credentials: the API client policy — by default any client id with the secret `moddatos` (SUNAT beta's
//    public test password), or fixed {clientId, clientSecret[, ruc]} pairs;
//  - password: the same client, and the SOL user checked exactly as the SOAP side checks it (engine.solRefusal).
// Faults come from the same injector as the SOAP ones (operations 'oauthToken', 'validarComprobante'), plus
// 'token-expired': the token presented is forgotten and the call answered 401.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { SUNAT_API_SCOPES } from '../sunat/api/endpoints.ts';
import type { RestOperation, SimulatorEngine } from './engine.ts';
import type { FaultDecision, FaultInjector } from './faults.ts';
import type { createGreService } from './gre.ts';
import { documentKey, type SimulatorStore, type StoredDocument } from './store.ts';

type GreService = ReturnType<typeof createGreService>;

export type ApiClientPolicy =
  /** Any client id (1–100 characters) whose secret is `moddatos`, like SUNAT beta's public SOL account. */
  | { kind: 'beta' }
  /** Fixed clients; a client with a RUC may consult only as that taxpayer. */
  | { kind: 'clients'; clients: Array<{ clientId: string; clientSecret: string; ruc?: string }> };

export const BETA_API_SECRET = 'moddatos';

export interface RestApiOptions {
  engine: SimulatorEngine;
  store: SimulatorStore;
  faults: FaultInjector;
  clients: ApiClientPolicy;
  /** Lifetime of the tokens it grants (SUNAT: 3600 s). */
  tokenTtlSeconds: number;
  now: () => Date;
  /** The dispatch guides' service (./gre.ts). */
  gre?: GreService;
}

type Scope = (typeof SUNAT_API_SCOPES)[keyof typeof SUNAT_API_SCOPES];

interface Granted {
  scope: Scope;
  clientId: string;
  /** The RUC the token acts for, when known (a password grant's SOL user, a fixed client's). */
  ruc?: string;
  expiresAt: number;
}

const MAX_TOKENS = 10_000;
const OTHER_RECIPIENT = '- El comprobante de pago consultado ha sido emitido a otro contribuyente.';

/** The tokens granted and not yet forgotten (bounded: the oldest go first). */
class Tokens {
  private readonly granted = new Map<string, Granted>();

  grant(entry: Granted): string {
    const value = randomBytes(32).toString('base64url');
    while (this.granted.size >= MAX_TOKENS) this.granted.delete(this.granted.keys().next().value as string);
    this.granted.set(value, entry);
    return value;
  }

  find(value: string, now: number): Granted | undefined {
    const entry = this.granted.get(value);
    if (entry && entry.expiresAt <= now) {
      this.granted.delete(value);
      return undefined;
    }
    return entry;
  }

  forget(value: string): void {
    this.granted.delete(value);
  }

  clear(): void {
    this.granted.clear();
  }
}

type Answer = { status: number; body: unknown };

const oauthError = (status: number, error: string, description: string): Answer => ({
  status,
  body: { error, error_description: description },
});

const NOT_AUTHORIZED: Answer = { status: 401, body: { status: 401, message: 'No se encuentra autorizado' } };

export interface RestApi {
  register(app: FastifyInstance): void;
  /** Forgets every token granted. */
  reset(): void;
}

export function createRestApi(options: RestApiOptions): RestApi {
  const tokens = new Tokens();
  const now = () => options.now().getTime();

  function clientRefusal(clientId: string, secret: string): Answer | undefined {
    const policy = options.clients;
    const known =
      policy.kind === 'beta'
        ? clientId.length > 0 && clientId.length <= 100 && secret === BETA_API_SECRET
        : policy.clients.some((c) => c.clientId === clientId && c.clientSecret === secret);
    return known ? undefined : oauthError(401, 'invalid_client', 'cliente no autorizado');
  }

  function clientRuc(clientId: string): string | undefined {
    return options.clients.kind === 'clients'
      ? options.clients.clients.find((c) => c.clientId === clientId)?.ruc
      : undefined;
  }

  function token(grant: 'client_credentials' | 'password', pathClientId: string, body: unknown): Answer {
    const form = new URLSearchParams(typeof body === 'string' ? body : '');
    const field = (name: string) => form.get(name) ?? '';
    if (field('grant_type') !== grant)
      return oauthError(400, 'unsupported_grant_type', `grant_type debe ser ${grant} en este servicio`);
    if (field('client_id') !== pathClientId)
      return oauthError(400, 'invalid_client', 'client_id no coincide con el de la URL');
    const scope = grant === 'client_credentials' ? SUNAT_API_SCOPES.contribuyente : SUNAT_API_SCOPES.cpe;
    if (field('scope') !== scope) return oauthError(400, 'invalid_scope', `scope debe ser ${scope}`);
    const refused = clientRefusal(pathClientId, field('client_secret'));
    if (refused) return refused;
    let ruc = clientRuc(pathClientId);
    if (grant === 'password') {
      const username = field('username');
      if (options.engine.solRefusal(username, field('password'), ruc)) {
        return oauthError(400, 'invalid_grant', 'Usuario o contraseña SOL incorrectos');
      }
      ruc = username.slice(0, 11);
    }
    const ttl = options.tokenTtlSeconds;
    const value = tokens.grant({ scope, clientId: pathClientId, ruc, expiresAt: now() + ttl * 1000 });
    return { status: 200, body: { access_token: value, token_type: 'JWT', expires_in: ttl } };
  }

  function bearerOf(request: FastifyRequest): string {
    const header = request.headers.authorization ?? '';
    return /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : '';
  }

  /** The dispatch guides' service takes a password-grant token (scope api-cpe) of the guide's issuer. */
  function guides(request: FastifyRequest, handle: (gre: GreService, ruc: string | undefined) => Answer): Answer {
    const granted = tokens.find(bearerOf(request), now());
    if (!granted || granted.scope !== SUNAT_API_SCOPES.cpe || !options.gre) return NOT_AUTHORIZED;
    return handle(options.gre, granted.ruc);
  }

  function validate(request: FastifyRequest, consultingRuc: string): Answer {
    const granted = tokens.find(bearerOf(request), now());
    if (!granted || granted.scope !== SUNAT_API_SCOPES.contribuyente) return NOT_AUTHORIZED;
    if (granted.ruc && granted.ruc !== consultingRuc)
      return { status: 403, body: { cod: '403', msg: `El token no corresponde al contribuyente ${consultingRuc}` } };
    const problems = queryProblems(request.body);
    if (problems.length)
      return {
        status: 422,
        body: { cod: '422', msg: 'Unprocessable Entity - Se presentaron errores de validacion', errors: problems },
      };
    const query = request.body as Record<string, unknown>;
    const doc = options.store.getDocument(
      documentKey(String(query.numRuc), String(query.codComp), String(query.numeroSerie), String(query.numero)),
    );
    return { status: 200, body: { success: true, message: 'Operation Success! ', data: stateOf(doc, consultingRuc) } };
  }

  /** 0 never received or rejected, 2 voided, 1 accepted (observed too), with the issuer's state and condition. */
  function stateOf(doc: StoredDocument | undefined, consultingRuc: string): Record<string, unknown> {
    if (!doc || doc.status === 'rejected') return { estadoCp: '0' };
    const third = consultingRuc !== doc.ruc && doc.recipient !== `6-${consultingRuc}`;
    return {
      estadoCp: doc.voidedBy ? '2' : '1',
      estadoRuc: '00',
      condDomiRuc: '00',
      observaciones: third ? [OTHER_RECIPIENT] : [],
    };
  }

  async function serve(
    operation: RestOperation,
    request: FastifyRequest,
    reply: FastifyReply,
    handle: () => Answer,
  ): Promise<void> {
    options.engine.countRequest(operation);
    const decision = options.faults.take(operation, undefined);
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    if (decision.fault) {
      options.engine.count('faultsInjected');
      if (injected(decision.fault, request, reply, handle)) return;
    }
    const answer = handle();
    reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  }

  /** Answers an injected fault; false when the request is to be served after all. */
  function injected(
    fault: NonNullable<FaultDecision['fault']>,
    request: FastifyRequest,
    reply: FastifyReply,
    handle: () => Answer,
  ): boolean {
    const json = (status: number, body: unknown) =>
      reply.code(status).type('application/json; charset=utf-8').send(body);
    switch (fault.kind) {
      case 'http-status':
        if (fault.body !== undefined) reply.code(fault.status).type('text/html; charset=utf-8').send(fault.body);
        else json(fault.status, { cod: String(fault.status), msg: `HTTP ${fault.status}` });
        return true;
      case 'empty-200':
        reply.code(200).type('application/json; charset=utf-8').send('');
        return true;
      case 'malformed-200':
        reply.code(200).type('application/json; charset=utf-8').send('{"success": tr');
        return true;
      case 'soap-fault':
        json(500, { cod: fault.code, msg: fault.message ?? 'Error interno' });
        return true;
      case 'token-expired':
        tokens.forget(bearerOf(request));
        json(NOT_AUTHORIZED.status, NOT_AUTHORIZED.body);
        return true;
      case 'reset':
        cut(request, reply);
        return true;
      case 'lost-response':
        handle(); // processed…
        options.engine.count('lostResponses');
        cut(request, reply); // …and the answer never arrives.
        return true;
      default:
        return false;
    }
  }

  function cut(request: FastifyRequest, reply: FastifyReply): void {
    reply.hijack();
    request.raw.socket.destroy();
  }

  return {
    register(app) {
      const tokenRoute = (grant: 'client_credentials' | 'password', kind: string) => {
        for (const path of [`/v1/${kind}/:clientId/oauth2/token/`, `/v1/${kind}/:clientId/oauth2/token`]) {
          app.post(path, (request, reply) =>
            serve('oauthToken', request, reply, () =>
              token(grant, (request.params as { clientId: string }).clientId, request.body),
            ),
          );
        }
      };
      tokenRoute('client_credentials', 'clientesextranet');
      tokenRoute('password', 'clientessol');
      app.post('/v1/contribuyente/gem/comprobantes/:name', (request, reply) =>
        serve('greSend', request, reply, () =>
          guides(request, (gre, ruc) => gre.receive((request.params as { name: string }).name, request.body, ruc)),
        ),
      );
      app.get('/v1/contribuyente/gem/comprobantes/envios/:ticket', (request, reply) =>
        serve('greTicket', request, reply, () =>
          guides(request, (gre, ruc) => gre.ticketState((request.params as { ticket: string }).ticket, ruc)),
        ),
      );
      app.post('/v1/contribuyente/contribuyentes/:ruc/validarcomprobante', (request, reply) =>
        serve('validarComprobante', request, reply, () => validate(request, (request.params as { ruc: string }).ruc)),
      );
    },
    reset: () => tokens.clear(),
  };
}

// -------------------------------------------------------------------------------------------------------------
// The request body of validarcomprobante: what the simulator refuses (422, one error per field)

type FieldRule = [field: string, accepts: (value: unknown) => boolean, message: string];

const textOf = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');

const FIELD_RULES: FieldRule[] = [
  ['numRuc', (v) => /^\d{11}$/.test(textOf(v)), 'numRuc: el RUC del emisor tiene 11 dígitos'],
  ['codComp', (v) => /^(01|03|04|07|08|R1|R7)$/.test(textOf(v)), 'codComp: 01, 03, 04, 07, 08, R1 o R7'],
  ['numeroSerie', (v) => /^[A-Z0-9]{1,4}$/.test(textOf(v)), 'numeroSerie: hasta 4 letras o dígitos'],
  ['numero', (v) => /^\d{1,8}$/.test(textOf(v)) && Number(textOf(v)) > 0, 'numero: de 1 a 8 dígitos'],
  ['fechaEmision', (v) => /^\d{2}\/\d{2}\/\d{4}$/.test(textOf(v)), 'fechaEmision: dd/mm/aaaa'],
  ['monto', (v) => v === undefined || Number.isFinite(Number(textOf(v))), 'monto: un importe'],
];

function queryProblems(body: unknown): Array<{ cod: string; msg: string }> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return [{ cod: '422', msg: 'El cuerpo debe ser un objeto JSON' }];
  const query = body as Record<string, unknown>;
  return FIELD_RULES.filter(([field, accepts]) => !accepts(query[field])).map(([, , msg]) => ({ cod: '422', msg }));
}
