// `send-document`: one SUNAT attempt for a stored document (src/pipeline/send.ts decides states and retries; the
// next retry is queued by the attempt itself, under the same dedupe key).
import { sendStoredDocument, SEND_JOB, type SendJobPayload } from '../pipeline/send.ts';
import type { JobDefinition } from './jobs.ts';

export const sendDocumentJob: JobDefinition = {
  name: SEND_JOB,
  maxAttempts: 20,
  backoffMs: (attempts) => Math.min(5_000 * 2 ** attempts, 10 * 60_000),
  async run(payload, { deps }) {
    const { tenantId, schema, documentId } = payload as unknown as SendJobPayload;
    const db = deps.db.tenant(schema);
    const company = await db.company.findFirst();
    if (!company) throw new Error(`tenant ${tenantId} (${schema}) has no company`);
    const result = await sendStoredDocument(deps, { id: tenantId, schema, db, company }, documentId, {
      actor: 'worker',
    });
    deps.log.info(
      { schema, documentId, state: result.state, code: result.outcome?.code, skipped: result.skipped },
      'send-document',
    );
  },
};
