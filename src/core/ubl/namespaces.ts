// Namespaces of the UBL 2.1 documents, declared once on the root in C14N order (default first, then prefixes
// sorted: cac, cbc, ds, ext), as the "C14N-ready" form requires.
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

/** SUNAT's own components (sac:), used by the UBL 2.0 documents: otros CPE, summaries and voided communications. */
export const SAC_NS = 'urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1';

/** The root namespaces of a SUNAT UBL 2.0 document: the UBL ones plus sac (last in C14N order). */
export function sunatRootNamespaces(defaultNs: string): string {
  return `${rootNamespaces(defaultNs)} xmlns:sac="${SAC_NS}"`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The signature's home: the first, empty ext:ExtensionContent, where SUNAT expects the ds:Signature. */
export const SIGNATURE_HOME =
  '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>';

/** Id of ds:Signature and the #URI of cac:Signature (the same value in both places). */
export const SIGNATURE_ID = 'SignatureSP';
