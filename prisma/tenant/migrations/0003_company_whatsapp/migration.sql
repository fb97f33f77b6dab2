-- AlterTable
ALTER TABLE "company" ADD COLUMN     "whatsapp_phone_number_id" TEXT,
ADD COLUMN     "whatsapp_token_enc" TEXT;
