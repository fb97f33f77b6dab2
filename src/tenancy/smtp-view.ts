// The company's own SMTP server as every answer shows it: the company feature in its profile, the e-mail feature
// after a change of it.
import { z } from 'zod';
import type { Company } from '../platform/http/tenant-context.ts';

/** The company's own SMTP server as shown (GET /api/company, PUT /api/company/smtp): never its password. */
export const SmtpViewSchema = z
  .object({
    configurado: z.boolean().describe('false: los correos salen por el servidor del sistema (SMTP_URL), si lo hay'),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    secure: z.boolean(),
    usuario: z.string().nullable(),
    remitente: z.string().nullable(),
    tiene_clave: z.boolean().describe('La clave se guarda cifrada y no se devuelve'),
  })
  .meta({ id: 'CompanySmtp' });

export type SmtpView = z.infer<typeof SmtpViewSchema>;

export function presentSmtp(company: Company): SmtpView {
  return {
    configurado: company.smtpHost !== null,
    host: company.smtpHost,
    port: company.smtpPort,
    secure: company.smtpSecure,
    usuario: company.smtpUser,
    remitente: company.smtpFrom,
    tiene_clave: company.smtpPasswordEnc !== null,
  };
}
