// PUT /api/company/certificate and PUT /api/company/sunat (tenant host): the company's signing certificate and its
// SUNAT access (mode and SOL credentials). Secrets are sealed; answers never carry them.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perCompany } from '../../platform/http/rate-limit.ts';
import { tenantErrorResponses } from '../../platform/http/schemas.ts';
import { installCertificateGauge } from './certificate-metrics.ts';
import { isSelfSigned, replaceCertificate } from './certificate-service.ts';
import { presentSunatApi } from './presenter.ts';
import { setSunatAccess } from './sunat-access-service.ts';

const CertificateBody = z
  .object({
    pfx_base64: z
      .base64({ message: 'El certificado debe enviarse como PFX en base64.' })
      .max(200_000)
      .describe('Certificado digital PKCS#12 (.pfx/.p12) en base64'),
    password: z.string().max(200).describe('Contraseña del PFX'),
  })
  .strict()
  .meta({ id: 'CompanyCertificateBody' });

const CertificateResult = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    sujeto: z.string(),
    emisor: z.string(),
    vence: z.string(),
    autofirmado: z
      .boolean()
      .describe(
        'true: firmado con su propia clave (como el de demostración), no sirve para producción. false no certifica ' +
          'que la entidad emisora esté acreditada: eso lo verifica SUNAT en cada comprobante (2325–2328).',
      ),
    advertencias: z.array(z.string()),
  }),
});

const SunatBody = z
  .object({
    modo: z
      .enum(['demo', 'beta', 'production'])
      .optional()
      .describe('demo: simulador o beta según el servidor; beta: SUNAT beta; production: SUNAT. Sin modo, no cambia'),
    usuario_sol: z.string().trim().min(1).max(20).optional().describe('Usuario SOL secundario (sin el RUC)'),
    clave_sol: z.string().min(1).max(100).optional().describe('Clave SOL (se guarda cifrada, no se devuelve)'),
    api_sunat_id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,100}$/, {
        message: 'El ID de las credenciales de API: letras, dígitos, guiones (hasta 100).',
      })
      .nullable()
      .optional()
      .describe('ID de las "Credenciales de API SUNAT" (SOL → Credenciales de API SUNAT); null las quita'),
    api_sunat_secret: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('Clave de esas credenciales (se guarda cifrada, no se devuelve)'),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Envíe modo, las credenciales SOL o las credenciales de API SUNAT.',
    params: { code: 'missing_fields' },
  })
  .meta({ id: 'CompanySunatBody' });

const config = { hostKind: 'tenant', auth: 'tenant' } as const;

export const companySettingsRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { platform } = app;
  if (platform.metrics) installCertificateGauge(platform.metrics, platform.db);
  typed.put(
    '/api/company/certificate',
    {
      config: {
        ...config,
        // Each read holds a thread for up to 15 s (PFX_TIMEOUT_MS): a company renews its certificate once a year.
        rateLimit: perCompany(platform.config.certificateRateLimit, '1 hour'),
        openapiExamples: {
          pfx: {
            summary: 'PFX en base64',
            value: { pfx_base64: 'MIIKSQIBAzCCCg8GCSqGSIb3DQEHAaCC', password: '123456' },
          },
        },
      },
      schema: {
        summary: 'Reemplazar el certificado digital de la empresa',
        description: 'Se valida (clave privada, vigencia, RUC del titular); el próximo comprobante se firma con él.',
        body: CertificateBody,
        response: { 200: CertificateResult, ...tenantErrorResponses },
      },
    },
    async (request) => {
      const { pfx_base64: pfx, password } = request.body;
      const result = await replaceCertificate(request.tenant, platform.secrets, Buffer.from(pfx, 'base64'), password);
      platform.companies.forget(request.tenant.schema);
      const c = result.certificate;
      return {
        success: true as const,
        message: 'Certificado digital actualizado.',
        data: {
          sujeto: c.subject,
          emisor: c.issuer,
          vence: c.notAfter.toISOString(),
          autofirmado: isSelfSigned(c.certificatePem),
          advertencias: result.warnings,
        },
      };
    },
  );
  typed.put(
    '/api/company/sunat',
    {
      config: {
        ...config,
        openapiExamples: {
          produccion: {
            summary: 'Pasar a producción',
            value: { modo: 'production', usuario_sol: 'FACTURA1', clave_sol: 'clave-sol' },
          },
          demo: { summary: 'Volver a demostración', value: { modo: 'demo' } },
          api: {
            summary: 'Credenciales de API SUNAT (consulta de validez)',
            value: { api_sunat_id: '8c7a3b2e-1f4d-4a6b-9e0c-5d2f1a3b4c5d', api_sunat_secret: 'moddatos' },
          },
        },
      },
      schema: {
        summary: 'Modo SUNAT y credenciales SOL de la empresa',
        description:
          'Producción exige el certificado digital de la empresa (no autofirmado: firmado por otra clave que la suya) ' +
          'y usuario y clave SOL. Que la entidad emisora esté acreditada no se verifica aquí: SUNAT rechaza los ' +
          'comprobantes firmados con un certificado que la empresa no registró en SOL (2325).' +
          ' Las credenciales de API SUNAT abren la consulta de validez (POST /api/services/validate_cpe); en el simulador sirve cualquier ID con la clave moddatos.',
        body: SunatBody,
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            modo: z.string(),
            api_sunat: z.object({
              configurado: z.boolean().describe('Las credenciales se guardan cifradas y no se devuelven'),
            }),
          }),
          ...tenantErrorResponses,
        },
      },
    },
    async (request) => {
      const company = await setSunatAccess(request.tenant, platform.db.central, platform.secrets, request.body);
      platform.companies.forget(request.tenant.schema);
      return {
        success: true as const,
        message: 'Acceso a SUNAT actualizado.',
        modo: company.sunatMode,
        api_sunat: presentSunatApi(company),
      };
    },
  );
};
