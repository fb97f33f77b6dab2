// A company's login: its body (POST /api/login on the company's host, and the console's POST /api/session) and
// FacturadorPro's answer to POST /api/login.
import { z } from 'zod';
import { warningsField } from '../platform/http/schemas.ts';

export const TenantLoginBody = z
  .object({
    email: z.string().trim().toLowerCase().min(1).max(254).describe('Correo del usuario de la empresa'),
    password: z.string().min(1).max(200).describe('Contraseña'),
  })
  .meta({ id: 'TenantLoginBody' });

export const TenantLoginSuccess = z
  .object({
    ...warningsField,
    success: z.literal(true),
    name: z.string(),
    email: z.string(),
    seriedefault: z.string().nullable().describe('Serie de facturas por defecto'),
    token: z.string().describe('Token API (Authorization: Bearer …)'),
    ruc: z.string(),
    app_logo: z.string().nullable(),
    company: z.object({
      name: z.string(),
      address: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }),
  })
  .meta({ id: 'TenantLoginResponse' });
