// One POST of one delivery and its record: the attempt (status, duration, the answer's first bytes), the delivery's
// next step (delivered, retried after the schedule's wait, or failed once the schedule is spent) and the endpoint's
// failure streak — switched off, with its reason, when it has failed without a success for WEBHOOK_DISABLE_AFTER_HOURS.
// All three in one transaction.
import type pg from 'pg';
import type { Config } from '../../platform/config.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { type HttpGetResult, httpGet } from '../../platform/net/http-get.ts';
import { outboundPolicy } from '../../platform/net/outbound.ts';
import { SIGNATURE_HEADER, signatureOf } from './signature.ts';

/** The answer is read this far, and its first RESPONSE_HEAD_BYTES kept. */
const MAX_ANSWER_BYTES = 64 * 1024;
const RESPONSE_HEAD_BYTES = 1024;

export interface DeliveryTarget {
  deliveryId: string;
  /** Attempts made before this one. */
  attempts: number;
  eventId: string;
  eventType: string;
}

export interface EndpointTarget {
  id: number;
  url: string;
  secret: string;
}

export interface AttemptOutcome {
  delivered: boolean;
  /** false once the endpoint has been switched off by this failure. */
  endpointActive: boolean;
}

/** When the attempt after `attempts` failed ones is due, or null when the schedule is spent. */
export function nextAttemptAt(schedule: readonly number[], attempts: number, now = Date.now()): Date | null {
  const wait = schedule[attempts - 1];
  return wait === undefined ? null : new Date(now + wait * 1000);
}

const FAILURE_TEXT: Record<string, string> = {
  refused: 'La dirección del receptor está en una red no permitida (local, privada o interna).',
  unresolvable: 'El nombre del receptor no se pudo resolver.',
  timeout: 'El receptor no respondió a tiempo.',
  network: 'No se pudo conectar con el receptor.',
  'too-large': 'La respuesta del receptor es demasiado grande.',
  'bad-url': 'La URL del receptor no es válida.',
};

async function post(config: Config, endpoint: EndpointTarget, target: DeliveryTarget, body: string) {
  const t = Math.floor(Date.now() / 1000);
  return httpGet(endpoint.url, {
    // Judged again now (DNS may answer otherwise than at subscription) and connected to the address judged.
    policy: outboundPolicy(config),
    timeoutMs: config.webhookTimeoutMs,
    maxBytes: MAX_ANSWER_BYTES,
    overflow: 'truncate',
    body,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'Facturo-Webhooks/1',
      [SIGNATURE_HEADER]: signatureOf(endpoint.secret, t, body),
      'Facturo-Event-Id': target.eventId,
      'Facturo-Event-Type': target.eventType,
      'Facturo-Delivery-Id': target.deliveryId,
    },
  });
}

function recordOf(result: HttpGetResult) {
  if (result.kind === 'answer')
    return {
      statusCode: result.status,
      head: Buffer.from(result.text, 'utf8')
        .subarray(0, RESPONSE_HEAD_BYTES)
        .toString('utf8')
        .replace(/\uFFFD+$/, ''),
      error: result.status >= 200 && result.status < 300 ? null : 'http_status',
    };
  return { statusCode: null, head: FAILURE_TEXT[result.failure] ?? result.failure, error: result.failure };
}

async function record(
  client: pg.PoolClient,
  schema: string,
  config: Config,
  endpoint: EndpointTarget,
  target: DeliveryTarget,
  outcome: ReturnType<typeof recordOf> & { durationMs: number },
): Promise<AttemptOutcome> {
  const s = quoteIdent(schema);
  const attempt = target.attempts + 1;
  const delivered = outcome.error === null;
  const next = delivered ? null : nextAttemptAt(config.webhookRetrySchedule, attempt);
  const status = delivered ? 'delivered' : next ? 'pending' : 'failed';
  await client.query(
    // A webhook deleted while its POST was in flight took its deliveries along: nothing left to record.
    `INSERT INTO ${s}."webhook_attempts" (delivery_id, attempt, status_code, duration_ms, response_head, error, next_attempt_at)
     SELECT id, $2, $3, $4, $5, $6, $7 FROM ${s}."webhook_deliveries" WHERE id = $1`,
    [target.deliveryId, attempt, outcome.statusCode, outcome.durationMs, outcome.head, outcome.error, next],
  );
  await client.query(
    `UPDATE ${s}."webhook_deliveries" SET attempts = $2, status = $3::text, next_attempt_at = $4, last_status = $5,
       delivered_at = CASE WHEN $3::text = 'delivered' THEN now() END, updated_at = now()
     WHERE id = $1`,
    [target.deliveryId, attempt, status, next, outcome.statusCode],
  );
  if (delivered) {
    await client.query(
      `UPDATE ${s}."webhook_endpoints" SET consecutive_failures = 0, failing_since = NULL, updated_at = now()
       WHERE id = $1 AND (consecutive_failures > 0 OR failing_since IS NOT NULL)`,
      [endpoint.id],
    );
    return { delivered, endpointActive: true };
  }
  const { rows } = await client.query<{ active: boolean }>(
    `UPDATE ${s}."webhook_endpoints" e SET consecutive_failures = e.consecutive_failures + 1,
       failing_since = COALESCE(e.failing_since, now()), updated_at = now(),
       active = NOT (e.failing_since IS NOT NULL AND e.failing_since < now() - make_interval(secs => $2::double precision / 1000)),
       disabled_reason = CASE WHEN e.failing_since IS NOT NULL AND e.failing_since < now() - make_interval(secs => $2::double precision / 1000)
         THEN $3::text ELSE e.disabled_reason END
     WHERE id = $1 RETURNING active`,
    [endpoint.id, config.webhookDisableAfterMs, disabledReason(config, outcome)],
  );
  return { delivered, endpointActive: rows[0]?.active ?? false };
}

function disabledReason(config: Config, outcome: ReturnType<typeof recordOf>): string {
  const hours = Math.round(config.webhookDisableAfterMs / 3_600_000);
  const last = outcome.statusCode === null ? outcome.head : `HTTP ${outcome.statusCode}`;
  return `Desactivado: el receptor falló durante más de ${hours} h sin una entrega exitosa (último error: ${last}). Reactívelo con PATCH {"activo": true}.`;
}

/** POSTs one delivery's event and records the outcome. */
export async function attemptDelivery(
  pool: pg.Pool,
  schema: string,
  config: Config,
  endpoint: EndpointTarget,
  target: DeliveryTarget,
  body: string,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const result = await post(config, endpoint, target, body);
  const outcome = { ...recordOf(result), durationMs: Math.round(performance.now() - started) };
  return withTransaction(pool, (client) => record(client, schema, config, endpoint, target, outcome));
}
