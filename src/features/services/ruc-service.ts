// GET /api/services/ruc/{numero}: who a RUC is, from SUNAT's padrón reducido as last imported (`npx facturo
// padron:import` fills central.padron_ruc and records the import in central.padron_imports). The padrón is SUNAT's
// own daily publication: a RUC it does not list is unknown here (404), never guessed.
import type { CentralClient } from '../../platform/db/clients.ts';
import { errors } from '../../platform/errors.ts';
import { presentRuc } from './presenter.ts';
import type { RucResponse } from './schemas.ts';

export async function lookupRuc(central: CentralClient, ruc: string): Promise<RucResponse> {
  const [row, imported] = await Promise.all([
    central.padronRuc.findUnique({ where: { ruc } }),
    central.padronImport.findFirst({ orderBy: { id: 'desc' }, select: { importedAt: true, fileDate: true } }),
  ]);
  if (!row) {
    const message = imported
      ? `El RUC ${ruc} no figura en el padrón reducido de SUNAT importado el ${imported.importedAt.toISOString().slice(0, 10)}.`
      : `El RUC ${ruc} no figura en el padrón de SUNAT importado (npx facturo padron:import).`;
    throw errors.notFound('ruc_not_found', message);
  }
  return presentRuc(row, imported);
}
