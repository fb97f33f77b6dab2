-- AlterTable
ALTER TABLE "company" ADD COLUMN     "bank_accounts" JSONB,
ADD COLUMN     "logo_base64" TEXT,
ADD COLUMN     "pdf_footer" TEXT,
ADD COLUMN     "pdf_format" VARCHAR(8) NOT NULL DEFAULT 'a4';
