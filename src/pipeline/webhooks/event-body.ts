// The body of a webhook event: {id, type, created_at, data}. `data` is the status answer of the event's subject —
// what POST /api/documents/status (or a summary's /status route) answers — as the change left it: the state and
// SUNAT answer recorded with the event. It is built at the event's first delivery and kept, so every delivery of one
// event (retries, redeliveries, other endpoints) sends the same body.
import { Prisma } from '../../generated/tenant/client.ts';
import type { TenantClient } from '../../platform/db/clients.ts';
import { STORED_SELECT } from '../issue.ts';
import { documentStatusView } from '../status-view.ts';
import { segmentOfSummaryKind, statusEnvelope } from '../summaries/status-view.ts';

export interface EventRow {
  id: bigint;
  publicId: string;
  type: string;
  documentId: number | null;
  summaryId: number | null;
  state: string;
  sunatResponse: unknown;
  data: unknown;
  createdAt: Date;
}

async function documentData(db: TenantClient, event: EventRow, linkBase: string): Promise<unknown> {
  const doc = await db.document.findUnique({ where: { id: event.documentId! }, select: STORED_SELECT });
  if (!doc) return { id: event.documentId, state_type_id: event.state };
  return documentStatusView(doc, linkBase, { state: event.state, sunatResponse: event.sunatResponse });
}

async function summaryData(db: TenantClient, event: EventRow, linkBase: string): Promise<unknown> {
  const summary = await db.summary.findUnique({ where: { id: event.summaryId! } });
  if (!summary) return { id: event.summaryId, state: event.state };
  const view = { ...summary, state: event.state, sunatResponse: event.sunatResponse };
  return statusEnvelope(view, linkBase, segmentOfSummaryKind(summary.kind));
}

async function dataOf(db: TenantClient, event: EventRow, linkBase: string): Promise<unknown> {
  if (event.data !== null) return event.data;
  const built =
    event.documentId !== null
      ? await documentData(db, event, linkBase)
      : event.summaryId !== null
        ? await summaryData(db, event, linkBase)
        : {};
  // The first builder wins: a concurrent one (another endpoint's delivery) reads what was kept.
  await db.webhookEvent.updateMany({
    where: { id: event.id, data: { equals: Prisma.DbNull } },
    data: { data: built as object },
  });
  const kept = await db.webhookEvent.findUniqueOrThrow({ where: { id: event.id }, select: { data: true } });
  return kept.data;
}

export async function eventBody(db: TenantClient, event: EventRow, linkBase: string): Promise<string> {
  const data = await dataOf(db, event, linkBase);
  return JSON.stringify({ id: event.publicId, type: event.type, created_at: event.createdAt.toISOString(), data });
}
