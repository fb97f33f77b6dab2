// Route bookkeeping shared by the platform:
// - `config.hostKind` ⇄ the `hostKind` router constraint, and `auth` defaults (tenant routes need a token);
// - the catalogue of every route (what /documentation/json must list);
// - the not-found handler: 405 with Allow when the path exists with other methods on this kind of host,
//   404 wrong_host naming the host that serves it when it exists only on another kind of host, else 404
//   route_not_found;
// - a URL the router cannot decode (`/%zz`) is answered 400 bad_url, and a request that names its host ambiguously
//   (two Host lines, an absolute target naming another host: hostAmbiguity) 400 host_ambiguous — before routing,
//   through that same handler, so they carry the error envelope and every header of a routed request (request id,
//   security headers), and no route, hook or tenant lookup sees them.
import FindMyWay from 'find-my-way';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { type AppError, errors } from '../errors.ts';
import {
  classifyHost,
  createHostKindStrategy,
  HOST_KINDS,
  hostAmbiguity,
  normalizeHost,
  type HostKind,
  type HostSettings,
} from './hosts.ts';
import type { RouteAuth, RouteEntry } from './types.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Requests refused before routing, with their answer. */
const refused = new WeakMap<IncomingMessage, AppError>();
/** Where a refused request is sent: no route has this path, so the not-found handler answers it. */
const REFUSED_PATH = '/.refused';

function decodable(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Fastify's `rewriteUrl`: the router would answer an undecodable path with its own bare body, and would route an
 * ambiguous host by its first Host line; sending them to a path that matches nothing lets the not-found handler
 * answer instead (with hooks, headers and the error envelope).
 */
export function rewriteRefusedUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const ambiguous = hostAmbiguity(req);
  if (ambiguous) {
    refused.set(req, errors.badRequest('host_ambiguous', ambiguous));
    return REFUSED_PATH;
  }
  if (!url.includes('%') || decodable(url)) return url;
  refused.set(req, errors.badRequest('bad_url', 'La URL de la solicitud no es válida (secuencia % mal formada)'));
  return REFUSED_PATH;
}

function isHostKind(value: unknown): value is HostKind {
  return typeof value === 'string' && (HOST_KINDS as readonly string[]).includes(value);
}

/** Makes `config.hostKind` and `constraints.hostKind` agree (a route may declare either). Idempotent. */
export function normalizeRouteHost(
  route: RouteOptions,
  defaults: { hostKind?: HostKind; auth?: RouteAuth } = {},
): void {
  route.config ??= {};
  const config = route.config;
  const constrained = route.constraints?.hostKind;
  let hostKind = config.hostKind ?? (isHostKind(constrained) ? constrained : undefined) ?? defaults.hostKind;
  if (!hostKind && config.auth === 'tenant') hostKind = 'tenant';
  if (hostKind) {
    config.hostKind = hostKind;
    route.constraints = { ...route.constraints, hostKind };
  }
  if (defaults.auth && config.auth === undefined) config.auth = defaults.auth;
}

/** Tenant routes need the tenant's token unless they say `auth: 'none'`; other routes need nothing here. */
export function effectiveAuth(config: { hostKind?: HostKind; auth?: RouteAuth } | undefined): RouteAuth {
  return config?.auth ?? (config?.hostKind === 'tenant' ? 'tenant' : 'none');
}

const HOST_OF_KIND: Record<HostKind, (settings: HostSettings) => string> = {
  admin: (s) => `el host de administración (${s.adminHost}`,
  tenant: (s) => `el host de una empresa ({subdominio}.${s.appDomain}`,
  other: () => 'un host que no es de empresa ni de administración (p. ej. localhost',
};

/** `POST /api/tenants se atiende en el host de administración (admin.localhost:3000), no en demo.localhost:3000.` */
function wrongHostMessage(
  method: string,
  path: string,
  kind: HostKind,
  rawHost: string | undefined,
  settings: HostSettings,
) {
  const port = /:(\d+)$/.exec(rawHost ?? '')?.[0] ?? '';
  const here = normalizeHost(rawHost) || '(sin Host)';
  return `${method} ${path} se atiende en ${HOST_OF_KIND[kind](settings)}${port}), no en ${here}${here.startsWith('(') ? '' : port}.`;
}

export interface Routing {
  routes(): RouteEntry[];
}

export function installRouting(app: FastifyInstance, settings: HostSettings): Routing {
  const registered: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    normalizeRouteHost(route);
    registered.push(route);
  });

  app.decorateRequest('hostKind', {
    getter(this: { headers: IncomingMessage['headers'] }) {
      return classifyHost(normalizeHost(this.headers.host), settings);
    },
  });

  // Built on first use, after every plugin had its say on the routes' options (onRoute hooks of child
  // contexts run after ours and may still set the host constraint).
  let mirror: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> | null = null;
  const buildMirror = () => {
    const router = FindMyWay({
      constraints: { hostKind: createHostKindStrategy(settings) },
      ignoreTrailingSlash: false,
    });
    for (const route of registered) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        try {
          router.on(
            method as FindMyWay.HTTPMethod,
            route.url,
            { constraints: route.constraints ?? {} },
            () => undefined,
          );
        } catch {
          // duplicate (e.g. an automatic HEAD route): already known
        }
      }
    }
    return router;
  };

  const allowedMethods = (path: string, hostKind: HostKind): string[] => {
    mirror ??= buildMirror();
    return METHODS.filter((m) => mirror!.find(m, path, { hostKind }) !== null);
  };

  app.setNotFoundHandler(async (request) => {
    const refusal = refused.get(request.raw);
    if (refusal) throw refusal;
    const path = request.url.split('?')[0];
    const allowed = allowedMethods(path, request.hostKind);
    if (allowed.length > 0) throw errors.methodNotAllowed(allowed);
    for (const kind of HOST_KINDS) {
      if (kind !== request.hostKind && allowedMethods(path, kind).length > 0) {
        throw errors.wrongHost(wrongHostMessage(request.method, path, kind, request.headers.host, settings));
      }
    }
    throw errors.routeNotFound();
  });

  return {
    routes() {
      return registered.map((route) => ({
        method: Array.isArray(route.method) ? route.method.join(',') : route.method,
        url: route.url,
        hostKind: route.config?.hostKind ?? null,
        auth: effectiveAuth(route.config),
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
      }));
    },
  };
}
