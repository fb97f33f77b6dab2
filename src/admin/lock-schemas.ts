// A lock as the admin host shows it (src/admin/locks.ts): whose it is, who set it, why and when.
import { z } from 'zod';

export const LockFactSchema = z.object({
  scope: z.enum(['tenant', 'reseller']).describe('tenant: bloqueo de la empresa; reseller: bloqueo de su distribuidor'),
  authority: z.enum(['admin', 'reseller']).describe('Quién lo puso: administrador o distribuidor'),
  locked_by: z.string().nullable(),
  reason: z.string().nullable(),
  locked_at: z.string(),
});
