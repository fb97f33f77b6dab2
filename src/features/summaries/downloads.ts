// GET /downloads/{voided|summary|reversion}/{xml|cdr}/{external_id}: a summary's signed XML and SUNAT's CDR. No
// token, as the documents' downloads: the UUID is the capability, on the owning tenant's host only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cdrKey, xmlKey } from '../../pipeline/files.ts';
import { errors } from '../../platform/errors.ts';
import type { SummaryKind } from '../../pipeline/summaries/kinds.ts';
import { pipelineDepsOf, tenantRefOf } from '../../api/deps.ts';
import type { DownloadSegment } from '../../api/summaries/presenter.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const Params = z.object({
  file: z.enum(['xml', 'cdr']).describe('xml firmado o cdr (zip de SUNAT)'),
  externalId: z.string().max(64).describe('external_id de la comunicación o resumen'),
});

const NAMES: Record<SummaryKind, string> = {
  RA: 'una comunicación de baja',
  RC: 'un resumen diario',
  RR: 'un resumen de reversiones',
};

export function registerSummaryDownloads(app: FastifyInstance, segment: DownloadSegment, kind: SummaryKind) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `/downloads/${segment}/:file/:externalId`,
    {
      config: { hostKind: 'tenant', auth: 'none' },
      schema: {
        summary: `Descargar el XML o el CDR de ${NAMES[kind]}`,
        params: Params,
      },
    },
    async (request, reply) => {
      const externalId = request.params.externalId.toLowerCase();
      const notFound = errors.notFound('file_not_found', 'El archivo solicitado no existe.');
      if (!UUID.test(externalId)) throw notFound;
      const tenant = tenantRefOf(request.tenant);
      const row = await tenant.db.summary.findUnique({ where: { externalId }, select: { kind: true, filename: true } });
      if (!row || row.kind !== kind) throw notFound;
      const storage = pipelineDepsOf(app, request.log).storage;
      const xml = request.params.file === 'xml';
      const data = await storage.get(tenant.schema, xml ? xmlKey(row.filename) : cdrKey(row.filename));
      if (!data)
        throw errors.notFound('cdr_not_available', 'SUNAT aún no ha respondido: no hay constancia de recepción (CDR).');
      return reply
        .type(xml ? 'application/xml; charset=utf-8' : 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="${xml ? `${row.filename}.xml` : `R-${row.filename}.zip`}"`,
        )
        .send(data);
    },
  );
}
