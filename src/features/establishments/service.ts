// A company's establishments: listed, registered and changed. Department, province and district are the ubigeo
// catalogue's for the code (a ubigeo it does not know is refused: the address would be wrong on every document).
// 0000 is the fiscal domicile: the company's own address (PATCH /api/company changes both), never deactivated. An
// establishment is deactivated, never deleted: the documents issued from it keep naming it.
import { ubigeoNames } from '../../core/catalogs/ubigeo/index.ts';
import { FISCAL_DOMICILE } from '../../core/issuer-block.ts';
import type { Establishment, Prisma } from '../../generated/tenant/client.ts';
import { errors } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/http/tenant-context.ts';
import type { EstablishmentInput, EstablishmentPatch } from './schemas.ts';

type Tenant = Pick<TenantContext, 'db'>;

export function listEstablishments(tenant: Tenant): Promise<Establishment[]> {
  return tenant.db.establishment.findMany({ orderBy: { codigo: 'asc' } });
}

function placeOf(ubigeo: string) {
  const names = ubigeoNames(ubigeo);
  if (names) return names;
  const message = `El ubigeo ${ubigeo} no es un distrito del catálogo INEI.`;
  throw errors.unprocessable('ubigeo_invalid', message, [{ path: 'ubigeo', code: 'ubigeo_invalid', message }]);
}

export async function createEstablishment(tenant: Tenant, input: EstablishmentInput): Promise<Establishment> {
  const place = placeOf(input.ubigeo);
  try {
    return await tenant.db.establishment.create({
      data: {
        codigo: input.codigo,
        nombre: input.nombre,
        direccion: input.direccion,
        ubigeo: input.ubigeo,
        ...place,
        urbanizacion: input.urbanizacion ?? null,
        codigoPais: input.codigo_pais ?? 'PE',
        telefono: input.telefono ?? null,
        correoElectronico: input.correo_electronico ?? null,
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code !== 'P2002') throw error;
    const message = `El establecimiento ${input.codigo} ya está registrado: use PATCH /api/establishments/${input.codigo}.`;
    throw errors.conflict('establishment_already_exists', message, [
      { path: 'codigo', code: 'establishment_already_exists', message },
    ]);
  }
}

/** The address columns a patch changes (shared by the establishment and, for 0000, the company's fiscal address). */
function addressChange(patch: EstablishmentPatch) {
  return {
    direccion: patch.direccion,
    ubigeo: patch.ubigeo,
    ...(patch.ubigeo !== undefined ? placeOf(patch.ubigeo) : {}),
    urbanizacion: patch.urbanizacion,
    codigoPais: patch.codigo_pais,
  };
}

export async function updateEstablishment(
  tenant: Tenant,
  codigo: string,
  patch: EstablishmentPatch,
): Promise<Establishment> {
  const fiscal = codigo === FISCAL_DOMICILE;
  if (fiscal && patch.activo === false) {
    const message = 'El domicilio fiscal (0000) no se desactiva: todo RUC tiene uno.';
    throw errors.unprocessable('establishment_fiscal_domicile', message, [
      { path: 'activo', code: 'establishment_fiscal_domicile', message },
    ]);
  }
  const address = addressChange(patch);
  const data: Prisma.EstablishmentUpdateInput = {
    ...address,
    nombre: patch.nombre,
    telefono: patch.telefono,
    correoElectronico: patch.correo_electronico,
    active: patch.activo,
  };
  return tenant.db.$transaction(async (tx) => {
    const found = await tx.establishment.findUnique({ where: { codigo } });
    if (!found) {
      throw errors.notFound('establishment_not_found', `No existe el establecimiento ${codigo} en esta empresa.`);
    }
    // The fiscal domicile is the company's address: the next document's XML takes it from the company row.
    if (fiscal) await tx.company.update({ where: { id: 1 }, data: address });
    return tx.establishment.update({ where: { codigo }, data });
  });
}
