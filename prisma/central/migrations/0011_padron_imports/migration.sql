-- Each import of SUNAT's padrón reducido is recorded (when, which file, how many rows): the RUC lookup of the company
-- hosts answers with the date of the data it read. An import made before this table existed has no row: its date is
-- unknown until the next import.
-- CreateTable
CREATE TABLE "padron_imports" (
    "id" SERIAL NOT NULL,
    "imported_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "file_name" TEXT NOT NULL,
    "file_date" TIMESTAMPTZ(3),
    "rows" INTEGER NOT NULL,
    "skipped" INTEGER NOT NULL,

    CONSTRAINT "padron_imports_pkey" PRIMARY KEY ("id")
);
