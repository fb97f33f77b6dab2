-- AlterTable
ALTER TABLE "tenants" ADD COLUMN     "database_server" VARCHAR(40) NOT NULL DEFAULT 'default';

-- CreateTable
CREATE TABLE "database_servers" (
    "name" VARCHAR(40) NOT NULL,
    "url_sealed" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "database_servers_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "tenant_moves" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "schema_name" VARCHAR(63) NOT NULL,
    "from_server" VARCHAR(40) NOT NULL,
    "to_server" VARCHAR(40) NOT NULL,
    "state" VARCHAR(16) NOT NULL DEFAULT 'copying',
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "held_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "drop_after" TIMESTAMPTZ(3),
    "error" TEXT,
    "report" JSONB,

    CONSTRAINT "tenant_moves_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "tenant_moves_tenant_id_idx" ON "tenant_moves"("tenant_id");

-- CreateIndex
CREATE INDEX "tenant_moves_state_idx" ON "tenant_moves"("state");

-- CreateIndex
CREATE INDEX "tenants_database_server_idx" ON "tenants"("database_server");

-- AddForeignKey
ALTER TABLE "tenant_moves" ADD CONSTRAINT "tenant_moves_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
