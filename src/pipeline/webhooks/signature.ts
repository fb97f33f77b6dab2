// The signature of a webhook delivery, as Stripe signs: `Facturo-Signature: t=<unix seconds>,v1=<hex>` where the hex
// is HMAC-SHA256(secret, "<t>.<body>"). The timestamp inside the signed text lets the receiver refuse replays.
import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'Facturo-Signature';

export function signatureOf(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** A new signing secret: 32 random bytes, shown to the company once and kept sealed. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
