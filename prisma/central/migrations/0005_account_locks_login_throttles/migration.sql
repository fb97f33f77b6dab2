-- CreateTable
CREATE TABLE "tenant_locks" (
    "tenant_id" INTEGER NOT NULL,
    "authority" VARCHAR(16) NOT NULL,
    "locked_by" INTEGER,
    "reason" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenant_locks_pkey" PRIMARY KEY ("tenant_id","authority")
);

-- CreateTable
CREATE TABLE "reseller_locks" (
    "reseller_id" INTEGER NOT NULL,
    "locked_by" INTEGER,
    "reason" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reseller_locks_pkey" PRIMARY KEY ("reseller_id")
);

-- CreateTable
CREATE TABLE "login_throttles" (
    "email" VARCHAR(254) NOT NULL,
    "network" VARCHAR(64) NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "blocked_until" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "login_throttles_pkey" PRIMARY KEY ("email","network")
);

-- CreateIndex
CREATE INDEX "login_throttles_last_failure_at_idx" ON "login_throttles"("last_failure_at");

-- AddForeignKey
ALTER TABLE "tenant_locks" ADD CONSTRAINT "tenant_locks_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tenant_locks" ADD CONSTRAINT "tenant_locks_locked_by_fkey" FOREIGN KEY ("locked_by") REFERENCES "admin_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reseller_locks" ADD CONSTRAINT "reseller_locks_reseller_id_fkey" FOREIGN KEY ("reseller_id") REFERENCES "resellers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reseller_locks" ADD CONSTRAINT "reseller_locks_locked_by_fkey" FOREIGN KEY ("locked_by") REFERENCES "admin_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Existing locks become facts. Before this migration, locking a reseller also set locked_tenant on every tenant
-- of it (and unlocking cleared them), so the locked_tenant of a locked reseller's tenant cannot be told apart
-- from that cascade: it is cleared, as unlocking the reseller would have done. Any other locked tenant keeps an
-- admin lock of unknown author.
INSERT INTO "reseller_locks" ("reseller_id", "reason")
SELECT "id", 'Bloqueo anterior al registro de autor' FROM "resellers" WHERE "locked_admin";

UPDATE "tenants" SET "locked_tenant" = false
WHERE "locked_tenant" AND "reseller_id" IN (SELECT "id" FROM "resellers" WHERE "locked_admin");

INSERT INTO "tenant_locks" ("tenant_id", "authority", "reason")
SELECT "id", 'admin', 'Bloqueo anterior al registro de autor' FROM "tenants" WHERE "locked_tenant";
