-- CreateTable
CREATE TABLE "tenants" (
    "id" SERIAL NOT NULL,
    "ruc" VARCHAR(11) NOT NULL,
    "subdomain" VARCHAR(63) NOT NULL,
    "schema_name" VARCHAR(63) NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "plan_id" INTEGER,
    "reseller_id" INTEGER,
    "locked_tenant" BOOLEAN NOT NULL DEFAULT false,
    "locked_emission" BOOLEAN NOT NULL DEFAULT false,
    "sunat_mode" VARCHAR(16) NOT NULL DEFAULT 'demo',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hostnames" (
    "id" SERIAL NOT NULL,
    "hostname" VARCHAR(255) NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hostnames_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plans" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "pricing" DECIMAL(10,2) NOT NULL DEFAULT 0,
    "limit_users" INTEGER NOT NULL DEFAULT 0,
    "limit_documents" INTEGER NOT NULL DEFAULT 0,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "resellers" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "locked_admin" BOOLEAN NOT NULL DEFAULT false,
    "limit_tenants" INTEGER NOT NULL DEFAULT 0,
    "limit_documents_month" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "resellers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_users" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" VARCHAR(16) NOT NULL DEFAULT 'admin',
    "reseller_id" INTEGER,
    "last_login_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_usage" (
    "tenant_id" INTEGER NOT NULL,
    "month" CHAR(7) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "api_usage_pkey" PRIMARY KEY ("tenant_id","month")
);

-- CreateTable
CREATE TABLE "rate_limit_hits" (
    "key" VARCHAR(255) NOT NULL,
    "window_end" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "rate_limit_hits_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "tenants_ruc_key" ON "tenants"("ruc");

-- CreateIndex
CREATE UNIQUE INDEX "tenants_subdomain_key" ON "tenants"("subdomain");

-- CreateIndex
CREATE UNIQUE INDEX "tenants_schema_name_key" ON "tenants"("schema_name");

-- CreateIndex
CREATE INDEX "tenants_reseller_id_idx" ON "tenants"("reseller_id");

-- CreateIndex
CREATE UNIQUE INDEX "hostnames_hostname_key" ON "hostnames"("hostname");

-- CreateIndex
CREATE INDEX "hostnames_tenant_id_idx" ON "hostnames"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "plans_name_key" ON "plans"("name");

-- CreateIndex
CREATE UNIQUE INDEX "resellers_email_key" ON "resellers"("email");

-- CreateIndex
CREATE UNIQUE INDEX "admin_users_email_key" ON "admin_users"("email");

-- CreateIndex
CREATE INDEX "rate_limit_hits_window_end_idx" ON "rate_limit_hits"("window_end");

-- AddForeignKey
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_reseller_id_fkey" FOREIGN KEY ("reseller_id") REFERENCES "resellers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hostnames" ADD CONSTRAINT "hostnames_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_reseller_id_fkey" FOREIGN KEY ("reseller_id") REFERENCES "resellers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Seed: the plans offered at first start (0 = unlimited). Admins edit them later; ids are stable.
INSERT INTO "plans" ("id", "name", "pricing", "limit_users", "limit_documents") VALUES
    (1, 'Gratuito', 0, 1, 50),
    (2, 'Emprendedor', 49.00, 3, 500),
    (3, 'Empresarial', 149.00, 10, 5000),
    (4, 'Ilimitado', 299.00, 0, 0);
SELECT setval(pg_get_serial_sequence('plans', 'id'), 4);
