// GET /api/services/dni/{numero}: a person's names from the configured provider (dni-provider.ts), kept in memory
// for DNI_CACHE_TTL_SECONDS per company. In memory, not in the database: an answer is a name the provider can give
// again, so losing the cache on a restart costs a query, while keeping people's names at rest would make them data
// to protect, back up and purge; and per company, so that one company's lookups tell nothing to another (not even by
// the time an answer takes). Bounded: the least recently used entries go first.
import type { Config } from '../../platform/config.ts';
import { errors } from '../../platform/errors.ts';
import type { Lookup } from '../../platform/net/outbound.ts';
import { askProvider } from './dni-provider.ts';
import { type Person, presentDni } from './presenter.ts';
import type { DniResponse } from './schemas.ts';

const MAX_ENTRIES = 10_000;
/** A number the provider does not know is asked again after this long at most. */
const NOT_FOUND_TTL_MS = 10 * 60_000;

interface Entry {
  value: Person | 'not-found';
  expiresAt: number;
}

export class DniCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): Entry['value'] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: Entry['value']): void {
    const ttl = value === 'not-found' ? Math.min(this.ttlMs, NOT_FOUND_TTL_MS) : this.ttlMs;
    if (ttl <= 0) return;
    this.entries.delete(key);
    while (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt: this.now() + ttl });
  }
}

export interface DniDeps {
  config: Pick<Config, 'dniApiUrl' | 'dniApiToken' | 'outboundPrivateAllowed'>;
  cache: DniCache;
  log: { warn(obj: object, msg: string): void };
  lookup?: Lookup;
}

const NOT_CONFIGURED =
  'La consulta de DNI necesita un proveedor: RENIEC no publica un servicio abierto. El administrador del servidor ' +
  'debe configurar DNI_API_URL (p. ej. https://apiperu.dev/api/dni/{numero}) y DNI_API_TOKEN (docs/services.md).';

export async function lookupDni(deps: DniDeps, company: string, numero: string): Promise<DniResponse> {
  if (!deps.config.dniApiUrl) throw errors.serviceUnavailable('dni_provider_not_configured', NOT_CONFIGURED);
  const key = `${company}:${numero}`;
  let value = deps.cache.get(key);
  if (value === undefined) {
    const answer = await askProvider(deps, numero);
    if (answer.kind === 'failed') {
      deps.log.warn({ reason: answer.reason, detail: answer.detail }, 'DNI provider failed');
      throw providerError(answer.reason);
    }
    value = answer.kind === 'found' ? answer.person : 'not-found';
    deps.cache.set(key, value);
  }
  if (value === 'not-found')
    throw errors.notFound('dni_not_found', `El proveedor de consultas no encontró el DNI ${numero}.`);
  return presentDni(value);
}

function providerError(reason: 'host-refused' | 'unreachable' | 'token-refused' | 'rate-limited' | 'unreadable') {
  switch (reason) {
    case 'host-refused':
      return errors.serviceUnavailable(
        'dni_provider_not_configured',
        'El proveedor de consultas de DNI configurado (DNI_API_URL) está en una red no permitida para conexiones salientes.',
      );
    case 'token-refused':
      return errors.badGateway(
        'dni_provider_refused',
        'El proveedor de consultas de DNI rechazó el token configurado (DNI_API_TOKEN): avise al administrador del servidor.',
      );
    case 'unreadable':
      return errors.badGateway(
        'dni_provider_refused',
        'El proveedor de consultas de DNI respondió algo que no se pudo leer.',
      );
    case 'rate-limited':
    case 'unreachable':
      return errors.serviceUnavailable(
        'dni_provider_unavailable',
        'El proveedor de consultas de DNI no está disponible en este momento. Intente nuevamente en unos minutos.',
      );
  }
}
