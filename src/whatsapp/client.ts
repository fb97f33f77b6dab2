// WhatsApp Business Cloud API (Graph): media upload `POST /{phone_number_id}/media`, then
// `POST /{phone_number_id}/messages`, Bearer token. Outcomes are values, classified for the outbox:
//  - sent: the provider returned a message id;
//  - transient: nothing was sent and a later try may work (429, 5xx, throttling/temporary codes);
//  - permanent: the provider refused (bad number, expired token, invalid parameter…);
//  - ambiguous: the request left and no answer came back — the message may exist: never resent blindly.

export interface WhatsappCredentials {
  /** Base URL with the Graph version, e.g. https://graph.facebook.com/v21.0 */
  apiUrl: string;
  token: string;
  phoneNumberId: string;
}

export type WhatsappOutcome =
  | { kind: 'sent'; id: string }
  | { kind: 'transient' | 'permanent'; code: string; message: string }
  | { kind: 'ambiguous'; code: string; message: string };

/** Graph error codes worth retrying (rate limits, temporary unavailability): Meta's error-code reference. */
export const TRANSIENT_CODES = new Set(['1', '2', '4', '80007', '130429', '131000', '131016', '131056', '133004']);

export const DEFAULT_TIMEOUT_MS = 15_000;

function classify(status: number, body: unknown): WhatsappOutcome {
  const error = (body as { error?: { code?: number | string; message?: string; error_data?: { details?: string } } })
    ?.error;
  const code = error?.code !== undefined ? String(error.code) : `HTTP_${status}`;
  const message = error?.error_data?.details ?? error?.message ?? `HTTP ${status}`;
  if (status === 429 || status >= 500 || TRANSIENT_CODES.has(code)) return { kind: 'transient', code, message };
  return { kind: 'permanent', code, message };
}

function transportFailure(error: unknown, requestMayHaveArrived: boolean): WhatsappOutcome {
  const err = error as { name?: string; cause?: { code?: string } };
  const refused =
    err.cause?.code === 'ECONNREFUSED' || err.cause?.code === 'ENOTFOUND' || err.cause?.code === 'EAI_AGAIN';
  if (refused || !requestMayHaveArrived)
    return { kind: 'transient', code: err.cause?.code ?? 'NETWORK', message: 'El proveedor de WhatsApp no respondió.' };
  return {
    kind: 'ambiguous',
    code: err.name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK',
    message: 'Sin respuesta del proveedor: el mensaje pudo haberse enviado.',
  };
}

async function post(
  creds: WhatsappCredentials,
  path: string,
  body: string | FormData,
  timeoutMs: number,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${creds.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(creds.phoneNumberId)}/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${creds.token}`,
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

/** Uploads a file; an upload that may have happened is simply repeated (an orphan media id costs nothing). */
export async function uploadMedia(
  creds: WhatsappCredentials,
  file: Buffer,
  mimetype: string,
  filename: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<WhatsappOutcome> {
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', mimetype);
  form.set('file', new Blob([new Uint8Array(file)], { type: mimetype }), filename);
  try {
    const { status, json } = await post(creds, 'media', form, timeoutMs);
    const id = (json as { id?: string })?.id;
    if (status >= 200 && status < 300 && id) return { kind: 'sent', id };
    if (status >= 200 && status < 300)
      return { kind: 'transient', code: 'NO_MEDIA_ID', message: 'El proveedor no devolvió el id del archivo.' };
    return classify(status, json);
  } catch (error) {
    return transportFailure(error, false);
  }
}

/** Sends one message (`messaging_product` and `to` are added here). */
export async function sendMessage(
  creds: WhatsappCredentials,
  to: string,
  message: Record<string, unknown>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<WhatsappOutcome> {
  try {
    const { status, json } = await post(
      creds,
      'messages',
      JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to, ...message }),
      timeoutMs,
    );
    const id = (json as { messages?: { id?: string }[] })?.messages?.[0]?.id;
    if (status >= 200 && status < 300 && id) return { kind: 'sent', id };
    if (status >= 200 && status < 300)
      return {
        kind: 'ambiguous',
        code: 'NO_MESSAGE_ID',
        message: 'El proveedor no confirmó el envío (sin id de mensaje).',
      };
    return classify(status, json);
  } catch (error) {
    return transportFailure(error, true);
  }
}
