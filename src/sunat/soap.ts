// SOAP 1.1 as SUNAT speaks it (sunat.md §4.2–4.4): document/literal, operations in http://service.sunat.gob.pe with
// unqualified children, WS-Security UsernameToken (PasswordText). Shared by the client (requests out, answers in)
// and the simulator (requests in, answers out) so both sides agree on every byte that matters.
import { childByLocal, deepText, escapeXml, parseXml, type XmlElement } from './xml.ts';
import { normalizeSunatCode } from '../core/cdr.ts';

export const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SUNAT_SERVICE_NS = 'http://service.sunat.gob.pe';
export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const PASSWORD_TEXT =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';

export interface SoapCredentials {
  username: string;
  password: string;
}

/** A request as SUNAT's WSDL wants it; `params` keep their order (the WSDL sequences are ordered). */
export function requestEnvelope(
  operation: string,
  credentials: SoapCredentials,
  params: Array<[string, string]>,
): string {
  const body = params.map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`).join('');
  return (
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:ser="${SUNAT_SERVICE_NS}" xmlns:wsse="${WSSE_NS}">` +
    `<soapenv:Header><wsse:Security><wsse:UsernameToken>` +
    `<wsse:Username>${escapeXml(credentials.username)}</wsse:Username>` +
    `<wsse:Password Type="${PASSWORD_TEXT}">${escapeXml(credentials.password)}</wsse:Password>` +
    `</wsse:UsernameToken></wsse:Security></soapenv:Header>` +
    `<soapenv:Body><ser:${operation}>${body}</ser:${operation}></soapenv:Body></soapenv:Envelope>`
  );
}

export interface SoapFault {
  faultcode: string;
  faultstring: string;
  detail: string | undefined;
}

export class SoapShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SoapShapeError';
  }
}

export type ParsedSoap = { kind: 'fault'; fault: SoapFault } | { kind: 'response'; element: XmlElement };

/** Reads an answer by local names; throws XmlSyntaxError / SoapShapeError on anything that is not a SOAP answer. */
export function parseSoapResponse(text: string): ParsedSoap {
  const envelope = parseXml(text);
  if (envelope.local !== 'Envelope')
    throw new SoapShapeError(`La respuesta no es un sobre SOAP (raíz ${envelope.name}).`);
  const body = childByLocal(envelope, 'Body');
  if (!body) throw new SoapShapeError('El sobre SOAP no tiene Body.');
  const first = body.children[0];
  if (!first) throw new SoapShapeError('El Body de la respuesta SOAP está vacío.');
  if (first.local === 'Fault') {
    const detail = childByLocal(first, 'detail');
    return {
      kind: 'fault',
      fault: {
        faultcode: deepText(childByLocal(first, 'faultcode')).trim(),
        faultstring: deepText(childByLocal(first, 'faultstring')).trim(),
        detail: detail ? deepText(detail).trim() || undefined : undefined,
      },
    };
  }
  return { kind: 'response', element: first };
}

/**
 * The SUNAT code of a fault: the number after "Client."/"Server." in faultcode (or any number there), else the
 * first 3–4 digit number of faultstring — xsender's and greenter's rule, since SUNAT uses both places.
 */
export function faultSunatCode(fault: Pick<SoapFault, 'faultcode' | 'faultstring'>): string | undefined {
  const local = fault.faultcode.slice(fault.faultcode.lastIndexOf(':') + 1);
  const inCode = /(?:^|\.)(\d{1,4})$/.exec(local) ?? /(\d{1,4})/.exec(local);
  if (inCode) return normalizeSunatCode(inCode[1]);
  const inString = /(?:^|[^\d])(\d{3,4})(?![\d])/.exec(fault.faultstring);
  return inString ? normalizeSunatCode(inString[1]) : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Answers (the simulator's side)

/** billService answers use the `soap-env:`/`br:` prefixes SUNAT's billService writes. */
export function billServiceResponse(operation: string, inner: string): string {
  return (
    `<soap-env:Envelope xmlns:soap-env="${SOAP_ENV_NS}"><soap-env:Header/><soap-env:Body>` +
    `<br:${operation}Response xmlns:br="${SUNAT_SERVICE_NS}">${inner}</br:${operation}Response>` +
    `</soap-env:Body></soap-env:Envelope>`
  );
}

/** billConsultService answers use `S:`/`ns0:` (sunat.md §4.4: parse by local name, never by prefix). */
export function consultServiceResponse(operation: string, inner: string): string {
  return (
    `<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S="${SOAP_ENV_NS}"><S:Body>` +
    `<ns0:${operation}Response xmlns:ns0="${SUNAT_SERVICE_NS}">${inner}</ns0:${operation}Response>` +
    `</S:Body></S:Envelope>`
  );
}

export interface FaultOptions {
  /** 'Client' for problems with the request (SUNAT's usual), 'Server' for SUNAT-side failures (01xx–02xx). */
  side?: 'Client' | 'Server';
  /** Put the code in faultcode ("soap-env:Client.2800", SUNAT's usual) or only in faultstring ("soap-env:Client"). */
  codeIn?: 'faultcode' | 'faultstring';
  detail?: string;
}

export function faultEnvelope(code: string, message: string, options: FaultOptions = {}): string {
  const side = options.side ?? 'Client';
  const codeInString = options.codeIn === 'faultstring';
  const faultcode = codeInString ? `soap-env:${side}` : `soap-env:${side}.${code}`;
  const faultstring = codeInString ? `${code} - ${message}` : message;
  const detail = options.detail ? `<detail><message>${escapeXml(options.detail)}</message></detail>` : '';
  return (
    `<soap-env:Envelope xmlns:soap-env="${SOAP_ENV_NS}"><soap-env:Body><soap-env:Fault>` +
    `<faultcode>${faultcode}</faultcode><faultstring>${escapeXml(faultstring)}</faultstring>${detail}` +
    `</soap-env:Fault></soap-env:Body></soap-env:Envelope>`
  );
}

/** The parameters of a request the simulator received: operation, credentials and the operation's children. */
export interface SoapRequest {
  operation: string;
  username: string | undefined;
  password: string | undefined;
  /** True when a wsse:Security header exists at all (absence is SUNAT 0101). */
  hasSecurityHeader: boolean;
  params: Record<string, string>;
}

export function parseSoapRequest(text: string): SoapRequest {
  const envelope = parseXml(text);
  if (envelope.local !== 'Envelope' || envelope.ns !== SOAP_ENV_NS)
    throw new SoapShapeError('La solicitud no es un sobre SOAP 1.1.');
  const header = childByLocal(envelope, 'Header');
  const security = childByLocal(header, 'Security');
  const token = childByLocal(security, 'UsernameToken');
  const username = childByLocal(token, 'Username');
  const password = childByLocal(token, 'Password');
  const body = childByLocal(envelope, 'Body');
  const operation = body?.children[0];
  if (!operation) throw new SoapShapeError('El Body de la solicitud SOAP está vacío.');
  const params: Record<string, string> = {};
  for (const c of operation.children) params[c.local] = deepText(c).trim();
  return {
    operation: operation.local,
    username: username ? deepText(username).trim() : undefined,
    password: password ? deepText(password) : undefined,
    hasSecurityHeader: security !== undefined,
    params,
  };
}
