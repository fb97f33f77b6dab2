// Sends one e-mail over SMTP with nodemailer and says what happened as a value: sent (the server took it),
// transient (worth another try: the server is down, busy or answered 4xx) or permanent (5xx: the same message
// would be refused again). A connection per message: e-mail is a side path, not a hot one.
import nodemailer from 'nodemailer';

/** Where and as whom to send: the system's SMTP_URL, or a company's own server. */
export type SmtpServer =
  | { url: string; from: string }
  | { host: string; port: number; secure: boolean; user: string | null; password: string | null; from: string };

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for an image shown inside the HTML (`<img src="cid:…">`). */
  cid?: string;
}

export interface MailMessage {
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

export type MailOutcome =
  | { kind: 'sent'; messageId: string }
  | { kind: 'transient' | 'permanent'; code: string; message: string };

/** How long one attempt may wait for the server at each step. */
const TIMEOUT_MS = 15_000;

/** The same timeouts for an SMTP_URL, where nodemailer reads options from the query string. */
const timeoutQuery = `connectionTimeout=${TIMEOUT_MS}&greetingTimeout=${TIMEOUT_MS}&socketTimeout=${TIMEOUT_MS}`;

function transportOf(server: SmtpServer) {
  const timeouts = { connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS };
  if ('url' in server)
    return nodemailer.createTransport(`${server.url}${server.url.includes('?') ? '&' : '?'}${timeoutQuery}`);
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    ...(server.user ? { auth: { user: server.user, pass: server.password ?? '' } } : {}),
    ...timeouts,
  });
}

export async function sendMail(server: SmtpServer, message: MailMessage): Promise<MailOutcome> {
  const transport = transportOf(server);
  try {
    const info = await transport.sendMail({ from: server.from, ...message });
    return { kind: 'sent', messageId: String(info.messageId ?? '') };
  } catch (error) {
    return failureOf(error as { code?: string; responseCode?: number; message?: string });
  } finally {
    transport.close();
  }
}

/** 5xx is the server's final word; anything else (no connection, timeout, 4xx) may pass on a later try. */
function failureOf(error: { code?: string; responseCode?: number; message?: string }): MailOutcome {
  const code = error.responseCode ? String(error.responseCode) : (error.code ?? 'SMTP_ERROR');
  const message = String(error.message ?? error).slice(0, 500);
  const permanent = error.responseCode !== undefined && error.responseCode >= 500;
  return { kind: permanent ? 'permanent' : 'transient', code, message };
}
