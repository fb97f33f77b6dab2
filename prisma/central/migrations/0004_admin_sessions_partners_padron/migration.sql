-- CreateTable
CREATE TABLE "admin_sessions" (
    "id" SERIAL NOT NULL,
    "admin_user_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "partners" (
    "id" SERIAL NOT NULL,
    "full_name" VARCHAR(200) NOT NULL,
    "email" VARCHAR(250) NOT NULL,
    "gitlab_user" VARCHAR(100),
    "domain" VARCHAR(250) NOT NULL,
    "department_id" VARCHAR(2) NOT NULL,
    "zone" VARCHAR(100),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "partners_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "padron_ruc" (
    "ruc" CHAR(11) NOT NULL,
    "name" TEXT NOT NULL,
    "state" VARCHAR(40) NOT NULL,
    "condition" VARCHAR(40) NOT NULL,
    "ubigeo" VARCHAR(6),
    "address" TEXT,

    CONSTRAINT "padron_ruc_pkey" PRIMARY KEY ("ruc")
);

-- CreateIndex
CREATE UNIQUE INDEX "admin_sessions_token_hash_key" ON "admin_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "admin_sessions_admin_user_id_idx" ON "admin_sessions"("admin_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "partners_email_key" ON "partners"("email");

-- CreateIndex
CREATE UNIQUE INDEX "partners_gitlab_user_key" ON "partners"("gitlab_user");

-- CreateIndex
CREATE UNIQUE INDEX "partners_domain_key" ON "partners"("domain");
