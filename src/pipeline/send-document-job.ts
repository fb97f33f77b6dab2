// `send-document`: one SUNAT attempt for a stored document (src/pipeline/send.ts decides states and retries; the
// next retry is queued by the attempt itself, under the same dedupe key).
import { sendStoredDocument, SEND_JOB, type SendJobPayload } from './send.ts';
import { tenantJob } from './tenant-job.ts';

export const sendDocumentJob = tenantJob<SendJobPayload>(SEND_JOB, async (deps, tenant, { schema, documentId }) => {
  const result = await sendStoredDocument(deps, tenant, documentId, { actor: 'worker' });
  const { state, outcome, skipped } = result;
  deps.log.info({ schema, documentId, state, code: outcome?.code, skipped }, 'send-document');
});
