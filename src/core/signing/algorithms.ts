// XMLDSig algorithm identifiers and what node:crypto calls them.

export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
export const EXT_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
export const EXC_C14N_NS = 'http://www.w3.org/2001/10/xml-exc-c14n#';

export const ENVELOPED_SIGNATURE = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
export const C14N_INCLUSIVE = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

export interface CanonicalizationSpec {
  uri: string;
  mode: 'inclusive' | 'exclusive' | 'c14n11';
  withComments: boolean;
}

const canonicalizations: CanonicalizationSpec[] = [
  { uri: C14N_INCLUSIVE, mode: 'inclusive', withComments: false },
  { uri: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments', mode: 'inclusive', withComments: true },
  { uri: 'http://www.w3.org/2001/10/xml-exc-c14n#', mode: 'exclusive', withComments: false },
  { uri: 'http://www.w3.org/2001/10/xml-exc-c14n#WithComments', mode: 'exclusive', withComments: true },
  { uri: 'http://www.w3.org/2006/12/xml-c14n11', mode: 'c14n11', withComments: false },
  { uri: 'http://www.w3.org/2006/12/xml-c14n11#WithComments', mode: 'c14n11', withComments: true },
];

export function canonicalizationByUri(uri: string): CanonicalizationSpec | undefined {
  return canonicalizations.find((c) => c.uri === uri);
}

/** node:crypto hash name by XMLDSig DigestMethod URI. */
const digestMethods: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  'http://www.w3.org/2001/04/xmldsig-more#sha224': 'sha224',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};

/** node:crypto hash name (RSA PKCS#1 v1.5) by XMLDSig SignatureMethod URI. */
const signatureMethods: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'sha1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha224': 'sha224',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384': 'sha384',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'sha512',
};

export function digestHashByUri(uri: string): string | undefined {
  return Object.hasOwn(digestMethods, uri) ? digestMethods[uri] : undefined;
}
export function signatureHashByUri(uri: string): string | undefined {
  return Object.hasOwn(signatureMethods, uri) ? signatureMethods[uri] : undefined;
}

/** What each SignOptions.algorithm writes into SignedInfo. */
export interface SigningSuite {
  hash: string;
  signatureMethod: string;
  digestMethod: string;
}
export const signingSuites: Record<'rsa-sha1' | 'rsa-sha256', SigningSuite> = {
  'rsa-sha1': {
    hash: 'sha1',
    signatureMethod: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    digestMethod: 'http://www.w3.org/2000/09/xmldsig#sha1',
  },
  'rsa-sha256': {
    hash: 'sha256',
    signatureMethod: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    digestMethod: 'http://www.w3.org/2001/04/xmlenc#sha256',
  },
};
