// Recipients as FacturadorPro takes them: one address or several separated by commas (or semicolons), each a
// valid e-mail address. Checked when the message is queued, so the worker never meets a malformed one.
import { z } from 'zod';
import type { ErrorItem } from '../../platform/errors.ts';

/** More would be a mailing list, not a customer. */
export const MAX_RECIPIENTS = 10;

const address = z.email();

export type Recipients = { ok: true; list: string[] } | { ok: false; problem: ErrorItem };

export function parseRecipients(raw: string, path: string): Recipients {
  const list = [
    ...new Set(
      raw
        .split(/[,;]/)
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ];
  const refuse = (message: string): Recipients => ({ ok: false, problem: { path, code: 'email_invalid', message } });
  if (list.length === 0) return refuse('Indique al menos un correo electrónico.');
  if (list.length > MAX_RECIPIENTS) return refuse(`Se admiten hasta ${MAX_RECIPIENTS} correos por envío.`);
  const bad = list.find((a) => !address.safeParse(a).success);
  if (bad) return refuse(`El correo electrónico ${bad.slice(0, 100)} no es válido.`);
  return { ok: true, list };
}
