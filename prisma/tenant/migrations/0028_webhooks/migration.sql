-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "eventos" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "secret_enc" TEXT NOT NULL,
    "link_base" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "failing_since" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" BIGSERIAL NOT NULL,
    "public_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "type" VARCHAR(40) NOT NULL,
    "subject" VARCHAR(40) NOT NULL,
    "document_id" INTEGER,
    "summary_id" INTEGER,
    "state" VARCHAR(16) NOT NULL,
    "sunat_response" JSONB,
    "data" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "event_id" BIGINT NOT NULL,
    "subject" VARCHAR(40) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
    "last_status" INTEGER,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" BIGINT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status_code" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "response_head" TEXT NOT NULL,
    "error" VARCHAR(32),
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_events_public_id_key" ON "webhook_events"("public_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_status_next_attempt_at_idx" ON "webhook_deliveries"("endpoint_id", "status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_idx" ON "webhook_attempts"("delivery_id");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Webhook events are written by the database itself, in the transaction that changes a state, whichever statement
-- changes it (the SUNAT answer's, a summary's, a consult's, an operator's): a crash loses none and none is written
-- for a change that rolled back. Nothing is written while the company has no active endpoint. The function bodies
-- resolve names in this schema (SET search_path FROM CURRENT: the migrator runs with the tenant's search_path).
-- Changes applied by logical replication (a company moving to another server) fire no trigger: no event twice.

-- The delivery job of one endpoint, due now: in central.jobs when this database holds it, otherwise in the schema's
-- outbox, which the worker relays (src/platform/jobs/outbox.ts). One pending job per endpoint (its dedupe key), and
-- one wake per endpoint and transaction (remembered in a transaction-local setting): a statement that changes many
-- documents upserts the job row once, not once per document.
CREATE FUNCTION "webhook_wake"(p_endpoint integer, p_tenant integer) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_key text := 'webhook-deliver:' || p_tenant || ':' || p_endpoint;
  v_payload jsonb := jsonb_build_object('tenantId', p_tenant, 'schema', current_schema(), 'endpointId', p_endpoint);
  v_woken text := coalesce(nullif(current_setting('facturo.webhooks_woken', true), ''), ',');
BEGIN
  IF position(',' || current_schema() || '.' || p_endpoint || ',' IN v_woken) > 0 THEN RETURN; END IF;
  PERFORM set_config('facturo.webhooks_woken', v_woken || current_schema() || '.' || p_endpoint || ',', true);
  IF to_regclass('"central"."jobs"') IS NOT NULL THEN
    INSERT INTO "central"."jobs" (name, dedupe_key, tenant_id, payload, run_at)
    VALUES ('webhook-deliver', v_key, p_tenant, v_payload, now())
    ON CONFLICT (dedupe_key) DO UPDATE SET run_at = CASE
      WHEN "jobs".locked_until > now() THEN EXCLUDED.run_at ELSE LEAST("jobs".run_at, EXCLUDED.run_at) END;
  ELSE
    INSERT INTO "job_outbox" (name, dedupe_key, tenant_id, payload, run_at)
    VALUES ('webhook-deliver', v_key, p_tenant, v_payload, now())
    ON CONFLICT (dedupe_key) DO UPDATE SET run_at = LEAST("job_outbox".run_at, EXCLUDED.run_at);
  END IF;
END $$;

-- One event, and a delivery of it to each active endpoint that asked for its type (`eventos` empty: every type;
-- "document.*": every type of documents).
CREATE FUNCTION "webhook_queue"(p_type text, p_subject text, p_document integer, p_summary integer, p_state text,
  p_response jsonb) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_event bigint;
  v_endpoint record;
BEGIN
  FOR v_endpoint IN
    SELECT id, tenant_id FROM "webhook_endpoints"
    WHERE active AND (cardinality(eventos) = 0 OR p_type = ANY (eventos) OR split_part(p_type, '.', 1) || '.*' = ANY (eventos))
    ORDER BY id
  LOOP
    IF v_event IS NULL THEN
      INSERT INTO "webhook_events" (type, subject, document_id, summary_id, state, sunat_response)
      VALUES (p_type, p_subject, p_document, p_summary, p_state, p_response) RETURNING id INTO v_event;
    END IF;
    INSERT INTO "webhook_deliveries" (endpoint_id, event_id, subject) VALUES (v_endpoint.id, v_event, p_subject);
    PERFORM "webhook_wake"(v_endpoint.id, v_endpoint.tenant_id);
  END LOOP;
END $$;

-- A document's new state (FacturadorPro's codes, src/pipeline/states.ts) as an event type: its family by document
-- type (40 percepción, 20 retención, 09/31 guías, 04 liquidación de compra; the rest are documents) and the state.
CREATE FUNCTION "webhook_document_changed"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_family text;
  v_suffix text;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.state_type_id IS NOT DISTINCT FROM OLD.state_type_id THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' AND NEW.state_type_id = '01' THEN RETURN NULL; END IF;
  IF NOT EXISTS (SELECT 1 FROM "webhook_endpoints" WHERE active) THEN RETURN NULL; END IF;
  v_family := CASE NEW.document_type
    WHEN '40' THEN 'perception' WHEN '20' THEN 'retention' WHEN '09' THEN 'guide' WHEN '31' THEN 'guide'
    WHEN '04' THEN 'settlement' ELSE 'document' END;
  v_suffix := CASE NEW.state_type_id
    WHEN '05' THEN 'accepted' WHEN '07' THEN 'observed' WHEN '09' THEN 'rejected' WHEN '11' THEN 'voided'
    ELSE 'state_changed' END;
  PERFORM "webhook_queue"(v_family || '.' || v_suffix, 'document:' || NEW.id, NEW.id, NULL, NEW.state_type_id,
    NEW.sunat_response);
  RETURN NULL;
END $$;

CREATE TRIGGER "webhook_document_changed" AFTER INSERT OR UPDATE OF state_type_id ON "documents"
  FOR EACH ROW EXECUTE FUNCTION "webhook_document_changed"();

-- A summary's (RA, RC, RR) new state: sending → pending → accepted | rejected.
CREATE FUNCTION "webhook_summary_changed"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF NEW.state IS NOT DISTINCT FROM OLD.state THEN RETURN NULL; END IF;
  IF NOT EXISTS (SELECT 1 FROM "webhook_endpoints" WHERE active) THEN RETURN NULL; END IF;
  PERFORM "webhook_queue"('summary.' || CASE NEW.state WHEN 'accepted' THEN 'accepted' WHEN 'rejected' THEN 'rejected'
    ELSE 'state_changed' END, 'summary:' || NEW.id, NULL, NEW.id, NEW.state, NEW.sunat_response);
  RETURN NULL;
END $$;

CREATE TRIGGER "webhook_summary_changed" AFTER UPDATE OF state ON "summaries"
  FOR EACH ROW EXECUTE FUNCTION "webhook_summary_changed"();
