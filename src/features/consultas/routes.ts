// POST /api/consultas/search (any host, as FacturadorPro's public lookup): a customer checks a document it holds. The
// tenant is found by RUC or slug, the document only if EVERY field matches (total ±0.01), so the lookup reveals
// nothing to someone who does not already hold the document: an unknown tenant and an unknown document give the
// same 404. Rate-limited per IP.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidIsoDate } from '../../core/index.ts';
import { requestExample } from '../../platform/http/openapi-parts.ts';
import { stateDescription } from '../../pipeline/states.ts';
import { errors } from '../../platform/errors.ts';
import { tenantBaseUrl } from '../../platform/http/public-url.ts';
import { ErrorBodySchema, warningsField } from '../../platform/http/schemas.ts';
import { downloadLinks, segmentOfType } from '../../pipeline/status-view.ts';

const SearchBody = z
  .object({
    ruc_emisor: z
      .string()
      .regex(/^\d{11}$/, { message: 'El RUC del emisor tiene 11 dígitos.' })
      .optional()
      .describe('RUC del emisor'),
    tenant_slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]{1,253}$/, { message: 'Subdominio o dominio inválido.' })
      .optional()
      .describe('Subdominio del emisor en Facturo (o su dominio completo)'),
    series: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{4}$/, { message: 'La serie tiene 4 caracteres (F001, B001…).' })
      .describe('Serie del comprobante'),
    number: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .refine((v) => /^\d{1,8}$/.test(v) && Number(v) > 0, { message: 'Número entero de 1 a 8 dígitos.' })
      .transform(Number)
      .describe('Número del comprobante'),
    customer_number: z.string().trim().min(1).max(15).describe('Número de documento del cliente (RUC, DNI…)'),
    total: z
      .union([z.string(), z.number()])
      .transform((v) => Number(v))
      .refine((v) => Number.isFinite(v) && v >= 0 && v < 1e12, { message: 'Importe total inválido.' })
      .describe('Importe total del comprobante (±0.01)'),
    date_of_issue: z
      .string()
      .refine(isValidIsoDate, { message: 'Fecha de emisión válida con formato AAAA-MM-DD.' })
      .describe('Fecha de emisión'),
  })
  .refine((b) => b.ruc_emisor || b.tenant_slug, { message: 'Envíe ruc_emisor o tenant_slug.', path: ['ruc_emisor'] })
  .meta({ id: 'ConsultaSearchBody' });

const SearchResponse = z
  .object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(
      z.object({
        number: z.string(),
        total: z.string(),
        date_of_issue: z.string(),
        state_type_id: z.string(),
        state_type_description: z.string(),
        download_pdf: z.string(),
        download_xml: z.string(),
        download_cdr: z.string(),
      }),
    ),
    ...warningsField,
  })
  .meta({ id: 'ConsultaSearchResponse' });

const NOT_FOUND = 'No se encontró un comprobante con los datos ingresados.';
// Its first host name makes the links; a locked reseller makes its tenants inactive too.
const TENANT_INCLUDE = { hostnames: { orderBy: { id: 'asc' as const } }, reseller: { select: { lockedAdmin: true } } };

export const consultasRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/consultas/search',
    {
      config: {
        openapiExamples: requestExample('Buscar un comprobante por sus datos', {
          ruc_emisor: '20000000001',
          series: 'F001',
          number: 1,
          customer_number: '20100066603',
          total: '118.00',
          date_of_issue: '2026-01-15',
        }),
        auth: 'none',
        rateLimit: { max: app.platform.config.consultasRateLimit, timeWindow: '1 minute' },
      },
      schema: {
        summary: 'Consulta pública de un comprobante (todos los datos deben coincidir)',
        body: SearchBody,
        response: {
          200: SearchResponse,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const b = request.body;
      const { central } = app.platform.db;
      const slug = b.tenant_slug;
      const tenant = b.ruc_emisor
        ? await central.tenant.findUnique({ where: { ruc: b.ruc_emisor }, include: TENANT_INCLUDE })
        : slug?.includes('.')
          ? ((
              await central.hostname.findUnique({
                where: { hostname: slug },
                include: { tenant: { include: TENANT_INCLUDE } },
              })
            )?.tenant ?? null)
          : await central.tenant.findUnique({ where: { subdomain: slug ?? '' }, include: TENANT_INCLUDE });
      if (!tenant) throw errors.notFound('document_not_found', NOT_FOUND);
      if (tenant.lockedTenant || tenant.reseller?.lockedAdmin)
        throw errors.forbidden('tenant_inactive', 'La empresa emisora se encuentra temporalmente inactiva.');
      // Not a tenant-host route: where the company lives is looked up here (directory.ts).
      await app.platform.db.directory.resolve(tenant.schemaName);
      const db = app.platform.db.tenant(tenant.schemaName);
      const docs = await db.document.findMany({
        where: {
          serie: b.series,
          number: b.number,
          issueDate: new Date(`${b.date_of_issue}T00:00:00Z`),
          customerDocNumber: b.customer_number,
          total: { gte: (b.total - 0.01).toFixed(2), lte: (b.total + 0.01).toFixed(2) },
        },
        select: {
          externalId: true,
          documentType: true,
          serie: true,
          number: true,
          total: true,
          issueDate: true,
          stateTypeId: true,
        },
      });
      if (docs.length === 0) throw errors.notFound('document_not_found', NOT_FOUND);
      const host = tenant.hostnames[0]?.hostname ?? `${tenant.subdomain}.${app.platform.config.appDomain}`;
      const base = tenantBaseUrl(app.platform.config.publicUrl, host);
      return {
        success: true as const,
        message: 'Comprobante encontrado',
        data: docs.map((d) => {
          const links = downloadLinks(base, segmentOfType(d.documentType), d.externalId, true);
          return {
            number: `${d.serie}-${d.number}`,
            total: d.total.toFixed(2),
            date_of_issue: d.issueDate.toISOString().slice(0, 10),
            state_type_id: d.stateTypeId,
            state_type_description: stateDescription(d.stateTypeId),
            download_pdf: links.pdf,
            download_xml: links.xml,
            download_cdr: d.stateTypeId === '05' || d.stateTypeId === '07' ? links.cdr : '',
          };
        }),
      };
    },
  );
};
