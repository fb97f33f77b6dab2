// Which SMTP server a company's e-mail goes through: its own (PUT /api/company/smtp, password sealed) or the
// system's (SMTP_URL); null when neither is configured.
import type { SmtpServer } from '../../mail/smtp-client.ts';
import type { Config } from '../../platform/config.ts';
import type { Company } from '../../platform/http/tenant-context.ts';
import type { SecretBox } from '../../platform/secrets.ts';

type SmtpColumns = Pick<
  Company,
  'smtpHost' | 'smtpPort' | 'smtpSecure' | 'smtpUser' | 'smtpPasswordEnc' | 'smtpFrom' | 'email'
>;

export function companyHasSmtp(company: Pick<Company, 'smtpHost'>): boolean {
  return company.smtpHost !== null;
}

export function smtpServerFor(
  config: Pick<Config, 'smtpUrl' | 'smtpFrom'>,
  secrets: SecretBox,
  company: SmtpColumns,
): SmtpServer | null {
  if (company.smtpHost) {
    return {
      host: company.smtpHost,
      port: company.smtpPort ?? 587,
      secure: company.smtpSecure,
      user: company.smtpUser,
      password: company.smtpPasswordEnc ? secrets.open(company.smtpPasswordEnc) : null,
      from: company.smtpFrom ?? company.email ?? config.smtpFrom,
    };
  }
  if (config.smtpUrl) return { url: config.smtpUrl, from: config.smtpFrom };
  return null;
}

/** Checked before anything is queued: a message no server could ever send is refused at once. */
export function smtpConfigured(config: Pick<Config, 'smtpUrl'>, company: Pick<Company, 'smtpHost'>): boolean {
  return companyHasSmtp(company) || config.smtpUrl !== null;
}
