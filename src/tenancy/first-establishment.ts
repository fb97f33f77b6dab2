// The first establishment's data a new company may bring (admin creation, self-registration): establishment 0000,
// the fiscal domicile. Its address, when given, is the company's fiscal address (department, province and district
// from the ubigeo catalogue); its name, phone and e-mail are the establishment's own (by default "Oficina principal"
// and the company's).
import { z } from 'zod';
import { ubigeoNames } from '../core/catalogs/ubigeo/index.ts';
import { errors } from '../platform/errors.ts';
import { filledText, ubigeoCode } from '../platform/http/schemas.ts';
import type { CompanyAddress, ProvisionTenantInput } from './provision.ts';

export const FirstEstablishmentBody = z
  .object({
    nombre: filledText(100).describe('Nombre del local (por defecto "Oficina principal")'),
    direccion: filledText(200).describe('Dirección del domicilio fiscal'),
    ubigeo: ubigeoCode().describe('Ubigeo INEI del distrito; departamento, provincia y distrito se toman del catálogo'),
    urbanizacion: filledText(100).describe('Urbanización'),
    telefono: filledText(30).describe('Teléfono del local'),
    correo_electronico: z.email({ message: 'Correo electrónico inválido.' }).max(254),
  })
  .partial()
  .strict()
  .describe('Establecimiento 0000 (domicilio fiscal): datos opcionales');

export type FirstEstablishment = z.infer<typeof FirstEstablishmentBody>;

/**
 * The provisioning input's address and establishment with the first establishment's data over `address` (the
 * request's or the padrón's); a ubigeo outside the catalogue is a 422 at `path`.ubigeo.
 */
export function withFirstEstablishment(
  address: Partial<CompanyAddress>,
  first: FirstEstablishment | undefined,
  path = 'establecimiento',
): Pick<ProvisionTenantInput, 'address' | 'establishment'> {
  if (!first) return { address };
  const place = first.ubigeo === undefined ? {} : ubigeoNames(first.ubigeo);
  if (!place) {
    const message = `El ubigeo ${first.ubigeo} no es un distrito del catálogo INEI.`;
    throw errors.unprocessable('ubigeo_invalid', message, [
      { path: `${path}.ubigeo`, code: 'ubigeo_invalid', message },
    ]);
  }
  const given = { direccion: first.direccion, ubigeo: first.ubigeo, urbanizacion: first.urbanizacion, ...place };
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  return {
    address: { ...address, ...defined },
    establishment: { name: first.nombre, telefono: first.telefono, email: first.correo_electronico },
  };
}
