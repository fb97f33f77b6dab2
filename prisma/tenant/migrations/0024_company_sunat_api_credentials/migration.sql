-- The company's "Credenciales de API SUNAT" (generated in SOL): the client id, and its secret sealed with SECRETS_KEY
-- like the SOL password. They open SUNAT's REST APIs: the consulta integrada de validez now, dispatch guides later.
-- AlterTable
ALTER TABLE "company" ADD COLUMN     "sunat_api_client_id" VARCHAR(100),
ADD COLUMN     "sunat_api_secret_enc" TEXT;
