-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "send_hold" VARCHAR(32),
ADD COLUMN     "send_uncertain" BOOLEAN NOT NULL DEFAULT false;

-- Documents still unsent when this version arrives: whether an earlier attempt reached SUNAT was not recorded,
-- so it is assumed it may have (the next attempt asks SUNAT before resending).
UPDATE "documents" SET "send_uncertain" = true WHERE "state_type_id" = '01' AND "send_attempts" > 0;
