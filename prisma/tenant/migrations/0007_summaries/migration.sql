-- CreateTable
CREATE TABLE "summaries" (
    "id" SERIAL NOT NULL,
    "external_id" UUID NOT NULL,
    "kind" VARCHAR(2) NOT NULL,
    "identifier" VARCHAR(20) NOT NULL,
    "generated_on" DATE NOT NULL,
    "correlative" INTEGER NOT NULL,
    "reference_date" DATE NOT NULL,
    "process_code" VARCHAR(1),
    "filename" TEXT NOT NULL,
    "state" VARCHAR(16) NOT NULL DEFAULT 'sending',
    "ticket" VARCHAR(32),
    "send_attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "sunat_response" JSONB,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "summaries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "summary_documents" (
    "id" SERIAL NOT NULL,
    "summary_id" INTEGER NOT NULL,
    "document_id" INTEGER NOT NULL,
    "line_number" INTEGER NOT NULL,
    "reason" TEXT,
    "previous_state" CHAR(2) NOT NULL,

    CONSTRAINT "summary_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "summary_counters" (
    "kind" VARCHAR(2) NOT NULL,
    "day" DATE NOT NULL,
    "last" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "summary_counters_pkey" PRIMARY KEY ("kind","day")
);

-- CreateIndex
CREATE UNIQUE INDEX "summaries_external_id_key" ON "summaries"("external_id");

-- CreateIndex
CREATE UNIQUE INDEX "summaries_filename_key" ON "summaries"("filename");

-- CreateIndex
CREATE INDEX "summaries_ticket_idx" ON "summaries"("ticket");

-- CreateIndex
CREATE UNIQUE INDEX "summaries_kind_generated_on_correlative_key" ON "summaries"("kind", "generated_on", "correlative");

-- CreateIndex
CREATE INDEX "summary_documents_document_id_idx" ON "summary_documents"("document_id");

-- CreateIndex
CREATE UNIQUE INDEX "summary_documents_summary_id_document_id_key" ON "summary_documents"("summary_id", "document_id");

-- AddForeignKey
ALTER TABLE "summary_documents" ADD CONSTRAINT "summary_documents_summary_id_fkey" FOREIGN KEY ("summary_id") REFERENCES "summaries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "summary_documents" ADD CONSTRAINT "summary_documents_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
