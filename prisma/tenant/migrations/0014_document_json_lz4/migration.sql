-- A document's request body and computed figures (2.6 kB and 3.1 kB of JSON for a 3-line factura) are compressed
-- once, at insert, on the issuing path: pglz was ~9 % of PostgreSQL's CPU per issued document (perf, 2-core bench;
-- docs/performance.md). lz4 compresses them several times faster, and decompresses faster for every PDF and
-- rebuild that reads them. Only values written from now on use it; earlier ones stay pglz, read as before.
-- A server built without lz4 (the embedded PGlite among them) keeps pglz: the statement would fail there.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE "documents" ALTER COLUMN "payload" SET COMPRESSION lz4, ALTER COLUMN "computed" SET COMPRESSION lz4;
  END IF;
END
$$;
