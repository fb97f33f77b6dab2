// A company's series: listed, created, and its counter moved forward — never below a number this system already
// used for it (the documents table is checked, not only the counter, under the series row's lock: numbering takes
// the same lock, so no document can be numbered in between).
import type { Series } from '../../generated/tenant/client.ts';
import { errors } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/http/tenant-context.ts';
import { isContingencySeries, seriesProblems } from './series-rules.ts';

type Tenant = Pick<TenantContext, 'db' | 'table'>;

export interface NewSeries {
  documentType: string;
  serie: string;
  contingency?: boolean;
  lastNumber?: number;
  /** The establishment whose documents it numbers (default 0000, the fiscal domicile). */
  establishmentCode?: string;
}

export function listSeries(tenant: Pick<TenantContext, 'db'>): Promise<Series[]> {
  return tenant.db.series.findMany({ orderBy: [{ documentType: 'asc' }, { serie: 'asc' }] });
}

export async function createSeries(tenant: Pick<TenantContext, 'db'>, input: NewSeries): Promise<Series> {
  const problems = seriesProblems(input.documentType, input.serie, input.contingency);
  if (problems.length) throw errors.unprocessable(problems[0].code, problems[0].message, problems);
  const existing = await tenant.db.series.findUnique({
    where: { documentType_serie: { documentType: input.documentType, serie: input.serie } },
  });
  if (existing) throw seriesExists(input);
  const establishmentCode = input.establishmentCode ?? '0000';
  await establishmentUsable(tenant, establishmentCode);
  try {
    return await tenant.db.series.create({
      data: {
        documentType: input.documentType,
        serie: input.serie,
        lastNumber: input.lastNumber ?? 0,
        contingency: isContingencySeries(input.serie),
        registered: true,
        establishmentCode,
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw seriesExists(input);
    throw error;
  }
}

/** A series belongs to a registered, active establishment (0000 always is: the fiscal domicile). */
async function establishmentUsable(tenant: Pick<TenantContext, 'db'>, codigo: string): Promise<void> {
  if (codigo === '0000') return;
  const found = await tenant.db.establishment.findUnique({ where: { codigo }, select: { active: true } });
  if (found?.active) return;
  const [code, message] = found
    ? ['establishment_inactive', `El establecimiento ${codigo} está desactivado.`]
    : ['establishment_unknown', `El establecimiento ${codigo} no está registrado (POST /api/establishments).`];
  throw errors.unprocessable(code, message, [{ path: 'codigo_establecimiento', code, message }]);
}

function seriesExists(input: NewSeries) {
  const message = `La serie ${input.serie} ya existe para el tipo ${input.documentType}: use PATCH para mover su numeración.`;
  return errors.conflict('series_already_exists', message, [{ path: 'serie', code: 'series_already_exists', message }]);
}

/** Sets where the numbering continues: the next document gets `lastNumber + 1`. */
export async function moveSeriesForward(
  tenant: Tenant,
  documentType: string,
  serie: string,
  lastNumber: number,
): Promise<Series> {
  return tenant.db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number; last_number: number }[]>`
      SELECT id, last_number FROM ${tenant.table('series')} WHERE document_type = ${documentType} AND serie = ${serie} FOR UPDATE`;
    if (!locked.length) {
      throw errors.notFound('series_not_found', `No existe la serie ${serie} para el tipo ${documentType}.`);
    }
    const used = await tx.$queryRaw<{ max: number | null }[]>`
      SELECT max(number) AS max FROM ${tenant.table('documents')} WHERE document_type = ${documentType} AND serie = ${serie}`;
    const floor = Math.max(locked[0].last_number, used[0].max ?? 0);
    if (lastNumber < floor) throw backwards(serie, lastNumber, floor);
    return tx.series.update({ where: { id: locked[0].id }, data: { lastNumber, registered: true } });
  });
}

function backwards(serie: string, requested: number, floor: number) {
  const message = `La numeración de la serie ${serie} ya llegó a ${floor}: no puede retroceder a ${requested}.`;
  return errors.unprocessable('series_number_backwards', message, [
    {
      path: 'ultimo_numero',
      code: 'series_number_backwards',
      message,
      expected: `>= ${floor}`,
      received: `${requested}`,
    },
  ]);
}
