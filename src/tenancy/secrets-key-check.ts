// Start-up check that SECRETS_KEY is the key the stored secrets were sealed with: a server started with another key
// would answer every request and fail every signature and every SUNAT call. One company's signing key is enough
// to tell (every secret of every company is sealed with the same key).
import type { Database } from '../platform/db/database.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import type { SecretBox } from '../platform/secrets.ts';

/** Throws SecretError when the first company's sealed signing key does not open with `secrets`. */
export async function checkSecretsKey(db: Database, secrets: SecretBox): Promise<void> {
  const { rows } = await db.pool.query<{ schema_name: string }>(
    'SELECT schema_name FROM "central"."tenants" ORDER BY id LIMIT 1',
  );
  if (rows.length === 0) return;
  // The company's own server (a database server of the directory, or the central one).
  const sealed = await db
    .poolFor(rows[0].schema_name)
    .query<{ signing_key_enc: string | null }>(
      `SELECT signing_key_enc FROM ${quoteIdent(rows[0].schema_name)}."company" WHERE id = 1`,
    );
  const value = sealed.rows[0]?.signing_key_enc;
  if (value) secrets.open(value);
}
