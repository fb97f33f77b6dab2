// GET/POST /api/tokens and DELETE /api/tokens/{id} (tenant host): the company's API tokens. The secret is shown
// once, when issued; listings show its first characters only.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiToken } from '../../generated/tenant/client.ts';
import { tenantErrorResponses } from '../../platform/http/schemas.ts';
import { createToken, listTokens, revokeToken } from '../../tenancy/api-tokens.ts';

const TokenItem = z
  .object({
    id: z.number().int(),
    nombre: z.string(),
    prefijo: z.string().describe('Primeros caracteres del token, para reconocerlo'),
    creado: z.string(),
    ultimo_uso: z.string().nullable().describe('Aproximado (se actualiza como máximo una vez por minuto)'),
  })
  .meta({ id: 'ApiToken' });

const TokenBody = z
  .object({ nombre: z.string().trim().min(1).max(100).describe('Para qué sirve el token (ERP, tienda web…)') })
  .strict()
  .meta({ id: 'ApiTokenBody' });

function presentToken(t: ApiToken) {
  return {
    id: t.id,
    nombre: t.name,
    prefijo: t.prefix,
    creado: t.createdAt.toISOString(),
    ultimo_uso: t.lastUsedAt?.toISOString() ?? null,
  };
}

const config = { hostKind: 'tenant', auth: 'tenant' } as const;

export const tokensRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/tokens',
    {
      config,
      schema: {
        summary: 'Tokens API activos de la empresa (nunca el secreto)',
        response: { 200: z.object({ success: z.literal(true), data: z.array(TokenItem) }), ...tenantErrorResponses },
      },
    },
    async (request) => ({ success: true as const, data: (await listTokens(request.tenant)).map(presentToken) }),
  );
  typed.post(
    '/api/tokens',
    {
      config: {
        ...config,
        openapiExamples: { erp: { summary: 'Token para el ERP', value: { nombre: 'ERP tienda' } } },
      },
      schema: {
        summary: 'Crear un token API (el secreto se muestra una sola vez)',
        description: 'El plan limita los tokens activos (limit_users).',
        body: TokenBody,
        response: {
          200: z.object({
            success: z.literal(true),
            data: TokenItem.extend({ token: z.string().describe('Secreto: se muestra una sola vez') }),
          }),
          ...tenantErrorResponses,
        },
      },
    },
    async (request) => {
      const { row, token } = await createToken(request.tenant, app.platform.db.central, request.body.nombre);
      return { success: true as const, data: { ...presentToken(row), token } };
    },
  );
  typed.delete(
    '/api/tokens/:id',
    {
      config,
      schema: {
        summary: 'Revocar un token API (deja de funcionar de inmediato)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...tenantErrorResponses },
      },
    },
    async (request) => {
      await revokeToken(request.tenant, request.params.id);
      app.platform.tokens.forget(request.tenant.schema);
      return { success: true as const, message: 'Token revocado.' };
    },
  );
};
