// The jobs this deployment runs, assembled here — beside src/app.ts, at the composition root — because they
// come from several layers (the pipeline's sends, the WhatsApp and e-mail features' deliveries, the removal of a moved
// company's old copy) and the worker must not
// import features. src/app.ts (in-process worker), `npx facturo worker` and tests hand this list to startWorker.
import type { PipelineDeps } from './pipeline/deps.ts';
import { sendDocumentJob } from './pipeline/send-document-job.ts';
import { summaryTicketJob } from './pipeline/summaries/job.ts';
import { webhookJob } from './pipeline/webhooks/job.ts';
import type { JobDefinition } from './platform/jobs/definition.ts';
import { whatsappJob } from './features/whatsapp/public.ts';
import { emailJob } from './features/email/public.ts';
import { moveDropJob } from './platform/db/move/drop.ts';

export const jobs: readonly JobDefinition<PipelineDeps>[] = [
  sendDocumentJob,
  summaryTicketJob,
  whatsappJob,
  emailJob,
  moveDropJob,
  webhookJob,
];
