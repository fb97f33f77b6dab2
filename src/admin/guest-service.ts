// Self-registration: a company signs up on the first open (free) plan in demo mode, when GUEST_REGISTER_ENABLED;
// its RUC can be looked up first in the local copy of SUNAT's padrón (check digit before anything).
import { isValidRuc } from '../core/ruc.ts';
import type { CentralClient } from '../platform/db/clients.ts';
import { errors } from '../platform/errors.ts';
import type { Platform } from '../platform/http/types.ts';
import { withFirstEstablishment } from '../tenancy/first-establishment.ts';
import { provisionTenant } from '../tenancy/provision.ts';
import { companyIdentity } from './padron-address.ts';
import { freePlan } from './plans-service.ts';

/** What provisioning needs, and the switch of self-registration. */
export type GuestDeps = Pick<Platform, 'db' | 'config' | 'secrets' | 'hosts'>;

export interface GuestRegistration {
  number: string;
  name?: string;
  subdomain: string;
  email: string;
  password: string;
  establecimiento?: Parameters<typeof withFirstEstablishment>[1];
}

function ensureEnabled(enabled: boolean) {
  if (!enabled) throw errors.forbidden('guest_register_disabled', 'El registro de nuevas empresas está deshabilitado.');
}

export async function registerCompany(deps: GuestDeps, b: GuestRegistration) {
  ensureEnabled(deps.config.guestRegisterEnabled);
  // A company without a name (none sent, none in the padrón) is refused before anything is created.
  const identity = await companyIdentity(deps.db.central, b.number, { name: b.name });
  const free = await freePlan(deps.db.central);
  const result = await provisionTenant(
    { db: deps.db, config: deps.config, secrets: deps.secrets, hosts: deps.hosts },
    {
      ruc: b.number,
      name: identity.name,
      ...withFirstEstablishment(identity.address, b.establecimiento),
      subdomain: b.subdomain,
      email: b.email,
      planId: free?.id ?? null,
      sunatMode: 'demo',
      user: { email: b.email, password: b.password },
    },
  );
  return { hostname: result.tenant.hostname, token: result.token, warnings: identity.warnings };
}

/** A RUC of the imported padrón: 422 for an invalid RUC (check digit included), 404 when it is not there. */
export async function padronEntry(central: CentralClient, raw: string) {
  const ruc = raw.trim();
  if (!/^\d{11}$/.test(ruc) || !isValidRuc(ruc)) {
    throw errors.unprocessable(
      'ruc_invalid',
      `El RUC ${ruc} no es válido (11 dígitos con dígito verificador correcto).`,
      [{ path: 'number', code: 'ruc_invalid', message: 'RUC inválido.' }],
    );
  }
  const row = await central.padronRuc.findUnique({ where: { ruc } });
  if (!row) throw errors.notFound('ruc_not_found', `El RUC ${ruc} no figura en el padrón de SUNAT importado.`);
  return row;
}
