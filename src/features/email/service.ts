// POST /api/document/email: finds the document, checks the recipients and that some SMTP server is configured,
// then queues the message. Every refusal happens before the queue: a 4xx writes nothing.
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { errors } from '../../platform/errors.ts';
import { parseRecipients } from '../../delivery/email/addresses.ts';
import { queueEmail } from '../../delivery/email/outbox.ts';
import type { SendEmailInput } from './schemas.ts';
import { smtpConfigured } from '../../delivery/email/smtp-settings.ts';
import { documentNotFound } from '../../api/send-service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function missingField(path: string, message: string) {
  return errors.unprocessable('missing_fields', message, [{ path, code: 'missing_fields', message }]);
}

function recipientsOf(input: SendEmailInput): string[] {
  const path = input.customer_email !== undefined ? 'customer_email' : 'email';
  const raw = input.customer_email ?? input.email;
  if (raw === undefined) throw missingField('customer_email', 'Indique customer_email (o email).');
  const recipients = parseRecipients(raw, path);
  if (!recipients.ok) throw errors.unprocessable('email_invalid', recipients.problem.message, [recipients.problem]);
  return recipients.list;
}

async function documentOf(tenant: TenantRef, input: SendEmailInput) {
  const select = { id: true, serie: true, number: true, externalId: true } as const;
  if (input.document_id !== undefined) {
    const doc = await tenant.db.document.findUnique({ where: { id: input.document_id }, select });
    if (!doc) throw errors.notFound('document_not_found', `No existe el comprobante con id ${input.document_id}.`);
    return doc;
  }
  if (input.external_id === undefined)
    throw missingField('external_id', 'Indique document_id o external_id del comprobante.');
  const externalId = input.external_id.toLowerCase();
  const doc = UUID.test(externalId) ? await tenant.db.document.findUnique({ where: { externalId }, select }) : null;
  if (!doc) throw documentNotFound(input.external_id);
  return doc;
}

export async function sendDocumentEmail(deps: PipelineDeps, tenant: TenantRef, input: SendEmailInput) {
  const to = recipientsOf(input);
  const doc = await documentOf(tenant, input);
  if (!smtpConfigured(deps.config, tenant.company)) {
    const message =
      'No hay un servidor de correo configurado: configure el de la empresa (PUT /api/company/smtp) o SMTP_URL.';
    throw errors.unprocessable('smtp_not_configured', message, [
      { path: 'smtp', code: 'smtp_not_configured', message },
    ]);
  }
  // Always a new message on this route (only the e-mail is reused).
  const queued = await queueEmail(deps, tenant, doc.id, to, 'api');
  return {
    ...queued,
    status: 'pending' as const,
    to,
    number: `${doc.serie}-${doc.number}`,
    external_id: doc.externalId,
  };
}

export async function emailStatus(tenant: TenantRef, id: string) {
  const msg = UUID.test(id)
    ? await tenant.db.emailMessage.findUnique({
        where: { id: id.toLowerCase() },
        include: { document: { select: { serie: true, number: true, externalId: true } } },
      })
    : null;
  if (!msg) throw errors.notFound('email_not_found', 'No existe un correo con ese id.');
  return msg;
}
