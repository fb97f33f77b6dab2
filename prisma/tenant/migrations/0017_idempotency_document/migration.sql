-- An Idempotency-Key is released when its request fails, so that the client can retry. A request whose COMMIT
-- reached PostgreSQL but whose answer did not come back (a connection cut at that moment) failed with its document
-- stored: the retry under the same key issued the sale a second time. The issuing statement now writes the
-- document's external_id on its key, in the document's own transaction; a key that holds one is never released,
-- and a retry under it is answered with that document.
-- AlterTable
ALTER TABLE "idempotency_keys" ADD COLUMN     "document_external_id" UUID;
