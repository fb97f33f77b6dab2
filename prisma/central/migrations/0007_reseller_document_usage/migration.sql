-- CreateTable
CREATE TABLE "reseller_document_usage" (
    "reseller_id" INTEGER NOT NULL,
    "month" CHAR(7) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "reseller_document_usage_pkey" PRIMARY KEY ("reseller_id","month")
);

-- AddForeignKey
ALTER TABLE "reseller_document_usage" ADD CONSTRAINT "reseller_document_usage_reseller_id_fkey" FOREIGN KEY ("reseller_id") REFERENCES "resellers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
