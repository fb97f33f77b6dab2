// The bodies and answers of GET /api/resellers and PATCH /api/resellers/{id}.
import { z } from 'zod';
import { LockFactSchema } from './lock-schemas.ts';

const limit = (what: string) => z.number().int().min(0).max(1_000_000).describe(`${what} (0 = sin límite)`);

export const ResellerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  limit_tenants: z.number(),
  limit_documents_month: z.number(),
  tenants: z.number().describe('Empresas creadas'),
  locked: z.boolean(),
  lock: LockFactSchema.nullable(),
  created_at: z.string(),
});

export const ResellerPatchBody = z
  .object({
    limit_tenants: limit('Empresas que puede crear').optional(),
    limit_documents_month: limit('Comprobantes por mes de todas sus empresas').optional(),
  })
  .strict()
  .meta({ id: 'UpdateResellerBody' });

export type ResellerPatch = z.output<typeof ResellerPatchBody>;
