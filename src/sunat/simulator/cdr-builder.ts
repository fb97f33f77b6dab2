// The simulator's CDR: a UBL 2.0 ApplicationResponse shaped like SUNAT's (`ar:` prefix, SignSUNAT,
// sender 20131312955, RecipientParty "6-<RUC>"), valid against UBLPE-ApplicationResponse-1.0.xsd, signed with the
// simulator's key and zipped as `R-{name}.zip` with a `dummy/` entry like SUNAT's own zips. The XML is written in
// the "C14N-ready" form (src/core/ubl/xml-writer.ts) so signing takes the fast path: one digest and one RSA signature.
import { SigningError, signXml, type SigningKey } from '../../core/signing.ts';
import { escapeText } from '../../core/ubl/xml-writer.ts';
import { zipEntries } from '../zip.ts';

export const SUNAT_RUC = '20131312955';

const NS = {
  ar: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
};

export interface CdrContent {
  /** cbc:ID: SUNAT's process number (a ticket-like 13+ digit string). */
  id: string;
  /** When SUNAT processed it. Written in Peru time (UTC−5). */
  at: Date;
  receiverRuc: string;
  /** "F001-123". */
  reference: string;
  code: string;
  description: string;
  notes: string[];
  /** "6-20100070970" (customer document type + number), when the document names a customer. */
  recipient?: string;
  /** ds:DigestValue of the document answered, as recent SUNAT and OSE CDRs carry it
   *  (DocumentReference/Attachment/ExternalReference/DocumentHash): what tells a client whose document this is. */
  documentHash?: string;
}

function peruDateTime(at: Date): { date: string; time: string } {
  const local = new Date(at.getTime() - 5 * 3_600_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 19) };
}

function documentHash(hash: string | undefined): string {
  return hash
    ? `<cac:Attachment><cac:ExternalReference><cbc:DocumentHash>${escapeText(hash)}</cbc:DocumentHash></cac:ExternalReference></cac:Attachment>`
    : '';
}

export function buildCdrXml(content: CdrContent): string {
  const { date, time } = peruDateTime(content.at);
  const notes = content.notes.map((n) => `<cbc:Note>${escapeText(n)}</cbc:Note>`).join('');
  const recipient = content.recipient
    ? `<cac:RecipientParty><cac:PartyIdentification><cbc:ID>${escapeText(content.recipient)}</cbc:ID></cac:PartyIdentification></cac:RecipientParty>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<ar:ApplicationResponse xmlns:ar="${NS.ar}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ds="${NS.ds}" xmlns:ext="${NS.ext}">` +
    '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>' +
    '<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.0</cbc:CustomizationID>' +
    `<cbc:ID>${escapeText(content.id)}</cbc:ID>` +
    `<cbc:IssueDate>${date}</cbc:IssueDate><cbc:IssueTime>${time}</cbc:IssueTime>` +
    `<cbc:ResponseDate>${date}</cbc:ResponseDate><cbc:ResponseTime>${time}</cbc:ResponseTime>` +
    notes +
    '<cac:Signature><cbc:ID>SignSUNAT</cbc:ID><cac:SignatoryParty>' +
    `<cac:PartyIdentification><cbc:ID>${SUNAT_RUC}</cbc:ID></cac:PartyIdentification>` +
    '<cac:PartyName><cbc:Name>SUNAT</cbc:Name></cac:PartyName></cac:SignatoryParty>' +
    '<cac:DigitalSignatureAttachment><cac:ExternalReference><cbc:URI>#SignSUNAT</cbc:URI></cac:ExternalReference></cac:DigitalSignatureAttachment>' +
    '</cac:Signature>' +
    `<cac:SenderParty><cac:PartyIdentification><cbc:ID>${SUNAT_RUC}</cbc:ID></cac:PartyIdentification></cac:SenderParty>` +
    `<cac:ReceiverParty><cac:PartyIdentification><cbc:ID>${escapeText(content.receiverRuc)}</cbc:ID></cac:PartyIdentification></cac:ReceiverParty>` +
    '<cac:DocumentResponse>' +
    `<cac:Response><cbc:ReferenceID>${escapeText(content.reference)}</cbc:ReferenceID><cbc:ResponseCode>${escapeText(content.code)}</cbc:ResponseCode>` +
    `<cbc:Description>${escapeText(content.description)}</cbc:Description></cac:Response>` +
    `<cac:DocumentReference><cbc:ID>${escapeText(content.reference)}</cbc:ID>${documentHash(content.documentHash)}</cac:DocumentReference>` +
    recipient +
    '</cac:DocumentResponse>' +
    '</ar:ApplicationResponse>'
  );
}

/** Signs the CDR and zips it as SUNAT does: `R-{base}.xml` plus an empty `dummy/` directory entry. */
export function signedCdrZip(content: CdrContent, key: SigningKey, baseFileName: string): Buffer {
  const xml = buildCdrXml(content);
  let signed;
  try {
    signed = signXml(xml, key, { signatureId: 'SignSUNAT', assumeCanonical: true });
  } catch (error) {
    // The fast path's guard is textual: a rejection text such as "value='ticket: …'" looks like a single-quoted
    // attribute to it. The general path signs the same canonical text (same digest), only slower.
    if (!(error instanceof SigningError) || error.code !== 'not_c14n_ready') throw error;
    signed = signXml(xml, key, { signatureId: 'SignSUNAT' });
  }
  return zipEntries([
    ['dummy/', new Uint8Array(0)],
    [`R-${baseFileName}.xml`, signed.xml],
  ]);
}
