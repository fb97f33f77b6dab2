// Restaurant-module partners (FacturadorPro's restaurant module): list, search, store. Admin role only.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Partner } from '../generated/central/client.ts';
import { ErrorBodySchema, warningsField } from '../platform/http/schemas.ts';
import { requireAdmin } from './auth.ts';
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

function listRoute(app: FastifyInstance) {
  const central = app.platform.db.central;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/restaurant/partner/list',
    {
      onRequest: requireAdmin(central, ['admin']),
      config: { auth: 'none', openapiSecurity: ['adminAuth'] },
      schema: {
        summary: 'Partners de restaurantes',
        response: { 200: list, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => {
      const partners = await allPartners(central);
      return { success: true as const, data: partners.map(present), message: 'Listado de Partners' };
    },
  );
}

function searchRoute(app: FastifyInstance) {
  const central = app.platform.db.central;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/restaurant/partner/search',
    {
      onRequest: requireAdmin(central, ['admin']),
      config: {
        auth: 'none',
        openapiSecurity: ['adminAuth'],
        openapiExamples: requestExample('Buscar por nombre', { query: 'Ana' }),
      },
      schema: {
        summary: 'Buscar partners por nombre, correo, usuario o dominio',
        body: z.object({ query: z.string().trim().min(1).max(200) }),
        response: { 200: list, 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request) => {
      const partners = await searchPartners(central, request.body.query);
      return {
        success: true as const,
        data: partners.map(present),
        message: partners.length ? 'Partners encontrados' : 'Partners no encontrados',
      };
    },
  );
}

function storeRoute(app: FastifyInstance) {
  const central = app.platform.db.central;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/restaurant/partner/store',
    {
      onRequest: requireAdmin(central, ['admin']),
      config: {
        auth: 'none',
        openapiSecurity: ['adminAuth'],
        openapiExamples: requestExample('Registrar un partner', {
          full_name: 'Ana Torres',
          email: 'ana.torres@partner.example',
          domain: 'https://restaurante-ana.example',
          department_id: '15',
        }),
      },
      schema: {
        summary: 'Registrar un partner',
        body: StoreBody,
        response: {
          200: z.object({ success: z.literal(true), data: PartnerSchema, message: z.string(), ...warningsField }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const partner = await createPartner(central, request.body);
      return { success: true as const, data: present(partner), message: 'Partner registrado exitosamente' };
    },
  );
}

export const partnersRoutes: FastifyPluginAsync = async (app) => {
  listRoute(app);
  searchRoute(app);
  storeRoute(app);
};
