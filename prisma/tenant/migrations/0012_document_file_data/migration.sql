-- A CDR's bytes live in its document_files row, written by the statement that records SUNAT's answer
-- (src/pipeline/send.ts, consult-cdr.ts): one commit for the answer and its proof, no flushed file beside it.
-- Rows written before keep data NULL; their file stays in storage under storage_key and is read from there.
-- AlterTable
ALTER TABLE "document_files" ADD COLUMN     "data" BYTEA;

-- A zip does not compress again: no pglz attempt; kept out of line (TOAST) once the row passes ~2 kB, so the
-- table's own pages stay small.
ALTER TABLE "document_files" ALTER COLUMN "data" SET STORAGE EXTERNAL;
