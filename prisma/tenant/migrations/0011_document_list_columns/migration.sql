-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "has_cdr" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "has_xml" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "list_body" TEXT;

-- Documents issued before this version: list_body as src/pipeline/list-body.ts renders it at insert (the same
-- SQL over the stored columns), the flags from document_files as the list read them. One pass over the table;
-- updated_at is left as it is, since the list shows it.
UPDATE "documents" d SET
  "list_body" = concat(
    '"number":', COALESCE(to_json(d."serie" || '-' || d."number")::text, 'null'),
    ',"filename":', COALESCE(to_json(d."filename")::text, 'null'),
    ',"date_of_issue":', COALESCE(to_json(to_char(d."issue_date", 'YYYY-MM-DD'))::text, 'null'),
    ',"date_of_due":', COALESCE(to_json(CASE WHEN d."document_type" IN ('01', '03') THEN COALESCE(d."payload" ->> 'fecha_de_vencimiento', to_char(d."issue_date", 'YYYY-MM-DD')) END)::text, 'null'),
    ',"customer_number":', COALESCE(to_json(d."customer_doc_number")::text, 'null'),
    ',"customer_name":', COALESCE(to_json(d."customer_name")::text, 'null'),
    ',"customer_telephone":', COALESCE(to_json(NULLIF(d."payload" -> 'datos_del_cliente_o_receptor' ->> 'telefono', ''))::text, 'null'),
    ',"currency_type_id":', COALESCE(to_json(d."currency")::text, 'null'),
    ',"exchange_rate_sale":', COALESCE(to_json(d."payload" ->> 'factor_tipo_de_cambio')::text, 'null'),
    ',"total_exportation":', COALESCE(to_json(d."total_exportation"::text)::text, 'null'),
    ',"total_free":', COALESCE(to_json(d."total_free"::text)::text, 'null'),
    ',"total_unaffected":', COALESCE(to_json(d."total_unaffected"::text)::text, 'null'),
    ',"total_exonerated":', COALESCE(to_json(d."total_exonerated"::text)::text, 'null'),
    ',"total_taxed":', COALESCE(to_json(d."total_taxed"::text)::text, 'null'),
    ',"total_igv":', COALESCE(to_json(d."total_igv"::text)::text, 'null'),
    ',"total":', COALESCE(to_json(d."total"::text)::text, 'null')),
  "has_xml" = EXISTS (SELECT 1 FROM "document_files" f WHERE f."document_id" = d."id" AND f."kind" = 'xml'),
  "has_cdr" = EXISTS (SELECT 1 FROM "document_files" f WHERE f."document_id" = d."id" AND f."kind" = 'cdr');

-- CreateIndex
CREATE INDEX "documents_issue_date_id_document_type_idx" ON "documents"("issue_date", "id", "document_type");
