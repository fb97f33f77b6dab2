-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "declared_in_summary_id" INTEGER;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_declared_in_summary_id_fkey" FOREIGN KEY ("declared_in_summary_id") REFERENCES "summaries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The boletas and notes already declared by a resumen diario SUNAT has not rejected: that summary declares them.
UPDATE "documents" d SET "declared_in_summary_id" = sd."summary_id"
FROM "summary_documents" sd JOIN "summaries" su ON su."id" = sd."summary_id"
WHERE sd."document_id" = d."id" AND su."kind" = 'RC' AND su."process_code" = '1' AND su."state" <> 'rejected';
