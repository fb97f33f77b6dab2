-- AlterTable
ALTER TABLE "company" ADD COLUMN     "boleta_delivery" VARCHAR(16) NOT NULL DEFAULT 'individual';
