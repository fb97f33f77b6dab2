// POST /api/company/sunat/check (tenant host): "probar conexión" — whether SUNAT's service (the one the company's
// mode sends to) takes its SOL credentials, the stored ones or the ones in the body before they are saved
// (src/pipeline/sunat-access-check.ts). Nothing is sent, nothing changes; the answer says why in Spanish.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openSolCredentials } from '../../pipeline/company-secrets.ts';
import { checkSunatAccess } from '../../pipeline/sunat-access-check.ts';
import { errors } from '../../platform/errors.ts';
import { rateLimited, tenantRoute } from '../../platform/http/schemas.ts';
import { pipelineDepsOf } from '../../api/deps.ts';
import { solPairProblem } from './sunat-access-service.ts';

const CheckBody = z
  .object({
    modo: z.enum(['demo', 'beta', 'production']).optional().describe('Probar este modo (por defecto, el guardado)'),
    usuario_sol: z.string().trim().min(1).max(20).optional().describe('Probar este usuario SOL (sin el RUC)'),
    clave_sol: z.string().min(1).max(100).optional().describe('…con esta clave (no se guarda)'),
  })
  .strict()
  .optional()
  .meta({ id: 'CompanySunatCheckBody' });

const CheckResult = z.object({
  success: z.literal(true),
  data: z.object({
    ok: z.boolean().describe('true: SUNAT aceptó el usuario y la clave'),
    codigo: z.string().describe('Código de SUNAT (0127, 0102…) o de conexión (NETWORK, TIMEOUT, HTTP_401…)'),
    mensaje: z.string(),
    modo: z.enum(['simulator', 'beta', 'production']).describe('El servicio probado'),
    servicio: z.string().describe('URL del servicio probado'),
  }),
});

function storedSol(
  company: Parameters<typeof openSolCredentials>[0],
  secrets: Parameters<typeof openSolCredentials>[1],
) {
  return company.solUser && company.solPasswordEnc ? openSolCredentials(company, secrets) : null;
}

const CHECK_EXAMPLES = {
  guardadas: { summary: 'Las credenciales guardadas', value: {} },
  nuevas: {
    summary: 'Antes de guardarlas',
    value: { modo: 'production', usuario_sol: 'FACTURA1', clave_sol: 'clave-sol' },
  },
};

export const sunatCheckRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/company/sunat/check',
    rateLimited(
      tenantRoute(
        {
          summary: 'Probar la conexión con SUNAT y las credenciales SOL (sin enviar nada)',
          description:
            'Consulta un ticket inexistente (getStatus): SUNAT valida primero el usuario y la clave. El perfil de ' +
            'envío (error 0111) solo se confirma con el primer envío.',
          body: CheckBody,
        },
        CheckResult,
        { examples: CHECK_EXAMPLES },
      ),
      // Each check is a call to SUNAT.
      { max: 10, timeWindow: '1 minute' },
    ),
    async (request) => {
      const body = request.body ?? {};
      const { company } = request.tenant;
      const pair = solPairProblem(body);
      if (pair) throw errors.unprocessable(pair.code, pair.message, [pair]);
      const sol =
        body.usuario_sol && body.clave_sol
          ? { user: body.usuario_sol, password: body.clave_sol }
          : storedSol(company, app.platform.secrets);
      if (!sol) {
        const message = 'La empresa no tiene usuario ni clave SOL guardados: ingréselos y pruebe de nuevo.';
        throw errors.unprocessable('sol_credentials_required', message, [
          { path: 'usuario_sol', code: 'sol_credentials_required', message },
        ]);
      }
      const deps = pipelineDepsOf(app, request.log);
      const result = await checkSunatAccess(deps, { ...company, sunatMode: body.modo ?? company.sunatMode }, sol);
      return {
        success: true as const,
        data: {
          ok: result.ok,
          codigo: result.code,
          mensaje: result.message,
          modo: result.mode,
          servicio: result.endpoint,
        },
      };
    },
  );
};
