-- Retention vouchers (20): every existing company gets FacturadorPro's default series R001, as new companies do.
INSERT INTO "series" ("document_type", "serie") VALUES ('20', 'R001') ON CONFLICT DO NOTHING;
