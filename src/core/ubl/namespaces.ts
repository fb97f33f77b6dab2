// Namespaces of the UBL 2.1 documents, declared once on the root in C14N order (default first, then prefixes
// sorted: cac, cbc, ds, ext) — contracts §1.
export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  debitNote: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
} as const;

export function rootNamespaces(defaultNs: string): string {
  return ` xmlns="${defaultNs}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ds="${NS.ds}" xmlns:ext="${NS.ext}"`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The signature's home: the first, empty ext:ExtensionContent (sunat.md §0 step 1). */
export const SIGNATURE_HOME =
  '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>';

/** Id of ds:Signature and the #URI of cac:Signature (contracts §1). */
export const SIGNATURE_ID = 'SignatureSP';
