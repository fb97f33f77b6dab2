// What the rest of the application may use of the documents feature. Perceptions and purchase settlements reuse its
// issue route, send endpoint, lists and examples; downloads, WhatsApp and consultas reuse the bridge from the app to the pipeline and the
// download links; status and summaries its external_id, date and SUNAT-answer schemas. Other features import from here, never from the files beside it.
export { pipelineDepsOf, tenantRefOf } from './deps.ts';
export { loadExamples } from './examples.ts';
export { baseUrlOf, registerIssueRoute } from './issue-route.ts';
export { documentNameOf, downloadLinks, qrFieldsOf, segmentOfType, sunatAnswerOf } from './presenter.ts';
export {
  calendarDateSchema,
  documentNameFields,
  externalIdSchema,
  SendBodySchema,
  SendResponseSchema,
  SunatResponseSchema,
} from './schemas.ts';
export { registerListRoutes } from './list-routes.ts';
export { registerSendRoute } from './send-route.ts';
export { sendNow } from './service.ts';
