// Sends one e-mail over SMTP with nodemailer and says what happened as a value: sent (the server took it),
// transient (worth another try: the server is down, busy or answered 4xx) or permanent (5xx: the same message
// would be refused again). A connection per message: e-mail is a side path, not a hot one.
//
// What a failure says is ours, never the server's: its reply text, banner or error could be anything — an internal
// service's greeting when a company pointed its setting inside our network — and the company reads it back. The
// reason is a stable code and a generic Spanish sentence; the server's words go to our log only (`detail`).
import type { Socket } from 'node:net';
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
  | {
      kind: 'transient' | 'permanent';
      code: string;
      message: string;
      /** What the server or the network said: for the operator's log, never stored where the company reads. */
      detail?: string;
    };

export interface SendOptions {
  /**
   * Ends the whole delivery when it fires, wherever it is. nodemailer's timeouts bound the gaps between bytes only:
   * a server that answers one byte every few seconds would otherwise hold the delivery for ever.
   */
  signal?: AbortSignal;
  /**
   * Opens the TCP connection to a company's own server (the outbound guard: checked address, no internal
   * networks); unset, nodemailer connects by itself (the system's SMTP_URL). TLS still names the host.
   */
  connect?: (host: string, port: number, signal?: AbortSignal) => Promise<Socket>;
}

/** How long one attempt may wait for the server at each step. */
const TIMEOUT_MS = 15_000;

/** The same timeouts for an SMTP_URL, where nodemailer reads options from the query string. */
const timeoutQuery = `connectionTimeout=${TIMEOUT_MS}&greetingTimeout=${TIMEOUT_MS}&socketTimeout=${TIMEOUT_MS}`;

function transportOf(server: SmtpServer, options: SendOptions) {
  const timeouts = { connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS };
  if ('url' in server)
    return nodemailer.createTransport(`${server.url}${server.url.includes('?') ? '&' : '?'}${timeoutQuery}`);
  const { connect } = options;
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    ...(server.user ? { auth: { user: server.user, pass: server.password ?? '' } } : {}),
    ...timeouts,
    ...(connect
      ? {
          getSocket: (_options: unknown, callback: (error: Error | null, socket?: { connection: Socket }) => void) => {
            connect(server.host, server.port, options.signal).then(
              (connection) => callback(null, { connection }),
              (error: Error) => callback(error),
            );
          },
        }
      : {}),
  });
}

export async function sendMail(
  server: SmtpServer,
  message: MailMessage,
  options: SendOptions = {},
): Promise<MailOutcome> {
  const transport = transportOf(server, options);
  try {
    // nodemailer 10 ends the connection when the signal fires (its typings predate the option).
    const mail = { from: server.from, ...message, ...(options.signal ? { signal: options.signal } : {}) };
    const info = await transport.sendMail(mail as Parameters<typeof transport.sendMail>[0]);
    return { kind: 'sent', messageId: String(info.messageId ?? '') };
  } catch (error) {
    return failureOf(error as SmtpError, options.signal);
  } finally {
    transport.close();
  }
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  message?: string;
}

const connectionFailed = 'No se pudo conectar con el servidor de correo (SMTP).';

/** Our words for each failure, by the stable code of what happened. */
const REASONS: Record<string, { kind: 'transient' | 'permanent'; message: string }> = {
  host_refused: {
    kind: 'permanent',
    message: 'El servidor de correo configurado está en una red no permitida (local, privada o interna).',
  },
  host_unresolvable: { kind: 'transient', message: 'No se pudo resolver el nombre del servidor de correo (SMTP).' },
  from_not_allowed: {
    kind: 'permanent',
    message: 'El remitente no es del dominio de la empresa y el servidor es el del sistema.',
  },
  smtp_deadline: {
    kind: 'transient',
    message: 'El servidor de correo no completó el envío en el tiempo máximo: se cortó y se reintentará.',
  },
  EAUTH: { kind: 'permanent', message: 'El servidor de correo rechazó el usuario o la clave SMTP.' },
  ETLS: { kind: 'transient', message: 'No se pudo establecer una conexión segura (TLS) con el servidor de correo.' },
  EENVELOPE: { kind: 'permanent', message: 'El servidor de correo no aceptó el remitente o los destinatarios.' },
};

/** 5xx is the server's final word; anything else (no connection, timeout, 4xx) may pass on a later try. */
function failureOf(error: SmtpError, signal: AbortSignal | undefined): MailOutcome {
  const detail = String(error?.message ?? error).slice(0, 500);
  if (signal?.aborted) return { ...REASONS.smtp_deadline, code: 'smtp_deadline', detail };
  const code = error.responseCode ? String(error.responseCode) : (error.code ?? 'SMTP_ERROR');
  if (error.responseCode !== undefined) {
    const permanent = error.responseCode >= 500;
    const message = permanent
      ? `El servidor de correo rechazó el mensaje (código SMTP ${error.responseCode}).`
      : `El servidor de correo no aceptó el mensaje por ahora (código SMTP ${error.responseCode}).`;
    return { kind: permanent ? 'permanent' : 'transient', code, message, detail };
  }
  const reason = REASONS[code];
  if (reason) return { ...reason, code, detail };
  return { kind: 'transient', code: /^E[A-Z]+$/.test(code) ? code : 'SMTP_ERROR', message: connectionFailed, detail };
}
