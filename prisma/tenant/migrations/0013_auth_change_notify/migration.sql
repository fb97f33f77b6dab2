-- Servers memoise the API tokens they have checked (src/platform/http/token-cache.ts) and forget a tenant's
-- tokens when this schema says they changed: a statement that revokes, re-points or deletes a token, or changes
-- or deletes a user, notifies channel facturo_auth with the schema's name at commit (NOTIFY is transactional: a
-- rollback notifies nothing). Statement-level, so a revocation of many tokens is one notification; last_used_at,
-- written once a minute per token, is not among the columns and notifies nothing.
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('facturo_auth', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;

CREATE TRIGGER "api_tokens_auth_changed"
  AFTER UPDATE OF "token_hash", "revoked_at", "user_id" OR DELETE OR TRUNCATE ON "api_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();

CREATE TRIGGER "users_auth_changed"
  AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
