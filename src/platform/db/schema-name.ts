// PostgreSQL schema names: validated and quoted before they reach SQL (raw SQL must name its schema).
export const CENTRAL_SCHEMA = 'central';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(name: string): string {
  if (!SCHEMA_NAME.test(name)) throw new Error(`invalid schema name: ${JSON.stringify(name)}`);
  if (name === 'public' || name.startsWith('pg_')) throw new Error(`reserved schema name: ${name}`);
  return name;
}

/** `"name"` — only for names that passed assertSchemaName or are fixed identifiers in our code. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The tenant schema of a subdomain: `acme-sac` → `t_acme_sac` (subdomains have no `_`, so it is one-to-one). */
export function tenantSchemaName(subdomain: string): string {
  return assertSchemaName(`t_${subdomain.replace(/-/g, '_')}`);
}
