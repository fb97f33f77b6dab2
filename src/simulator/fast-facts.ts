// What the fast stand-in (`sunat-simulator --fast`) reads from a document without parsing it: the facts its CDR
// must carry so our side can tell the CDR answers OUR document (src/core/cdr-identity.ts,
// src/pipeline/cdr-ownership.ts) — the signature's DigestValue, the recipient and the issue date. A textual scan of
// the bytes we signed (one pass per tag, no DOM): the full simulator parses, validates and checks instead.

export interface DocumentFacts {
  /** ds:DigestValue of the document's enveloped signature (its "valor resumen"). */
  documentHash?: string;
  /** "6-20100070970": the customer's document type and number. */
  recipient?: string;
  issueDate?: string;
}

const DIGEST = /<(?:[\w-]+:)?DigestValue>([^<]*)</;
const ISSUE_DATE = /<(?:[\w-]+:)?IssueDate>(\d{4}-\d{2}-\d{2})</;
const PARTY = /<(?:[\w-]+:)?(?:AccountingCustomerParty|ReceiverParty)\b/;
const PARTY_ID = /<(?:[\w-]+:)?PartyIdentification>\s*<(?:[\w-]+:)?ID\b([^>]*)>([^<]*)</;
const SCHEME = /schemeID="([^"]*)"/;

export function scanDocumentFacts(xml: Buffer): DocumentFacts {
  // Tags and the values read here are ASCII: latin1 decoding is exact for them and cheaper than UTF-8.
  const text = xml.toString('latin1');
  const digest = DIGEST.exec(text)?.[1].replace(/\s+/g, '');
  return { documentHash: digest || undefined, recipient: recipientOf(text), issueDate: ISSUE_DATE.exec(text)?.[1] };
}

function recipientOf(text: string): string | undefined {
  const party = PARTY.exec(text);
  if (!party) return undefined;
  const id = PARTY_ID.exec(text.slice(party.index, party.index + 4096));
  if (!id) return undefined;
  const value = id[2].trim();
  const scheme = SCHEME.exec(id[1])?.[1];
  return scheme ? `${scheme}-${value}` : value;
}
