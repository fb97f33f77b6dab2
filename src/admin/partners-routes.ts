// Restaurant-module partners (FacturadorPro's restaurant module): list, search, store. Admin role only.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Partner } from '../generated/central/client.ts';
import { warningsField } from '../platform/http/schemas.ts';
import { adminRoute } from './route-options.ts';
import { allPartners, createPartner, searchPartners } from './partners-service.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';

const PartnerSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  gitlab_user: z.string().nullable(),
  domain: z.string(),
  status: z.boolean(),
  department_id: z.string(),
  zone: z.string().nullable(),
});
const StoreBody = z
  .object({
    full_name: z
      .string()
      .trim()
      .min(2)
      .max(200)
      .regex(/^[\p{L} '-]+$/u, { message: 'Solo letras, espacios y guiones.' }),
    email: z
      .email({ message: 'Correo electrónico inválido.' })
      .max(250)
      .transform((e) => e.toLowerCase()),
    gitlab_user: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,100}$/, { message: 'Solo letras y números.' })
      .optional(),
    domain: z.url({ message: 'Debe ser una URL (https://…).' }).max(250),
    department_id: z.string().regex(/^\d{2}$/, { message: 'Código de departamento de 2 dígitos (INEI).' }),
    zone: z.string().trim().max(100).optional(),
    status: z.boolean().optional(),
  })
  .meta({ id: 'PartnerStoreBody' });

const present = (p: Partner) => ({
  id: p.id,
  full_name: p.fullName,
  email: p.email,
  gitlab_user: p.gitlabUser,
  domain: p.domain,
  status: p.status,
  department_id: p.departmentId,
  zone: p.zone,
});

const list = z.object({
  success: z.literal(true),
  data: z.array(PartnerSchema),
  message: z.string(),
  ...warningsField,
});

export const partnersRoutes: FastifyPluginAsync = async (app) => {
  const { central } = app.platform.db;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/restaurant/partner/list',
    adminRoute(central, { summary: 'Partners de restaurantes' }, list, { roles: ['admin'] }),
    async () => {
      const partners = await allPartners(central);
      return { success: true as const, data: partners.map(present), message: 'Listado de Partners' };
    },
  );

  typed.post(
    '/api/restaurant/partner/search',
    adminRoute(
      central,
      {
        summary: 'Buscar partners por nombre, correo, usuario o dominio',
        body: z.object({ query: z.string().trim().min(1).max(200) }),
      },
      list,
      { roles: ['admin'], errors: [422], examples: requestExample('Buscar por nombre', { query: 'Ana' }) },
    ),
    async (request) => {
      const partners = await searchPartners(central, request.body.query);
      return {
        success: true as const,
        data: partners.map(present),
        message: partners.length ? 'Partners encontrados' : 'Partners no encontrados',
      };
    },
  );

  typed.post(
    '/api/restaurant/partner/store',
    adminRoute(
      central,
      { summary: 'Registrar un partner', body: StoreBody },
      z.object({ success: z.literal(true), data: PartnerSchema, message: z.string(), ...warningsField }),
      {
        roles: ['admin'],
        errors: [409, 422],
        examples: requestExample('Registrar un partner', {
          full_name: 'Ana Torres',
          email: 'ana.torres@partner.example',
          domain: 'https://restaurante-ana.example',
          department_id: '15',
        }),
      },
    ),
    async (request) => {
      const partner = await createPartner(central, request.body);
      return { success: true as const, data: present(partner), message: 'Partner registrado exitosamente' };
    },
  );
};
