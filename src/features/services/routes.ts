// SUNAT's services as FacturadorPro offers them on the company host: POST /api/services/validate_cpe (SUNAT's
// consulta de validez), GET /api/services/ruc/{numero} (the imported padrón) and GET /api/services/dni/{numero}
// (a configured provider). All need the company's token.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perCompany } from '../../platform/http/rate-limit.ts';
import { ErrorBodySchema, tenantErrorResponses, tenantPost } from '../../platform/http/schemas.ts';
import { pipelineDepsOf, tenantRefOf } from '../../api/deps.ts';
import { DniCache, lookupDni } from './dni-service.ts';
import { lookupRuc } from './ruc-service.ts';
import {
  type DocumentQueryInput,
  DniParamsSchema,
  DniResponseSchema,
  RucParamsSchema,
  RucResponseSchema,
  VALIDATE_CPE_EXAMPLES,
  ValidateCpeBodySchema,
  ValidateCpeResponseSchema,
} from './schemas.ts';
import { validateMany, validateOne } from './validity-service.ts';

const unavailable = { 502: ErrorBodySchema, 503: ErrorBodySchema } as const;
const config = { hostKind: 'tenant', auth: 'tenant' } as const;

export const servicesRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { platform } = app;
  const dniCache = new DniCache(platform.config.dniCacheTtlSeconds * 1000);

  const validate = tenantPost({
    summary: 'Consultar a SUNAT la validez de comprobantes (uno, o varios con comprobantes[])',
    description:
      'Consulta integrada de validez de SUNAT con las credenciales de API SUNAT de la empresa (PUT /api/company/sunat). ' +
      'Sirve para comprobantes propios y de proveedores (ruc_emisor). Sin credenciales: 422 sunat_api_not_configured.',
    examples: VALIDATE_CPE_EXAMPLES,
    body: ValidateCpeBodySchema,
    ok: ValidateCpeResponseSchema,
  });
  typed.post(
    '/api/services/validate_cpe',
    { ...validate, schema: { ...validate.schema, response: { ...validate.schema.response, ...unavailable } } },
    async (request) => {
      const deps = pipelineDepsOf(app, request.log);
      const tenant = tenantRefOf(request.tenant);
      const { comprobantes, ...one } = request.body;
      // Without comprobantes the schema required every field of the one document.
      return comprobantes
        ? validateMany(deps, tenant, comprobantes)
        : validateOne(deps, tenant, one as DocumentQueryInput);
    },
  );

  typed.get(
    '/api/services/ruc/:numero',
    {
      config,
      schema: {
        summary: 'Datos de un RUC según el padrón reducido de SUNAT importado',
        description:
          'Razón social, estado, condición, dirección y ubigeo (con sus nombres) del padrón importado con ' +
          '`npx facturo padron:import`; `padron` dice de cuándo son. 404 si el RUC no figura; 422 si su dígito verificador no corresponde.',
        params: RucParamsSchema,
        response: { 200: RucResponseSchema, ...tenantErrorResponses },
      },
    },
    async (request) => lookupRuc(platform.db.central, request.params.numero),
  );

  typed.get(
    '/api/services/dni/:numero',
    {
      config: { ...config, rateLimit: perCompany(platform.config.dniRateLimit, '1 minute') },
      schema: {
        summary: 'Nombres de una persona por su DNI (proveedor configurado)',
        description:
          'RENIEC no publica un servicio abierto: consulta el proveedor que configure el servidor (DNI_API_URL, ' +
          'DNI_API_TOKEN). Sin proveedor: 503 dni_provider_not_configured. Las respuestas se guardan en memoria un tiempo (DNI_CACHE_TTL_SECONDS).',
        params: DniParamsSchema,
        response: { 200: DniResponseSchema, ...tenantErrorResponses, ...unavailable },
      },
    },
    async (request) =>
      lookupDni(
        { config: platform.config, cache: dniCache, log: request.log },
        request.tenant.schema,
        request.params.numero,
      ),
  );
};
