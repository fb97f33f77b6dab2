// The bodies and answers of POST and GET /api/tenants (admin host).
import { z } from 'zod';
import { rowId, warningsField } from '../platform/http/schemas.ts';
import { FirstEstablishmentBody } from '../tenancy/first-establishment.ts';
import { AddressBody } from '../tenancy/profile-schemas.ts';
import { LockFactSchema } from './lock-schemas.ts';
import { pageQuery } from './pagination.ts';

export const CreateTenantBody = z
  .object({
    ruc: z
      .string()
      .regex(/^\d{11}$/, { message: 'El RUC debe tener 11 dígitos.' })
      .describe('RUC de la empresa'),
    subdomain: z.string().trim().toLowerCase().min(1).max(40).describe('Subdominio: {subdomain}.APP_DOMAIN'),
    email: z
      .email({ message: 'Correo electrónico inválido.' })
      .max(254)
      .describe('Correo del usuario administrador de la empresa'),
    plan_id: rowId().describe('Plan (GET /api/plans)'),
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe(
        'Razón social: obligatoria salvo que el RUC esté en el padrón importado (se usa la suya, con un aviso)',
      ),
    nombre_comercial: z.string().trim().min(1).max(200).optional().describe('Nombre comercial'),
    direccion: AddressBody.optional().describe('Domicilio fiscal (por defecto el del padrón RUC, si lo tiene)'),
    establecimiento: FirstEstablishmentBody.optional(),
    soap_type_id: z.enum(['01', '02']).default('01').describe('01 demo (SUNAT beta o simulador), 02 producción'),
    soap_username: z.string().trim().min(1).max(20).optional().describe('Usuario SOL (producción)'),
    soap_password: z.string().min(1).max(100).optional().describe('Clave SOL (producción)'),
    certificate: z.string().max(200_000).optional().describe('Certificado digital PFX en base64 (producción)'),
    certificate_password: z.string().max(200).optional().describe('Contraseña del PFX'),
    database: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .optional()
      .describe(
        'Servidor de base de datos donde crearla (npx facturo database:list; solo administradores). Por defecto, el que tiene menos empresas',
      ),
  })
  .meta({ id: 'CreateTenantBody' });

export const TenantCreated = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number(),
  hostname: z.string(),
  database: z.string().describe('Servidor de base de datos donde vive la empresa'),
  token: z.string().describe('Token API de la empresa: se muestra una sola vez'),
  password: z.string().describe('Contraseña del usuario administrador: se muestra una sola vez'),
  ...warningsField,
});

export const TenantListQuery = pageQuery(20);

export const TenantList = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      ruc: z.string(),
      name: z.string(),
      subdomain: z.string(),
      hostname: z.string(),
      email: z.string().nullable(),
      plan_id: z.number().nullable(),
      reseller_id: z.number().nullable(),
      locked_tenant: z.boolean(),
      locked_emission: z.boolean(),
      sunat_mode: z.string(),
      database: z.string().describe('Servidor de base de datos donde vive'),
      created_at: z.string(),
      plan_name: z.string().nullable(),
      documents_month: z.number().describe('Comprobantes emitidos este mes'),
      locks: z.array(LockFactSchema).describe('Bloqueos vigentes, con su autor y motivo'),
    }),
  ),
  pagination: z.object({ page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() }),
});

export type CreateTenantRequest = z.output<typeof CreateTenantBody>;
