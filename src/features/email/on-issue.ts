// `acciones.enviar_email: true` on POST /api/documents (and the other issuing routes): after the document is
// stored, its e-mail to `correo_electronico` is queued. The document is issued whatever happens here — its number
// is spent — so a missing or malformed address, a missing SMTP server or a failed queue is a warning, never an error.
import type { Warning } from '../../core/index.ts';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { parseRecipients } from './addresses.ts';
import { queueEmail } from './outbox.ts';
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

function refused(warning: Warning): { id: null; warnings: Warning[] } {
  return { id: null, warnings: [warning] };
}

/** Queues the e-mail the body asks for; answers its outbox id, or the warning that says why there is none. */
export async function emailOnIssue(
  deps: PipelineDeps,
  tenant: TenantRef,
  issued: { id: number },
  rawBody: unknown,
): Promise<{ id: string | null; warnings: Warning[] }> {
  const body = (rawBody ?? {}) as Body;
  // A duplicate is the same request again. Its e-mail was queued the first time, unless that request's process
  // died between storing the document and queuing it: queueEmail then queues it now, and otherwise answers the
  // message already queued (one e-mail per issued document either way).
  if (!asked(body)) return { id: null, warnings: [] };
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
  try {
    const queued = await queueEmail(deps, tenant, issued.id, recipients.list, 'issue');
    return { id: queued.id, warnings: [] };
  } catch (error) {
    deps.log.error({ err: error, documentId: issued.id, schema: tenant.schema }, 'email: could not queue on issue');
    const message =
      'El comprobante quedó emitido, pero no se pudo programar su envío por correo: use POST /api/document/email.';
    return refused({ path: 'acciones.enviar_email', code: 'email_not_queued', message });
  }
}
