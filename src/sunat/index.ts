// The SUNAT connection: SOAP client, endpoints, outcomes, error codes, zip packing and recovery.
export {
  sendBill,
  sendSummary,
  getStatus,
  getStatusCdr,
  getConsultStatus,
  DEFAULT_TIMEOUT_MS,
  type SunatCallOptions,
  type SunatCredentials,
  type ConsultKey,
  type ConsultCdrResult,
  type ConsultStatusResult,
  type ConsultState,
  type TicketResult,
  type TicketStatusResult,
} from './client.ts';
export {
  deliverDocument,
  isConsultable,
  type DeliverArgs,
  type DeliveryOutcome,
  type DeliveryStep,
  type NumberConflict,
} from './recovery.ts';
export {
  internalFailureOutcome,
  outcomeFromCdrZip,
  outcomeFromFault,
  unknownOutcome,
  type SendOutcome,
  type OutcomeKind,
  type TransportCode,
} from './outcomes.ts';
export {
  resolveSunatEndpoints,
  serviceForDocumentType,
  endpointFor,
  betaCredentials,
  SUNAT_PATHS,
  SUNAT_BETA_BASE,
  SUNAT_PRODUCTION_BASE,
  DEFAULT_SIMULATOR_URL,
  type SunatMode,
  type ServiceKind,
  type SunatEndpoints,
  type EndpointSettings,
} from './endpoints.ts';
export { zipDocument, unzipCdr, readZip, zipEntries, ZipError } from './zip.ts';
export {
  parseDocumentName,
  parseSummaryName,
  baseName,
  cdrZipName,
  documentBaseName,
  type DocumentName,
  type SummaryName,
} from './document-name.ts';
export { describeSunatCode, sunatMessage, loadSunatErrorCodes } from './error-codes.ts';
export { parseCdr, classifySunatCode, type CdrResponse } from '../core/cdr.ts';
