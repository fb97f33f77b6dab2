// `acciones.enviar_email: true` on POST /api/documents (and the other issuing routes): the e-mail to
// `correo_electronico` is queued with the document, in its transaction. The document is issued whatever this
// finds — a missing or malformed address, a missing SMTP server is a warning, never an error.
import type { Warning } from '../../core/index.ts';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { parseRecipients } from './addresses.ts';
import type { QueuedEmail } from '../../pipeline/insert-statement.ts';
import { emailDueNow, emailRow, queueEmail } from './outbox.ts';
import { smtpConfigured } from './smtp-settings.ts';

const CUSTOMER_EMAIL = 'datos_del_cliente_o_receptor.correo_electronico';
/** The retention voucher goes to the supplier. */
const SUPPLIER_EMAIL = 'datos_del_proveedor.correo_electronico';

type Body = {
  acciones?: { enviar_email?: unknown };
  datos_del_cliente_o_receptor?: { correo_electronico?: unknown };
  datos_del_proveedor?: { correo_electronico?: unknown };
};

/** The body's flag with the core's reading of flags (true, 1, "true", "si"). */
function asked(body: Body): boolean {
  const flag = body.acciones?.enviar_email;
  if (typeof flag === 'boolean') return flag;
  return ['1', 'true', 'si', 'sí'].includes(
    String(flag ?? '')
      .trim()
      .toLowerCase(),
  );
}

/** Where the body names its receiver's e-mail: the customer, or the supplier of a retention voucher. */
function recipientField(body: Body): { path: string; value: string | null } {
  const supplierOnly = body.datos_del_proveedor !== undefined && body.datos_del_cliente_o_receptor === undefined;
  const party = supplierOnly ? body.datos_del_proveedor : body.datos_del_cliente_o_receptor;
  const value = party?.correo_electronico;
  return {
    path: supplierOnly ? SUPPLIER_EMAIL : CUSTOMER_EMAIL,
    value: typeof value === 'string' && value.trim() ? value : null,
  };
}

function refused(warning: Warning): { id: null; to: null; warnings: Warning[] } {
  return { id: null, to: null, warnings: [warning] };
}

/** Who the body asks to e-mail, or the warning that says why no e-mail goes (none at all when it asks for none). */
function recipientsAsked(
  deps: PipelineDeps,
  tenant: TenantRef,
  rawBody: unknown,
): { to: string[] | null; warnings: Warning[] } {
  const body = (rawBody ?? {}) as Body;
  if (!asked(body)) return { to: null, warnings: [] };
  const field = recipientField(body);
  if (!field.value) {
    const message =
      'Se pidió enviar el comprobante por correo, pero el cliente no tiene correo_electronico: no se envió.';
    return refused({ path: field.path, code: 'email_not_sent', message });
  }
  const recipients = parseRecipients(field.value, field.path);
  if (!recipients.ok)
    return refused({
      path: recipients.problem.path,
      code: recipients.problem.code,
      message: `${recipients.problem.message} No se envió el correo.`,
    });
  if (!smtpConfigured(deps.config, tenant.company)) {
    const message = 'No hay un servidor SMTP configurado (PUT /api/company/smtp o SMTP_URL): no se envió el correo.';
    return refused({ path: 'acciones.enviar_email', code: 'smtp_not_configured', message });
  }
  return { to: recipients.list, warnings: [] };
}

/**
 * Before the document is stored: the e-mail the body asks for, as the outbox row and job the issue writes in the
 * document's own transaction (src/pipeline/insert-statement.ts) — a crash after the commit cannot lose it — or the
 * warning that says why there is none.
 */
export function planIssueEmail(
  deps: PipelineDeps,
  tenant: TenantRef,
  rawBody: unknown,
): { queue: QueuedEmail | null; warnings: Warning[] } {
  const { to, warnings } = recipientsAsked(deps, tenant, rawBody);
  return { queue: to ? emailRow(tenant, to) : null, warnings };
}

/**
 * A duplicate (the same request again, nothing new stored): the e-mail its document was issued with — or, for a
 * document stored before e-mails travelled in the issue's transaction, queued now. Its outbox id, or the warning.
 */
export async function emailOnDuplicate(
  deps: PipelineDeps,
  tenant: TenantRef,
  issued: { id: number },
  rawBody: unknown,
): Promise<{ id: string | null; warnings: Warning[] }> {
  const { to, warnings } = recipientsAsked(deps, tenant, rawBody);
  if (!to) return { id: null, warnings };
  try {
    const queued = await queueEmail(deps, tenant, issued.id, to, 'issue');
    return { id: queued.id, warnings: [] };
  } catch (error) {
    deps.log.error({ err: error, documentId: issued.id, schema: tenant.schema }, 'email: could not queue on issue');
    const message =
      'El comprobante quedó emitido, pero no se pudo programar su envío por correo: use POST /api/document/email.';
    return refused({ path: 'acciones.enviar_email', code: 'email_not_queued', message });
  }
}

/**
 * After the issue: the e-mail written with the document goes now. `held`: the request sent the document, so its
 * job waited for the send's lease (SUNAT's answer is recorded now); otherwise it was due at once.
 */
export async function releaseIssueEmail(deps: PipelineDeps, email: QueuedEmail | null, held: boolean): Promise<void> {
  if (!email) return;
  if (held) await emailDueNow(deps, email);
  else deps.wakeWorker?.();
}
