// How a feature joins the app: src/features/index.ts (tenant-host and any-host features) and
// src/admin/index.ts (admin-host features) are arrays of these; app.ts registers them in order.
//
//   export const features: Feature[] = [
//     tenantFeature(documentsRoutes),                       // every route: tenant host + Bearer token
//     anyHostFeature(consultasRoutes, { prefix: '/api' }),  // no host constraint, no auth
//   ];
// Inside a tenant feature a route may still opt out of the token: `config: { auth: 'none' }` (downloads).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { HostKind } from './hosts.ts';
import { normalizeRouteHost } from './routing.ts';
import type { RouteAuth } from './types.ts';

export interface Feature {
  name: string;
  plugin: FastifyPluginAsync;
  prefix?: string;
  defaults: { hostKind?: HostKind; auth?: RouteAuth };
}

interface FeatureOptions {
  prefix?: string;
  name?: string;
}

function feature(plugin: FastifyPluginAsync, defaults: Feature['defaults'], options: FeatureOptions): Feature {
  return { name: options.name ?? (plugin.name || 'feature'), plugin, prefix: options.prefix, defaults };
}

/** Routes served on tenant hosts only, authenticated with the tenant's API token unless a route says auth 'none'. */
export function tenantFeature(plugin: FastifyPluginAsync, options: FeatureOptions = {}): Feature {
  return feature(plugin, { hostKind: 'tenant', auth: 'tenant' }, options);
}

/** Routes served on the admin host only (the admin feature brings its own authentication). */
export function adminFeature(plugin: FastifyPluginAsync, options: FeatureOptions = {}): Feature {
  return feature(plugin, { hostKind: 'admin', auth: 'none' }, options);
}

/** Routes served on every host (notifications, consultas, the SUNAT simulator). */
export function anyHostFeature(plugin: FastifyPluginAsync, options: FeatureOptions = {}): Feature {
  return feature(plugin, {}, options);
}

export async function registerFeatures(app: FastifyInstance, list: readonly Feature[]): Promise<void> {
  for (const f of list) {
    await app.register(
      async (scope) => {
        scope.addHook('onRoute', (route) => normalizeRouteHost(route, f.defaults));
        await scope.register(f.plugin);
      },
      { prefix: f.prefix },
    );
  }
}
