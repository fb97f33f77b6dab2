-- The issuer a document's XML was signed with (the company's name, address and phone at that moment). The XML file
-- is written without fsync and made again from the row when a crash lost it (src/pipeline/rebuild.ts); made from
-- the company as it is now, a document issued before an edit of the company (or by a process whose copy of the
-- company was a few seconds old) no longer matched its stored hash and could never be sent. Documents stored
-- before this migration have none and are made again from the company, as before.
-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "issuer" JSONB;
