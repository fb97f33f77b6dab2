// The CDR ("Constancia de Recepción"): SUNAT's signed UBL ApplicationResponse, read into a value.
// Pure: no I/O. Tolerant of the shapes met in the wild: the `ar:` prefix or a default namespace, OSE CDRs in UBL
// 2.1 style (PartyLegalEntity/CompanyID, DocumentHash), notes before or after cac:Signature, a datetime inside
// cbc:IssueDate, a ds:Signature with or without prefix, ISO-8859-1 or UTF-8 bytes.
import { deepText, parseXml, type XmlElement } from './xml-reader.ts';

/** Where a SUNAT answer leaves a document (architecture.md rule 2). */
export type SunatOutcomeKind = 'accepted' | 'observed' | 'rejected' | 'exception' | 'unknown';

export interface CdrObservation {
  code: string;
  message: string;
}

export interface CdrResponse {
  /** cac:DocumentResponse/cac:Response/cbc:ResponseCode, as written ('0', '2335', '4252'…). */
  code: string;
  /** cac:DocumentResponse/cac:Response/cbc:Description. */
  description: string;
  /** Every cbc:Note directly under the root, in document order ("4252 - El dato …"). */
  notes: string[];
  /** The notes that carry a SUNAT code, split into code and message. */
  observations: CdrObservation[];
  /** The document the CDR answers for: Response/ReferenceID, else DocumentReference/ID ("F001-123"). */
  reference: string | undefined;
  /** cbc:ID of the CDR (SUNAT's ticket / process id). */
  id: string | undefined;
  /** Date part of cbc:IssueDate (recent CDRs write a datetime there; its time part goes to issueTime). */
  issueDate: string | undefined;
  issueTime: string | undefined;
  responseDate: string | undefined;
  responseTime: string | undefined;
  /** RUC of the party that answered (SUNAT 20131312955, or the OSE). */
  senderId: string | undefined;
  /** RUC of the issuer the CDR is addressed to. */
  receiverId: string | undefined;
  /** DocumentResponse/RecipientParty id: "6-20100070970" in SUNAT CDRs, the bare number in OSE ones. */
  recipientId: string | undefined;
  /** DocumentResponse/DocumentReference/ID alone ("F001-123"), when present. */
  documentReferenceId: string | undefined;
  /** DocumentResponse/DocumentReference/DocumentTypeCode (catalog 01), when present. */
  documentTypeCode?: string;
  /** The digest of the document the CDR answers for (DocumentReference/Attachment/ExternalReference/DocumentHash in
   *  OSE and recent SUNAT CDRs; a bare DocumentReference/DocumentHash is read too). Older SUNAT CDRs have none. */
  documentHash: string | undefined;
  outcome: SunatOutcomeKind;
}

export class CdrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CdrError';
  }
}

const AR_NS = 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2';
const CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

/**
 * SUNAT's code ranges: 0 accepted; 0100–1999 exception (not processed: fix and resend the same
 * number); 2000–3999 rejected (the number is spent); ≥ 4000 observation. A CDR with code 0 whose notes carry
 * 4000+ codes is "observed". Anything that is not a SUNAT number is "unknown".
 */
export function classifySunatCode(code: string, observationCodes: readonly string[] = []): SunatOutcomeKind {
  if (!/^\d{1,4}$/.test(code)) return 'unknown';
  const n = Number(code);
  if (n === 0) return observationCodes.some((c) => Number(c) >= 4000) ? 'observed' : 'accepted';
  if (n >= 4000) return 'observed';
  if (n >= 2000) return 'rejected';
  return 'exception';
}

/** Zero-pads SUNAT codes below 1000 the way SUNAT writes them ('156' → '0156'); keeps '0' and non-numeric text. */
export function normalizeSunatCode(raw: string): string {
  const code = raw.trim();
  if (!/^\d+$/.test(code)) return code;
  const n = Number(code);
  if (n === 0) return '0';
  return n < 1000 ? String(n).padStart(4, '0') : String(n);
}

/** "4252 - El dato ingresado…" / "4252: …" / "Observación 4252 …" → its code and message. */
export function parseNote(note: string): CdrObservation | undefined {
  const match = /^\s*(?:[A-Za-zÁÉÍÓÚáéíóú]+\s+)?(\d{3,4})\s*(?:[-:–]\s*)?([\s\S]*)$/.exec(note);
  if (!match) return undefined;
  return { code: normalizeSunatCode(match[1]), message: match[2].trim() };
}

