-- Establishments (códigos de establecimiento anexo of the RUC registry): 0000 the fiscal domicile, 0001… annexes.
-- Series and documents say which one they belong to (0000 for everything before); the existing company's fiscal
-- address becomes its establishment 0000 (a new schema has no company yet: provisioning writes its 0000).
-- AlterTable
ALTER TABLE "series" ADD COLUMN     "establishment_code" VARCHAR(4) NOT NULL DEFAULT '0000';

-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "establishment_code" VARCHAR(4) NOT NULL DEFAULT '0000';

-- CreateTable
CREATE TABLE "establishments" (
    "id" SERIAL NOT NULL,
    "codigo" VARCHAR(4) NOT NULL,
    "nombre" TEXT NOT NULL,
    "direccion" TEXT NOT NULL,
    "ubigeo" VARCHAR(6) NOT NULL,
    "departamento" TEXT NOT NULL,
    "provincia" TEXT NOT NULL,
    "distrito" TEXT NOT NULL,
    "urbanizacion" TEXT,
    "codigo_pais" VARCHAR(2) NOT NULL DEFAULT 'PE',
    "telefono" TEXT,
    "correo_electronico" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "establishments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "establishments_codigo_key" ON "establishments"("codigo");

-- CreateIndex
CREATE INDEX "documents_establishment_code_issue_date_id_idx" ON "documents"("establishment_code", "issue_date", "id");

-- The fiscal domicile of the existing company, from its own row.
INSERT INTO "establishments" (codigo, nombre, direccion, ubigeo, departamento, provincia, distrito, urbanizacion,
    codigo_pais, telefono, correo_electronico)
SELECT '0000', 'Oficina principal', direccion, ubigeo, departamento, provincia, distrito, urbanizacion, codigo_pais,
    telefono, email
FROM "company" WHERE id = 1
ON CONFLICT (codigo) DO NOTHING;
