// `email-deliver`: builds one outbox message from the document as it is now (the CDR goes along if SUNAT accepted
// it meanwhile) and hands it to the SMTP server. Transient failures (server down, 4xx) are retried by the worker with
// backoff up to MAX_DELIVERY_ATTEMPTS (src/delivery/retry.ts); a 5xx refusal, a missing server or the last failed try
// is recorded as `failed`.
// A connection cut after the message was handed over may send it twice: for e-mail, a duplicate beats a loss.
// One delivery — the PDF, the connection, the SMTP dialogue — ends at DELIVERY_DEADLINE_MS however slowly the
// server answers, and a company's own server is reached through the outbound guard (company-server.ts).
import { sendMail, type MailOutcome, type SendOptions } from '../../mail/smtp-client.ts';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import type { JobDefinition } from '../../platform/jobs/definition.ts';
import { verifiedLogo } from '../../render/index.ts';
import { cdrZipOf, signedXmlOf } from '../../delivery/files.ts';
import { defaultPdfFormat, pdfForDocument, PRINTABLE_SELECT } from '../../delivery/pdf.ts';
import { companyServerConnector } from './company-server.ts';
import { buildEmail } from './message.ts';
import { EMAIL_JOB, type EmailJobPayload } from '../../delivery/email/outbox.ts';
import { smtpServerFor } from '../../delivery/email/smtp-settings.ts';
import { deliveryRetry, MAX_DELIVERY_ATTEMPTS } from '../../delivery/retry.ts';

/** States whose CDR is SUNAT's acceptance (05 accepted, 07 observed). */
const ACCEPTED = new Set(['05', '07']);

class RetryLater extends Error {}

const DOCUMENT_SELECT = {
  ...PRINTABLE_SELECT,
  serie: true,
  number: true,
  issueDate: true,
  currency: true,
  total: true,
  customerName: true,
} as const;

async function deliver(deps: PipelineDeps, tenant: TenantRef, documentId: number, to: string[]): Promise<MailOutcome> {
  const signal = AbortSignal.timeout(deps.config.deliveryDeadlineMs);
  const server = smtpServerFor(deps.config, deps.secrets, tenant.company);
  if (!server) {
    const message = 'No hay un servidor SMTP configurado (empresa o sistema).';
    return { kind: 'permanent', code: 'smtp_not_configured', message };
  }
  const doc = await tenant.db.document.findUniqueOrThrow({ where: { id: documentId }, select: DOCUMENT_SELECT });
  const files = {
    pdf: await pdfForDocument(deps, tenant, doc, defaultPdfFormat(doc, tenant.company)),
    xml: await signedXmlOf(deps, tenant, doc),
    cdr: ACCEPTED.has(doc.stateTypeId) ? await cdrZipOf(deps, tenant, doc) : null,
  };
  const logoBase64 = (await verifiedLogo(tenant.company.logoBase64 ?? undefined)) ?? null;
  const email = buildEmail(
    { ...tenant.company, logoBase64 },
    { ...doc, issueDate: doc.issueDate.toISOString().slice(0, 10), total: doc.total.toFixed(2) },
    files,
    to,
  );
  const options: SendOptions = { signal };
  if ('host' in server) options.connect = companyServerConnector(deps, { tenantId: tenant.id, from: server.from });
  return sendMail(server, email, options);
}

/** An error of ours while preparing the message: the company reads a generic reason, the log the real one. */
function internalFailure(error: Error): MailOutcome {
  const message = 'Error interno al preparar el correo; se reintentará.';
  return { kind: 'transient', code: 'internal_error', message, detail: String(error?.message ?? error) };
}

export const emailJob: JobDefinition<PipelineDeps> = {
  name: EMAIL_JOB,
  ...deliveryRetry,
  async run(payload, { deps, attempts }) {
    const { tenantId, schema, messageId } = payload as unknown as EmailJobPayload;
    const db = deps.db.tenant(schema);
    const msg = await db.emailMessage.findUnique({ where: { id: messageId } });
    if (msg?.status !== 'pending') return;
    const company = await db.company.findFirstOrThrow();
    const to = msg.toAddresses.split(',').map((a) => a.trim());
    // Anything unexpected (a file that cannot be read, a database hiccup) is one more failed try, never a row left
    // pending with no job behind it.
    const outcome = await deliver(deps, { id: tenantId, schema, db, company }, msg.documentId, to).catch(
      internalFailure,
    );
    if (outcome.kind === 'sent') {
      await db.emailMessage.update({
        where: { id: msg.id },
        data: {
          status: 'sent',
          attempts,
          messageId: outcome.messageId,
          sentAt: new Date(),
          errorCode: null,
          lastError: null,
        },
      });
      return;
    }
    deps.log.warn({ schema, messageId, code: outcome.code, detail: outcome.detail }, 'email: delivery failed');
    const retry = outcome.kind === 'transient' && attempts < MAX_DELIVERY_ATTEMPTS;
    await db.emailMessage.update({
      where: { id: msg.id },
      data: {
        status: retry ? 'pending' : 'failed',
        attempts,
        errorCode: outcome.code.slice(0, 32),
        lastError: outcome.message,
      },
    });
    if (retry) throw new RetryLater(`transient ${outcome.code}: ${outcome.message}`); // the worker reschedules
  },
  // Every attempt ended with its process (it never came back to record an outcome): the message is failed, not
  // left pending for ever.
  async onGiveUp(payload, { deps, attempts }) {
    const { schema, messageId } = payload as unknown as EmailJobPayload;
    await deps.db.tenant(schema).emailMessage.updateMany({
      where: { id: messageId, status: 'pending' },
      data: {
        status: 'failed',
        attempts: attempts - 1,
        errorCode: 'delivery_interrupted',
        lastError: 'El envío se interrumpió en cada intento; no se reintentará.',
      },
    });
  },
};
