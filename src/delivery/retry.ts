// How the worker retries a delivery (an e-mail, a WhatsApp message) that failed for a passing reason: in the
// delivery lane, so that SUNAT work never waits behind a company's mail, up to MAX_DELIVERY_ATTEMPTS runs, the wait
// doubling from 2 s up to 5 min (a mail server or the Cloud API back within minutes still gets the message).
import type { JobDefinition } from '../platform/jobs/definition.ts';

export const MAX_DELIVERY_ATTEMPTS = 6;

export const deliveryRetry = {
  lane: 'delivery',
  maxAttempts: MAX_DELIVERY_ATTEMPTS,
  backoffMs: (attempts: number) => Math.min(2_000 * 2 ** (attempts - 1), 5 * 60_000),
} as const satisfies Pick<JobDefinition<unknown>, 'lane' | 'maxAttempts' | 'backoffMs'>;
