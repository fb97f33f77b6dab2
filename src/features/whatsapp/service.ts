// The WhatsApp routes' work: a message checked and written to the outbox (its file to storage), a document's PDF
// rendered for it, a message's row read back for its own sender only; a tenant's own number and token stored.
import type { PipelineDeps } from '../../pipeline/deps.ts';
import type { TenantClient } from '../../platform/db/clients.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { errors } from '../../platform/errors.ts';
import { defaultPdfFormat, pdfForDocument, PRINTABLE_SELECT } from '../../delivery/pdf.ts';
import type { Sender } from './auth.ts';
import { decodeMedia, decodePdf, mediaUrlOf, validNumber } from './media.ts';
import { queueMessage } from './outbox.ts';
import type { MediaRequest, PdfRequest } from './schemas.ts';
import { documentNotFound } from '../../api/send-service.ts';

export function queueText(deps: PipelineDeps, sender: Sender, body: { number: string; message: string }) {
  const to = validNumber(body.number);
  return queueMessage(deps, sender, 'text', to, { message: body.message });
}

/** The PDF of one of the sender's documents, by its external_id (a tenant's token only), and its file name. */
async function documentPdf(deps: PipelineDeps, sender: Sender, externalId: string) {
  if (!sender.tenant || !sender.schema) {
    throw errors.unprocessable(
      'external_id_requires_tenant',
      'Para adjuntar un comprobante por external_id use el token de la empresa en su dominio.',
      [{ path: 'external_id', code: 'external_id_requires_tenant', message: 'Use el token de la empresa.' }],
    );
  }
  const db = deps.db.tenant(sender.schema);
  const doc = /^[0-9a-f-]{36}$/i.test(externalId)
    ? await db.document.findUnique({ where: { externalId: externalId.toLowerCase() }, select: PRINTABLE_SELECT })
    : null;
  if (!doc) throw documentNotFound(externalId);
  const company = await db.company.findFirstOrThrow();
  const file = await pdfForDocument(
    deps,
    { id: sender.tenant.id, schema: sender.schema, db, company },
    doc,
    defaultPdfFormat(doc, company),
  );
  return { file, filename: `${doc.filename}.pdf` };
}

/** A PDF message: the file sent in base64, or a document's PDF by external_id. */
export async function queuePdf(deps: PipelineDeps, sender: Sender, body: PdfRequest) {
  const to = validNumber(body.number);
  let file: Buffer;
  let filename = body.filename;
  if (body.external_id) {
    const pdf = await documentPdf(deps, sender, body.external_id);
    file = pdf.file;
    filename ??= pdf.filename;
  } else if (body.file) {
    file = decodePdf(body.file);
  } else {
    throw errors.validation([
      { path: 'file', code: 'validation_failed', message: 'Envíe file (PDF en base64) o external_id.' },
    ]);
  }
  const payload = { message: body.message, filename: filename ?? 'documento.pdf', mimetype: 'application/pdf' };
  return queueMessage(deps, sender, 'pdf', to, payload, file);
}

/** A media message: a public URL the provider fetches itself, or content in base64 stored with the message. */
export async function queueMedia(deps: PipelineDeps, sender: Sender, body: MediaRequest) {
  const to = validNumber(body.number);
  const { media_type: mediaType, caption, filename } = body;
  const mediaUrl = mediaUrlOf(body.media);
  if (mediaUrl)
    return queueMessage(deps, sender, 'media', to, { mediaType, mediaUrl, caption, filename, mimetype: body.mimetype });
  const { file, mimetype } = decodeMedia(mediaType, body.media, body.mimetype);
  return queueMessage(deps, sender, 'media', to, { mediaType, caption, filename, mimetype }, file);
}

/** One of the sender's messages: another tenant's id is the same 404 as an unknown one. */
export async function messageOf(deps: PipelineDeps, sender: Sender, rawId: string) {
  const id = rawId.toLowerCase();
  const msg = /^[0-9a-f-]{36}$/.test(id) ? await deps.db.central.whatsappMessage.findUnique({ where: { id } }) : null;
  if (!msg || msg.tenantId !== sender.tenantId)
    throw errors.notFound('message_not_found', 'No existe un mensaje con ese id.');
  return msg;
}

/** The tenant's own WhatsApp Business number and token (sealed); null goes back to the system's number. */
export async function saveOwnNumber(
  db: TenantClient,
  secrets: SecretBox,
  phone: string | null,
  token: string | null | undefined,
): Promise<void> {
  await db.company.update({
    where: { id: 1 },
    data:
      phone === null
        ? { whatsappPhoneNumberId: null, whatsappTokenEnc: null }
        : { whatsappPhoneNumberId: phone, ...(token ? { whatsappTokenEnc: secrets.seal(token) } : {}) },
  });
}
