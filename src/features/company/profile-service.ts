// PATCH /api/company: the issuer's data the next document's XML and PDF carry, and its PDF preferences. Checked as a
// whole before anything is written: a body with one bad field changes nothing.
import type { Prisma } from '../../generated/tenant/client.ts';
import { AppError, errors, type ErrorItem } from '../../platform/errors.ts';
import type { Company, TenantContext } from '../../platform/http/tenant-context.ts';
import { checkLogo, type LogoCheck } from '../../tenancy/logo.ts';
import type { CompanyProfileInput } from '../../tenancy/profile-schemas.ts';

/** INEI department codes run from 01 (Amazonas) to 25 (Ucayali). */
function ubigeoProblem(ubigeo: string | undefined): ErrorItem | null {
  if (ubigeo === undefined) return null;
  const department = Number(ubigeo.slice(0, 2));
  if (department >= 1 && department <= 25 && ubigeo.slice(2) !== '0000') return null;
  const message = `El ubigeo ${ubigeo} no corresponde a un distrito del Perú (departamento 01 a 25).`;
  return { path: 'direccion.ubigeo', code: 'ubigeo_invalid', message };
}

function addressData(a: NonNullable<CompanyProfileInput['direccion']>): Prisma.CompanyUpdateInput {
  return {
    ubigeo: a.ubigeo,
    codigoEstablecimiento: a.codigo_establecimiento,
    direccion: a.direccion,
    urbanizacion: a.urbanizacion,
    distrito: a.distrito,
    provincia: a.provincia,
    departamento: a.departamento,
    codigoPais: a.codigo_pais,
  };
}

function pdfData(p: NonNullable<CompanyProfileInput['pdf']>): Prisma.CompanyUpdateInput {
  return { pdfFormat: p.formato, pdfFooter: p.pie_de_pagina, bankAccounts: p.cuentas_bancarias };
}

/** The API's names for how boletas reach SUNAT, as the boleta_delivery column spells them. */
function deliveryColumn(delivery: CompanyProfileInput['envio_de_boletas']): 'individual' | 'summary' | undefined {
  if (delivery === undefined) return undefined;
  return delivery === 'resumen_diario' ? 'summary' : 'individual';
}

/** The columns to write, or every problem of the body (`logo`: the checked logo, when the body sends one). */
export function profileUpdate(input: CompanyProfileInput, logo?: LogoCheck): Prisma.CompanyUpdateInput {
  const problems: ErrorItem[] = [];
  const ubigeo = ubigeoProblem(input.direccion?.ubigeo);
  if (ubigeo) problems.push(ubigeo);
  let logoBase64: string | null | undefined = input.logo === null ? null : undefined;
  if (logo && 'problem' in logo) problems.push(logo.problem);
  else if (logo && 'base64' in logo) logoBase64 = logo.base64;
  if (problems.length) throw errors.unprocessable(problems[0].code, problems[0].message, problems);
  return {
    razonSocial: input.razon_social,
    nombreComercial: input.nombre_comercial,
    telefono: input.telefono,
    email: input.email,
    logoBase64,
    boletaDelivery: deliveryColumn(input.envio_de_boletas),
    ...(input.direccion ? addressData(input.direccion) : {}),
    ...(input.pdf ? pdfData(input.pdf) : {}),
  };
}

export async function updateCompanyProfile(
  tenant: Pick<TenantContext, 'db'>,
  input: CompanyProfileInput,
): Promise<Company> {
  const logo = typeof input.logo === 'string' ? await checkLogo(input.logo) : undefined;
  if (logo && 'busy' in logo) {
    const message = 'El servidor está leyendo otras imágenes: envíe el logo nuevamente en 5 segundos.';
    throw new AppError(503, 'upload_busy', message, [], { 'retry-after': '5' });
  }
  const data = profileUpdate(input, logo);
  if (!input.direccion) return tenant.db.company.update({ where: { id: 1 }, data });
  return tenant.db.$transaction(async (tx) => {
    const company = await tx.company.update({ where: { id: 1 }, data });
    // The fiscal domicile is also establishment 0000 (GET /api/establishments): the two never disagree.
    await tx.establishment.updateMany({ where: { codigo: '0000' }, data: fiscalDomicileOf(company) });
    return company;
  });
}

function fiscalDomicileOf(c: Company): Prisma.EstablishmentUpdateManyMutationInput {
  return {
    direccion: c.direccion,
    ubigeo: c.ubigeo,
    urbanizacion: c.urbanizacion,
    departamento: c.departamento,
    provincia: c.provincia,
    distrito: c.distrito,
    codigoPais: c.codigoPais,
  };
}
