// Liveness (the process answers) and readiness (the database answers), on any host.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { errors } from '../errors.ts';
import { ErrorBodySchema } from './schemas.ts';

const HealthSchema = z
  .object({
    status: z.literal('ok'),
    database: z.enum(['server', 'embedded', 'embedded-remote']).optional().describe('Solo en /health/ready'),
  })
  .meta({ id: 'Health' });

export function installHealth(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/health/live',
    {
      schema: { tags: ['health'], summary: 'El proceso está vivo', response: { 200: HealthSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  typed.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'El servicio puede atender: la base de datos responde',
        response: { 200: HealthSchema, 503: ErrorBodySchema },
      },
    },
    async (request) => {
      try {
        await db.pool.query('SELECT 1');
      } catch (error) {
        request.log.error({ err: error }, 'readiness: database unreachable');
        // The same answer as any request the database could not serve: a balancer or client knows when to ask again.
        throw errors.databaseUnavailable();
      }
      return { status: 'ok' as const, database: db.mode };
    },
  );
}
