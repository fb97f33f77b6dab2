-- AlterTable
ALTER TABLE "idempotency_keys" ADD COLUMN     "response_raw" TEXT;
