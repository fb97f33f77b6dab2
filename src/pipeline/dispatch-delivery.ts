// One attempt of a dispatch guide (09, 31) at SUNAT's GRE REST service: never a second send once SUNAT gave a
// ticket. A guide without a ticket is sent (zip, base64, SHA-256) and its ticket written to the row at once, in its
// own statement, before anything else can fail; a guide with one only asks it. Ticket 98 (in process) leaves the
// guide registered (01) and the worker asks again with backoff; 0 or 99 with a CDR end it with SUNAT's CDR — checked
// to answer this guide (src/core/cdr-identity.ts) before it counts; 99 without one ends it rejected with SUNAT's error.
// A send whose answer was lost (no ticket) is uncertain: the next attempt sends the same bytes again, and SUNAT's
// answer to an identical file is the ticket it already gave (the simulator; see docs/dispatch-guides.md).
import { identifyCdr } from '../core/cdr-identity.ts';
import { guideTicket, sendGuide, type ApiFailure, type GreTicketAnswer } from '../sunat/api/index.ts';
import {
  outcomeFromCdrZip,
  unknownOutcome,
  zipDocument,
  type DeliveryOutcome,
  type SendOutcome,
} from '../sunat/index.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import type { PipelineDeps, TenantRef } from './deps.ts';
import { sunatApiAccessOf, sunatModeOf, withSunatToken } from './sunat-api.ts';

export interface DispatchToDeliver {
  id: number;
  filename: string;
  documentType: string;
  serie: string;
  number: number;
  hash: string | null;
  customerNumber: string;
  createdAt: Date;
  /** The ticket SUNAT gave an earlier attempt, if any. */
  ticket: string | null;
}

type Step = DeliveryOutcome['steps'][number];

function delivered(outcome: SendOutcome, steps: Step[]): DeliveryOutcome {
  return { ...outcome, steps, recovered: false, alreadyRegistered: false };
}

/** Not an answer about the guide: nothing final, asked again later. */
function notYet(code: string, description: string): SendOutcome {
  return { kind: 'exception', code, description, notes: [], source: 'transport' };
}

function fromFailure(failure: ApiFailure, sending: boolean): SendOutcome {
  // Only a send can have reached SUNAT unanswered; a lost ticket answer is simply asked again.
  if (failure.kind === 'unavailable' && sending) return unknownOutcome('NETWORK', failure.message, failure.status);
  return notYet(failure.kind === 'unavailable' ? failure.code : `API_${failure.kind.toUpperCase()}`, failure.message);
}

export async function deliverDispatch(
  deps: PipelineDeps,
  tenant: TenantRef,
  guide: DispatchToDeliver,
  xml: Buffer,
): Promise<DeliveryOutcome> {
  const steps: Step[] = [];
  // SUNAT publishes no beta of its GRE service: its API endpoints are production's, where a demo guide would be real.
  if (sunatModeOf(deps, tenant) === 'beta')
    return delivered(
      notYet(
        'GRE_NO_BETA',
        'SUNAT no tiene un servicio de pruebas (beta) de guías: emita guías en modo producción, o use el simulador.',
      ),
      steps,
    );
  const access = sunatApiAccessOf(deps, tenant, 'dispatch');
  if (!access)
    return delivered(
      notYet(
        'API_CREDENTIALS_MISSING',
        'Las guías se envían por la API REST de SUNAT: registre las credenciales de API SUNAT (client id y secret) con PUT /api/company/sunat.',
      ),
      steps,
    );
  const timeoutMs = deps.config.sunatTimeoutMs;
  let ticket = guide.ticket;
  if (!ticket) {
    const zip = zipDocument(guide.filename, xml);
    const sent = await withSunatToken(deps, access, (token) =>
      sendGuide({ endpoints: access.endpoints, token, name: guide.filename, zip, timeoutMs }),
    );
    if (sent.kind === 'failed') {
      steps.push({ action: 'send', result: `failed:${sent.failure.code}` });
      return delivered(fromFailure(sent.failure, true), steps);
    }
    ticket = sent.value.ticket;
    steps.push({ action: 'send', result: `ticket:${ticket}` });
    await recordTicket(deps, tenant.schema, guide.id, ticket);
  }
  const asked = await withSunatToken(deps, access, (token) =>
    guideTicket({ endpoints: access.endpoints, token, ticket, timeoutMs }),
  );
  if (asked.kind === 'failed') {
    steps.push({ action: 'consult', result: `failed:${asked.failure.code}` });
    return delivered(fromFailure(asked.failure, false), steps);
  }
  steps.push({ action: 'consult', result: asked.value.status });
  return judged(outcomeOfTicket(ticket, asked.value), guide, tenant.company.ruc, steps);
}

function outcomeOfTicket(ticket: string, answer: GreTicketAnswer): SendOutcome {
  if (answer.status === 'in-process')
    return notYet('98', `SUNAT está procesando la guía (ticket ${ticket}): se consultará nuevamente.`);
  if (answer.status === 'processed') return outcomeFromCdrZip(answer.cdrZip, 200);
  // 99 is SUNAT's own verdict: the guide was processed with errors, whatever the error's number.
  return {
    kind: 'rejected',
    code: answer.code,
    description: answer.message,
    notes: [],
    source: 'transport',
  };
}

/** A CDR counts only when it answers this guide (RUC, type, series-number, digest). */
function judged(outcome: SendOutcome, guide: DispatchToDeliver, ruc: string, steps: Step[]): DeliveryOutcome {
  if (!outcome.cdr) return delivered(outcome, steps);
  const identity = identifyCdr(outcome.cdr, {
    ruc,
    documentType: guide.documentType,
    serie: guide.serie,
    number: guide.number,
    hash: guide.hash ?? undefined,
    customerNumber: guide.customerNumber,
    createdAt: guide.createdAt,
  });
  if (identity.ours) return delivered(outcome, steps);
  steps.push({ action: 'identify', result: 'other' });
  return {
    ...delivered(unknownOutcome('CDR_INVALID', `La constancia recibida no es de esta guía: ${identity.reason}`), steps),
    conflict: { code: 'number_taken', sunatCode: outcome.code, reason: identity.reason },
  };
}

async function recordTicket(deps: PipelineDeps, schema: string, id: number, ticket: string): Promise<void> {
  await deps.db
    .poolFor(schema)
    .query(`UPDATE ${quoteIdent(schema)}."documents" SET sunat_ticket = $2 WHERE id = $1`, [id, ticket.slice(0, 40)]);
}
