-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT,
    "role" VARCHAR(16) NOT NULL DEFAULT 'admin',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT 'default',
    "token_hash" CHAR(64) NOT NULL,
    "prefix" VARCHAR(16) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "ruc" VARCHAR(11) NOT NULL,
    "razon_social" TEXT NOT NULL,
    "nombre_comercial" TEXT,
    "ubigeo" VARCHAR(6) NOT NULL,
    "codigo_establecimiento" VARCHAR(4) NOT NULL DEFAULT '0000',
    "direccion" TEXT NOT NULL,
    "urbanizacion" TEXT,
    "provincia" TEXT NOT NULL,
    "departamento" TEXT NOT NULL,
    "distrito" TEXT NOT NULL,
    "codigo_pais" VARCHAR(2) NOT NULL DEFAULT 'PE',
    "email" TEXT,
    "telefono" TEXT,
    "sunat_mode" VARCHAR(16) NOT NULL DEFAULT 'demo',
    "sol_user" TEXT,
    "sol_password_enc" TEXT,
    "signing_key_enc" TEXT,
    "certificate_subject" TEXT,
    "certificate_not_after" TIMESTAMPTZ(3),
    "sunat_endpoint_url" TEXT,
    "require_registered_series" BOOLEAN NOT NULL DEFAULT false,
    "issue_date_max_age_days" INTEGER NOT NULL DEFAULT 3,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "series" (
    "id" SERIAL NOT NULL,
    "document_type" CHAR(2) NOT NULL,
    "serie" VARCHAR(4) NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,
    "contingency" BOOLEAN NOT NULL DEFAULT false,
    "registered" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "series_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents" (
    "id" SERIAL NOT NULL,
    "external_id" UUID NOT NULL,
    "document_type" CHAR(2) NOT NULL,
    "serie" VARCHAR(4) NOT NULL,
    "number" INTEGER NOT NULL,
    "filename" TEXT NOT NULL,
    "issue_date" DATE NOT NULL,
    "issue_time" VARCHAR(8) NOT NULL,
    "customer_doc_type" VARCHAR(1) NOT NULL,
    "customer_doc_number" VARCHAR(20) NOT NULL,
    "customer_name" TEXT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "total_taxed" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_exonerated" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_unaffected" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_exportation" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_free" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_discounts" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_charges" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_igv" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_isc" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_icbper" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_taxes" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "state_type_id" CHAR(2) NOT NULL DEFAULT '01',
    "hash" TEXT,
    "qr_text" TEXT,
    "request_fingerprint" CHAR(64),
    "payload" JSONB NOT NULL,
    "computed" JSONB,
    "sunat_response" JSONB,
    "send_attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_lines" (
    "id" SERIAL NOT NULL,
    "document_id" INTEGER NOT NULL,
    "line_number" INTEGER NOT NULL,
    "internal_code" TEXT,
    "sunat_product_code" TEXT,
    "description" TEXT NOT NULL,
    "unit_code" VARCHAR(5) NOT NULL,
    "quantity" DECIMAL(22,10) NOT NULL,
    "unit_value" DECIMAL(22,10) NOT NULL,
    "unit_price" DECIMAL(22,10) NOT NULL,
    "igv_affectation_type" CHAR(2) NOT NULL,
    "total_value" DECIMAL(14,2) NOT NULL,
    "total_igv" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total_taxes" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total" DECIMAL(14,2) NOT NULL,

    CONSTRAINT "document_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_files" (
    "id" SERIAL NOT NULL,
    "document_id" INTEGER NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "storage_key" TEXT NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "size" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_state_history" (
    "id" SERIAL NOT NULL,
    "document_id" INTEGER NOT NULL,
    "from_state" CHAR(2),
    "to_state" CHAR(2) NOT NULL,
    "actor" TEXT NOT NULL,
    "reason" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_state_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "id" SERIAL NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "fingerprint" CHAR(64) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'in_flight',
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "series_document_type_serie_key" ON "series"("document_type", "serie");

-- CreateIndex
CREATE UNIQUE INDEX "documents_external_id_key" ON "documents"("external_id");

-- CreateIndex
CREATE UNIQUE INDEX "documents_filename_key" ON "documents"("filename");

-- CreateIndex
CREATE INDEX "documents_issue_date_serie_number_idx" ON "documents"("issue_date", "serie", "number");

-- CreateIndex
CREATE INDEX "documents_state_type_id_next_attempt_at_idx" ON "documents"("state_type_id", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "documents_document_type_serie_number_key" ON "documents"("document_type", "serie", "number");

-- CreateIndex
CREATE UNIQUE INDEX "document_lines_document_id_line_number_key" ON "document_lines"("document_id", "line_number");

-- CreateIndex
CREATE UNIQUE INDEX "document_files_document_id_kind_key" ON "document_files"("document_id", "kind");

-- CreateIndex
CREATE INDEX "document_state_history_document_id_at_idx" ON "document_state_history"("document_id", "at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_keys_key_key" ON "idempotency_keys"("key");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_lines" ADD CONSTRAINT "document_lines_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_state_history" ADD CONSTRAINT "document_state_history_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
