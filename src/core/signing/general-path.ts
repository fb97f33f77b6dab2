// General path: any well-formed XML. libxml2 canonicalises the document (digest) and ds:SignedInfo in its
// final context; the signature is spliced into the caller's text.
import { sign } from 'node:crypto';
import { canonicalizationByUri, C14N_INCLUSIVE, DSIG_NS, type SigningSuite } from './algorithms.ts';
import { prepareKey } from './keys.ts';
import { canonicalSubtree, hashCanonicalDocument, parseXml } from './libxml.ts';
import { locateSignatureHome, type SignatureHome } from './locate.ts';
import { signatureElement, signedInfoContent } from './template.ts';
import { SigningError, type SignedXml, type SigningKey } from './types.ts';

const inclusive = canonicalizationByUri(C14N_INCLUSIVE)!;

export function signGeneral(xml: string, key: SigningKey, suite: SigningSuite, signatureId: string): SignedXml {
  const home = locateSignatureHome(xml);
  const prepared = prepareKey(key);

  // Enveloped transform + inclusive C14N of the signed document = C14N of the document before the signature
  // is added: the splice adds only the ds:Signature element (and turns a self-closing ExtensionContent into a
  // start/end pair, which C14N writes the same way).
  const doc = parseOrThrow(xml);
  let digest: Buffer;
  try {
    digest = hashCanonicalDocument(doc, { spec: inclusive }, suite.hash);
  } finally {
    doc.dispose();
  }
  const digestValue = digest.toString('base64');

  const content = signedInfoContent(suite, digestValue);
  const declareDs = !home.dsInScope;
  const parts = {
    id: signatureId,
    declareDs,
    signedInfoContent: content,
    certificateBase64: prepared.certificateBase64,
  };
  const canonicalSignedInfo = canonicalSignedInfoInContext(home, signatureElement({ ...parts, signatureValue: '' }));
  const signatureValue = sign(suite.hash, canonicalSignedInfo, prepared.privateKey).toString('base64');
  const signature = signatureElement({ ...parts, signatureValue });
  return { xml: splice(xml, home, signature), digestValue, signatureValue };
}

export function splice(xml: string, home: SignatureHome, signature: string): string {
  return xml.slice(0, home.start) + home.before + signature + home.after + xml.slice(home.end);
}

/**
 * Inclusive C14N of ds:SignedInfo renders every namespace in scope (and inherited xml:* attributes), so it
 * depends on the ancestors' start tags only: a small document made of those tags around the signature has
 * exactly the same canonical SignedInfo as the full signed document, at a fraction of the parsing cost.
 */
function canonicalSignedInfoInContext(home: SignatureHome, signature: string): Buffer {
  const context =
    home.ancestorStartTags.join('') +
    signature +
    home.ancestorNames
      .map((n) => `</${n}>`)
      .reverse()
      .join('');
  const doc = parseOrThrow(context);
  try {
    const signedInfo = doc.get('//ds:Signature/ds:SignedInfo', { ds: DSIG_NS });
    if (!signedInfo) throw new Error('ds:SignedInfo not found in its context document');
    return canonicalSubtree(signedInfo, { spec: inclusive });
  } finally {
    doc.dispose();
  }
}

function parseOrThrow(xml: string) {
  try {
    return parseXml(xml);
  } catch (error) {
    const detail = error instanceof Error ? error.message.trim().split('\n')[0] : String(error);
    throw new SigningError('xml_malformed', `El XML no está bien formado: ${detail}`);
  }
}