/** Parses the CDR XML (text, or the zip entry's bytes: the XML declaration decides between UTF-8 and ISO-8859-1). */
export function parseCdr(xml: string | Uint8Array): CdrResponse {
  const text = typeof xml === 'string' ? xml : decodeXmlBytes(xml);
  if (!text.trim()) throw new CdrError('El CDR está vacío.');
  if (/<!DOCTYPE/i.test(text)) throw new CdrError('El CDR no debe contener una declaración DOCTYPE.');
  // The one-pass reader of xml-reader.ts, not a DOM: a CDR is read once per document sent, and xmldom's tree cost
  // several times the rest of the answer's handling.
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CdrError(`El CDR no es XML bien formado: ${detail}`);
  }
  if (root.local !== 'ApplicationResponse') {
    throw new CdrError(`El CDR no es un ApplicationResponse (raíz: ${root.local || 'ninguna'}).`);
  }
  if (root.ns && root.ns !== AR_NS) {
    throw new CdrError(`El CDR usa un espacio de nombres desconocido: ${root.ns}.`);
  }

  const documentResponse = child(root, 'DocumentResponse');
  const response = documentResponse && child(documentResponse, 'Response');
  const rawCode = text1(response && child(response, 'ResponseCode'));
  if (rawCode === undefined || rawCode === '')
    throw new CdrError('El CDR no contiene cac:DocumentResponse/cac:Response/cbc:ResponseCode.');
  const code = rawCode.trim();

  const notes = children(root, 'Note')
    .map((n) => textOf(n).trim())
    .filter((n) => n !== '');
  const observations = notes.map(parseNote).filter((o): o is CdrObservation => o !== undefined);

  const documentReference = documentResponse && child(documentResponse, 'DocumentReference');
  const reference =
    nonEmpty(text1(response && child(response, 'ReferenceID'))) ??
    nonEmpty(text1(documentReference && child(documentReference, 'ID')));
  const attachment = documentReference && child(documentReference, 'Attachment');
  const externalReference = attachment && child(attachment, 'ExternalReference');
  const documentHash =
    nonEmpty(text1(externalReference && child(externalReference, 'DocumentHash'))) ??
    nonEmpty(text1(documentReference && child(documentReference, 'DocumentHash')));

  const [issueDate, embeddedTime] = splitDateTime(text1(child(root, 'IssueDate')));
  const [responseDate, embeddedResponseTime] = splitDateTime(text1(child(root, 'ResponseDate')));

  return {
    code,
    description: (text1(response && child(response, 'Description')) ?? '').trim(),
    notes,
    observations,
    reference,
    id: nonEmpty(text1(child(root, 'ID'))),
    issueDate,
    issueTime: nonEmpty(text1(child(root, 'IssueTime'))) ?? embeddedTime,
    responseDate,
    responseTime: nonEmpty(text1(child(root, 'ResponseTime'))) ?? embeddedResponseTime,
    senderId: partyId(child(root, 'SenderParty')),
    receiverId: partyId(child(root, 'ReceiverParty')),
    recipientId: partyId(documentResponse && child(documentResponse, 'RecipientParty')),
    documentReferenceId: nonEmpty(text1(documentReference && child(documentReference, 'ID'))),
    documentTypeCode: nonEmpty(text1(documentReference && child(documentReference, 'DocumentTypeCode'))),
    documentHash,
    outcome: classifySunatCode(
      code,
      observations.map((o) => o.code),
    ),
  };
}

// Made once, not two for each CDR: a TextDecoder used without `stream` keeps nothing between calls.
const LATIN1 = new TextDecoder('latin1');
const UTF8 = new TextDecoder('utf-8');

/** Decodes XML bytes as their declaration says (SUNAT accepts and emits UTF-8 and ISO-8859-1). */
export function decodeXmlBytes(bytes: Uint8Array): string {
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3; // UTF-8 BOM
  const head = LATIN1.decode(bytes.subarray(start, start + 200));
  const declared = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  const latin1 =
    declared === 'iso-8859-1' || declared === 'latin1' || declared === 'iso8859-1' || declared === 'windows-1252';
  return (latin1 ? LATIN1 : UTF8).decode(bytes.subarray(start));
}

// ---------------------------------------------------------------------------------------------------------------
// DOM helpers: by local name and the UBL namespaces, so prefixes (ar:, ns3:, none) never matter.

function isUbl(el: XmlElement): boolean {
  return el.ns === CBC_NS || el.ns === CAC_NS || el.ns === AR_NS || el.ns === '';
}

function children(parent: XmlElement, local: string): XmlElement[] {
  return parent.children.filter((c) => c.local === local && isUbl(c));
}

function child(parent: XmlElement, local: string): XmlElement | undefined {
  return parent.children.find((c) => c.local === local && isUbl(c));
}

function textOf(el: XmlElement): string {
  return deepText(el);
}

function text1(el: XmlElement | undefined | null): string | undefined {
  return el ? textOf(el).trim() : undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function splitDateTime(value: string | undefined): [string | undefined, string | undefined] {
  if (!value) return [undefined, undefined];
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}:\d{2}(?:\.\d+)?))?/.exec(value);
  return match ? [match[1], match[2]] : [value, undefined];
}

/** PartyIdentification/ID (SUNAT) or PartyLegalEntity/CompanyID (OSE). */
function partyId(party: XmlElement | undefined | null): string | undefined {
  if (!party) return undefined;
  const identification = child(party, 'PartyIdentification');
  const id = nonEmpty(text1(identification && child(identification, 'ID')));
  if (id) return id;
  const legal = child(party, 'PartyLegalEntity');
  return nonEmpty(text1(legal && child(legal, 'CompanyID')));
}
