// The simulator's CDR: a UBL 2.0 ApplicationResponse shaped like SUNAT's (`ar:` prefix, SignSUNAT,
// sender 20131312955, RecipientParty "6-<RUC>"), signed with the simulator's key — then valid against
// UBLPE-ApplicationResponse-1.0.xsd — and zipped as `R-{name}.zip` with a `dummy/` entry like SUNAT's own zips. The
// XML is written in the "C14N-ready" form (src/core/ubl/xml-writer.ts) so signing takes the fast path: one digest and
// one RSA signature. The fast stand-in writes SUNAT beta's signature instead: the same ds:Signature, with beta's
// placeholder texts where the RSA value and the certificate go (`CdrSignature`); like beta's, it is no base64 there.
import { SigningError, signXml, type SigningKey } from '../core/signing.ts';
import { signingSetup } from '../core/signing/canonical.ts';
import { prepareFast } from '../core/signing/fast-path.ts';
import { escapeText } from '../core/ubl/xml-writer.ts';
import { zipEntries } from '../sunat/zip.ts';

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

/**
 * What SUNAT beta writes where its CDRs' signature values go: it has no key for them (a beta CDR as received:
 * test/fixtures/sunat/cdr/sunat-recent-observed-notes-after-signature.xml), and clients tell a beta CDR by these
 * texts (FacturadorPro looks for "BetaPublicCert" in the SignatureValue).
 */
export const BETA_SIGNATURE_VALUE = "*Private key 'BetaPublicCert' not up*";
export const BETA_CERTIFICATE = "*Public key 'BetaPublicCert' not up*";

/**
 * How the simulator signs its CDRs: 'key' with its key, as production SUNAT does (XMLDSig anyone can verify);
 * 'beta' as SUNAT beta does — a true ds:SignedInfo (the CDR's digest) with beta's placeholder texts for the
 * SignatureValue and the certificate, so no RSA operation. Nobody verifies a CDR's signature (Greenter, xsender
 * and FacturadorPro read the CDR without), our pipeline included: the fast stand-in writes beta's, sparing a
 * throughput run an RSA signature a document that SUNAT's side pays (the CDR's build, sign and zip 145 → 31 µs alone;
 * 0.14–0.22 ms less of the stand-in's CPU a document under the bench's load, docs/performance.md).
 */
export type CdrSignature = 'key' | 'beta';

const SIGNATURE_ID = 'SignSUNAT';

function betaSignature(xml: string, key: SigningKey): string {
  const { suite, signatureId } = signingSetup({ signatureId: SIGNATURE_ID });
  return prepareFast(xml, key, suite, signatureId).finish(BETA_SIGNATURE_VALUE, BETA_CERTIFICATE).xml;
}

function sign(xml: string, key: SigningKey, signature: CdrSignature): string {
  try {
    return signature === 'beta'
      ? betaSignature(xml, key)
      : signXml(xml, key, { signatureId: SIGNATURE_ID, assumeCanonical: true }).xml;
  } catch (error) {
    // A safety net: buildCdrXml escapes every text as C14N writes it, so the fast path's guard takes its CDRs (the
    // texts of test/sunat/cdr-builder.test.ts included); should it refuse one, the general path signs the same
    // canonical text (same digest), only slower. It has no placeholder form: such a CDR would carry a real signature.
    if (!(error instanceof SigningError) || error.code !== 'not_c14n_ready') throw error;
    return signXml(xml, key, { signatureId: SIGNATURE_ID }).xml;
  }
}

/** Signs the CDR and zips it as SUNAT does: `R-{base}.xml` plus an empty `dummy/` directory entry. */
export function signedCdrZip(
  content: CdrContent,
  key: SigningKey,
  baseFileName: string,
  signature: CdrSignature = 'key',
): Buffer {
  return zipEntries([
    ['dummy/', new Uint8Array(0)],
    [`R-${baseFileName}.xml`, sign(buildCdrXml(content), key, signature)],
  ]);
}
