// Request and response shapes of /api/establishments (OpenAPI schemas EstablishmentBody, EstablishmentPatchBody,
// Establishment, EstablishmentList). Lengths follow the UBL fields an establishment's address ends up in.
import { z } from 'zod';
import { filledText, ubigeoCode } from '../../platform/http/schemas.ts';

export const establishmentCode = z
  .string()
  .regex(/^\d{4}$/, { message: 'El código de establecimiento tiene 4 dígitos (0000: domicilio fiscal; SUNAT 4242).' })
  .describe('Código de establecimiento anexo que SUNAT asignó al local en el RUC (0000: domicilio fiscal)');

const fields = {
  nombre: filledText(100).describe('Nombre del local (Tienda Miraflores)'),
  direccion: filledText(200).describe('Dirección del local'),
  ubigeo: ubigeoCode().describe('Ubigeo INEI del distrito; departamento, provincia y distrito se toman del catálogo'),
  urbanizacion: filledText(100).nullable().describe('Urbanización'),
  codigo_pais: z
    .string()
    .regex(/^[A-Z]{2}$/, { message: 'El código de país tiene 2 letras (PE).' })
    .describe('País (PE)'),
  telefono: filledText(30).nullable().describe('Teléfono del local'),
  correo_electronico: z.email({ message: 'Correo electrónico inválido.' }).max(254).nullable(),
};

export const EstablishmentBody = z
  .object({
    codigo: establishmentCode,
    nombre: fields.nombre,
    direccion: fields.direccion,
    ubigeo: fields.ubigeo,
    urbanizacion: fields.urbanizacion.optional(),
    codigo_pais: fields.codigo_pais.optional(),
    telefono: fields.telefono.optional(),
    correo_electronico: fields.correo_electronico.optional(),
  })
  .strict()
  .meta({ id: 'EstablishmentBody' });

export const EstablishmentPatchBody = z
  .object({
    ...fields,
    activo: z
      .boolean()
      .describe('false: ya no se emite desde él (sus comprobantes y series lo siguen nombrando; nunca se borra)'),
  })
  .partial()
  .strict()
  .meta({ id: 'EstablishmentPatchBody' });

export const EstablishmentParams = z.object({ codigo: establishmentCode });

export const EstablishmentItem = z
  .object({
    codigo: z.string(),
    nombre: z.string(),
    direccion: z.string(),
    ubigeo: z.string(),
    departamento: z.string(),
    provincia: z.string(),
    distrito: z.string(),
    urbanizacion: z.string().nullable(),
    codigo_pais: z.string(),
    telefono: z.string().nullable(),
    correo_electronico: z.string().nullable(),
    activo: z.boolean(),
  })
  .meta({ id: 'Establishment' });

export const EstablishmentResult = z.object({ success: z.literal(true), data: EstablishmentItem });
export const EstablishmentList = z
  .object({ success: z.literal(true), data: z.array(EstablishmentItem) })
  .meta({ id: 'EstablishmentList' });

export type EstablishmentInput = z.infer<typeof EstablishmentBody>;
export type EstablishmentPatch = z.infer<typeof EstablishmentPatchBody>;
