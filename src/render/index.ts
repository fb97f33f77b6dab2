// Façade of the printed representation (PDF A4 / 80 mm ticket, QR).
export type * from './print-model.ts';
export { pdfStorageKey, renderPdf } from './render-pdf.ts';
export { renderQrPng } from './qr.ts';
export { formatAmount, formatDate, formatFlexible } from './format.ts';
export {
  DEMO_NOTICE,
  describeCurrency,
  documentTitle,
  identityDocumentLabel,
  representationLegend,
  stateWatermark,
} from './labels.ts';
export { TICKET_WIDTH } from './ticket-layout.ts';
export { printModelFromComputed, SUNAT_CONSULTATION_URL, type PrintContext } from './from-computed.ts';
export { normalizeOffThread } from './image/off-thread.ts';
export type { ImageProblemKind } from './image/normalize.ts';
export { verifiedLogo } from './image/verified-logo.ts';
