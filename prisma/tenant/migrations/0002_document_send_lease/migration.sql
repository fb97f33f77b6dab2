-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "locked_until" TIMESTAMPTZ(3);
