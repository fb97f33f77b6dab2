-- Every query that reads documents by issue date is served by documents_issue_date_id_document_type_idx (0011):
-- the list's range and cursor, a resumen diario's day (ordered by id), the admin's month count. This one was kept
-- up to date by every issue and by every recorded SUNAT answer (that UPDATE changes indexed columns, so it writes
-- a new entry in every index) and read by nothing.
-- DropIndex
DROP INDEX "documents_issue_date_serie_number_idx";
