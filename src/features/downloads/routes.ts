// GET /downloads/{document|perception|retention|dispatch}/{xml|pdf|cdr}/{external_id}[/{a4|ticket}]: no token —
// the UUID is the capability, as in FacturadorPro — and only on the owning tenant's host: another tenant's id is
// the same 404 as an unknown one.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../platform/errors.ts';
import { pipelineDepsOf, tenantRefOf } from '../../api/deps.ts';
import { cdrZipOf, signedXmlOf } from '../../delivery/files.ts';
import { defaultPdfFormat, pdfForDocument, PRINTABLE_SELECT } from '../../delivery/pdf.ts';

const SEGMENT_TYPES: Record<string, readonly string[]> = {
  document: ['01', '03', '04', '07', '08'],
  perception: ['40'],
  retention: ['20'],
  dispatch: ['09', '31'],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const FileParams = z.object({
  segment: z
    .enum(['document', 'perception', 'retention', 'dispatch'])
    .describe('document (01, 03, 04, 07, 08), perception (40), retention (20) o dispatch (guías 09, 31)'),
  file: z.enum(['xml', 'pdf', 'cdr']).describe('xml firmado, pdf o cdr (zip de SUNAT)'),
  externalId: z.string().max(64).describe('external_id del comprobante'),
});
const FormatParams = FileParams.extend({ format: z.enum(['a4', 'ticket']).describe('Formato del PDF') });
type Params = z.infer<typeof FileParams> & { format?: 'a4' | 'ticket' };

function notFound() {
  return errors.notFound('file_not_found', 'El archivo solicitado no existe.');
}

export const downloadsRoutes: FastifyPluginAsync = async (app) => {
  const handler = async (
    request: {
      params: Params;
      tenant: import('../../platform/http/tenant-context.ts').TenantContext;
      log: import('fastify').FastifyBaseLogger;
    },
    reply: import('fastify').FastifyReply,
  ) => {
    const { segment, file, format } = request.params;
    const externalId = request.params.externalId.toLowerCase();
    if (!UUID.test(externalId)) throw notFound();
    const tenant = tenantRefOf(request.tenant);
    const doc = await tenant.db.document.findUnique({
      where: { externalId },
      select: PRINTABLE_SELECT,
    });
    if (!doc || !SEGMENT_TYPES[segment].includes(doc.documentType)) throw notFound();
    const deps = pipelineDepsOf(app, request.log);
    if (file === 'xml') {
      if (format) throw notFound();
      const xml = await signedXmlOf(deps, tenant, doc);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${doc.filename}.xml"`)
        .send(xml);
    }
    if (file === 'cdr') {
      if (format) throw notFound();
      const zip = await cdrZipOf(deps, tenant, doc);
      if (!zip)
        throw errors.notFound(
          'cdr_not_available',
          'El comprobante aún no tiene constancia de recepción (CDR) de SUNAT.',
        );
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="R-${doc.filename}.zip"`)
        .send(zip);
    }
    const pdfFormat = format ?? defaultPdfFormat(doc, tenant.company);
    const pdf = await pdfForDocument(deps, tenant, doc, pdfFormat);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${doc.filename}${pdfFormat === 'ticket' ? '-ticket' : ''}.pdf"`)
      .send(pdf);
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = {
    hostKind: 'tenant' as const,
    auth: 'none' as const,
    openapiProduces: ['application/xml', 'application/pdf', 'application/zip'],
  };
  typed.get(
    '/downloads/:segment/:file/:externalId',
    {
      config,
      schema: {
        summary: 'Descargar el XML firmado, el PDF o el CDR de un comprobante (sin token: el external_id es la llave)',
        params: FileParams,
      },
    },
    handler,
  );
  typed.get(
    '/downloads/:segment/:file/:externalId/:format',
    {
      config: { ...config, openapiProduces: ['application/pdf'] },
      schema: { summary: 'Descargar el PDF en formato a4 o ticket', params: FormatParams },
    },
    handler,
  );
};
