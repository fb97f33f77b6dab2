// Whether a CDR answers OUR document — the one rule for every CDR, whether a send answered it, the recovery asked
// for it or the company's consult fetched it (src/sunat/recovery.ts, src/pipeline/consult-cdr.ts). SUNAT keeps one
// document per number: when another document already holds ours (a company that moved from another system on the
// same series, a number someone else registered), SUNAT's copy for the number is that other document's
// constancia. Storing it would record as valid a document SUNAT never received. Pure: no I/O.
import type { CdrResponse } from './cdr.ts';

export interface ExpectedDocument {
  /** Our RUC: a CDR addressed (ReceiverParty) to another issuer answers another document. */
  ruc?: string;
  /** Catalog 01 type: a CDR whose DocumentReference names another type answers another document. */
  documentType?: string;
  serie: string;
  number: number;
  /** ds:DigestValue of our signed XML (the "valor resumen", base64). */
  hash?: string;
  /** Our customer's document number: SUNAT's CDRs name the recipient ("6-20100070970"). */
  customerNumber?: string;
  /** When our document came to exist: SUNAT cannot have answered it earlier. */
  createdAt?: Date;
}

export type CdrIdentity =
  /** `hash`: the CDR carries our document's digest. `unrefuted`: it carries none (older SUNAT CDRs), and its
   *  number, recipient and date all agree with ours. */
  | { ours: true; basis: 'hash' | 'unrefuted' }
  /** Spanish, for the company: why the constancia is another document's. */
  | { ours: false; reason: string };

/** Our clock and SUNAT's may disagree by this much before a CDR dated earlier than our document counts as older. */
const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * The CDR must name our document — our RUC, our type, our series-number, as far as it names them — and, when it
 * carries a document hash (DigestValue), that hash must be ours: then the answer is certain either way. Without
 * one (a SUNAT CDR of the older shape) nothing proves the CDR is ours, but the collisions this guards against leave
 * traces it does carry: another document was registered earlier (before ours existed) and, for a different sale,
 * names another customer. A CDR that contradicts none of them is taken as ours: refusing every hashless CDR would
 * leave each lost answer unresolved forever, and push the company to reissue a sale SUNAT already holds as valid.
 */
export function identifyCdr(cdr: CdrResponse, expected: ExpectedDocument): CdrIdentity {
  const named = namedDocument(cdr, expected);
  if (named) return other(named);
  if (cdr.documentHash) {
    const theirs = compact(cdr.documentHash);
    if (expected.hash && theirs === compact(expected.hash)) return { ours: true, basis: 'hash' };
    return other(
      `la constancia es de otro documento: su valor resumen es ${theirs} y el de este comprobante ${expected.hash ? compact(expected.hash) : '-'}`,
    );
  }
  const recipient = recipientNumber(cdr.recipientId);
  const customer = expected.customerNumber?.trim();
  if (recipient && customer && customer !== '-' && recipient !== customer) {
    return other(`la constancia es de un comprobante emitido a ${cdr.recipientId}, no a ${customer}`);
  }
  const processedAt = processedInstant(cdr);
  if (processedAt && expected.createdAt && processedAt.getTime() < expected.createdAt.getTime() - CLOCK_SKEW_MS) {
    return other(
      `SUNAT registró ese número el ${cdr.responseDate ?? cdr.issueDate}, antes de que este comprobante existiera`,
    );
  }
  return { ours: true, basis: 'unrefuted' };
}

/** Why the CDR names another document than ours (RUC, type, series-number), or undefined when it names ours. */
function namedDocument(cdr: CdrResponse, expected: ExpectedDocument): string | undefined {
  const references = [cdr.reference, cdr.documentReferenceId].filter((r): r is string => r !== undefined);
  if (references.length === 0) return 'la constancia no indica a qué comprobante responde';
  const foreign = references.find((r) => !sameNumber(r, expected));
  if (foreign) return `la constancia responde al comprobante ${foreign}`;
  const issuer = recipientNumber(cdr.receiverId);
  if (issuer && expected.ruc && issuer !== expected.ruc) return `la constancia está dirigida al RUC ${issuer}`;
  const type = cdr.documentTypeCode;
  if (type && expected.documentType && type !== expected.documentType)
    return `la constancia responde a un comprobante de tipo ${type}`;
  return undefined;
}

function other(reason: string): CdrIdentity {
  return { ours: false, reason };
}

function compact(value: string): string {
  return value.replace(/\s+/g, '');
}

/** "F001-00000587" answers F001-587 (SUNAT pads the number in some CDRs). */
function sameNumber(reference: string, expected: Pick<ExpectedDocument, 'serie' | 'number'>): boolean {
  const match = /^\s*([A-Za-z0-9]{4})-0*(\d{1,8})\s*$/.exec(reference);
  return (
    match !== null && match[1].toUpperCase() === expected.serie.toUpperCase() && Number(match[2]) === expected.number
  );
}

/** "6-20100070970" (SUNAT: document type, hyphen, number) or the bare number (OSEs). */
function recipientNumber(recipientId: string | undefined): string | undefined {
  if (!recipientId) return undefined;
  const typed = /^[0-9A-Z-]-(.+)$/.exec(recipientId.trim());
  return (typed ? typed[1] : recipientId).trim() || undefined;
}

/** When SUNAT processed the document: ResponseDate/Time, else IssueDate/Time, in Peru time (UTC−5, no DST). */
function processedInstant(cdr: CdrResponse): Date | undefined {
  const date = cdr.responseDate ?? cdr.issueDate;
  const time = cdr.responseDate ? cdr.responseTime : cdr.issueTime;
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const clock = time && /^\d{2}:\d{2}:\d{2}/.test(time) ? time.slice(0, 8) : '23:59:59';
  const instant = new Date(`${date}T${clock}-05:00`);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}
