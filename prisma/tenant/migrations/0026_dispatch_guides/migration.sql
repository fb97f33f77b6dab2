-- Dispatch guides (09 remitente, 31 transportista) live in "documents" beside every CPE. Their way to SUNAT is the
-- GRE REST service, which answers a send with a ticket: kept here once SUNAT gives it, so that the guide is never
-- sent again, only its ticket asked.
-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "sunat_ticket" VARCHAR(40);

-- Every existing company gets FacturadorPro's default guide series, as new companies do: T001 (09) and V001 (31).
INSERT INTO "series" ("document_type", "serie") VALUES ('09', 'T001'), ('31', 'V001') ON CONFLICT DO NOTHING;
