-- Liquidaciones de compra (04): every company, existing or new, gets the series L001 (SUNAT: L + 3 characters).
INSERT INTO "series" ("document_type", "serie") VALUES ('04', 'L001') ON CONFLICT DO NOTHING;
