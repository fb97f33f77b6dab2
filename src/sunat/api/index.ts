// SUNAT's REST APIs beside the SOAP client: OAuth2 tokens (shared by every REST service), the consulta integrada de
// validez, their endpoints per environment.
export {
  resolveSunatApiEndpoints,
  SUNAT_API_BASES,
  SUNAT_API_PATHS,
  SUNAT_API_SCOPES,
  type ApiEndpointSettings,
  type SunatApiEndpoints,
} from './endpoints.ts';
export { exchange, type ApiFailure, type ApiResult, type CallOptions } from './http.ts';
export {
  callWithToken,
  requestToken,
  TokenCache,
  tokenKey,
  tokenUrl,
  type AccessToken,
  type SunatGrant,
  type TokenCacheOptions,
} from './oauth.ts';
export {
  validarComprobante,
  validityBody,
  type ValidityAnswer,
  type ValidityCall,
  type ValidityQuery,
} from './validity.ts';
export { ADDRESS_CONDITIONS, DOCUMENT_STATES, TAXPAYER_STATES, VALIDITY_DOCUMENT_TYPES } from './validity-codes.ts';
export {
  GRE_PATHS,
  greSendBody,
  guideTicket,
  sendGuide,
  type GreCall,
  type GreSendAnswer,
  type GreTicketAnswer,
} from './gre.ts';
