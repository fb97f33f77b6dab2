// The simulator's dispatch guides' service (SUNAT's GRE REST API; SUNAT has no public test service for it). A send
// is checked as SUNAT checks the request (file name, zip name, SHA-256 of the zip) and answered with a ticket; the
// guide itself is judged independently of the product's core, on a handful of SUNAT's key conditions — the zip
// (015x/0160/0161), the XML (0306), the document its name announces (1003/1034–1036), XSD (0306), signature
// (2334/2335, 208x–210x), the issue date (2329) and the transfer start (3343) — and the ticket answers 98 for
// `pendingPolls` polls, then 0 with a signed CDR, or 99 (with a CDR for a rejection, with `error` alone for a file
// SUNAT could not read). The same file again gets the same ticket (a lost answer, resent); another file under a
// number already received, a 99 with 1033.
import { createHash } from 'node:crypto';
import { decodeXmlBytes, normalizeSunatCode } from '../core/cdr.ts';
import { verifyXmlSignature, type SigningKey } from '../core/signing.ts';
import { sunatMessage } from '../sunat/error-codes.ts';
import { childByLocal, deepText, findByLocal, parseXml, pathByLocal, type XmlElement } from '../sunat/xml.ts';
import { readZipEntries } from '../sunat/zip.ts';
import { type CdrSignature, signedCdrZip } from './cdr-builder.ts';
import type { SimulatorStore, StoredTicket } from './store.ts';
import { schemaPath, validateXsd } from './xsd.ts';

export interface GreOptions {
  store: SimulatorStore;
  signingKey: SigningKey;
  xsdDir: string;
  now: () => Date;
  /** Polls of a ticket answered 98 before its verdict (SUNAT takes a while; default 1). */
  pendingPolls: number;
  cdrSignature: () => CdrSignature;
  nextId: () => string;
}

export type GreAnswer = { status: number; body: unknown };

const NAME = /^(\d{11})-(09|31)-([TV][A-Z0-9]{3})-(\d{1,8})$/;

interface GuideName {
  base: string;
  ruc: string;
  tipo: string;
  serie: string;
  numero: string;
}

type Verdict =
  | { kind: 'cdr'; code: string; description: string; notes: string[] }
  | { kind: 'error'; code: string; message: string };

class Refusal extends Error {
  constructor(
    readonly code: string,
    readonly detail?: string,
  ) {
    super(code);
  }
}

const invalid = (errors: Array<{ cod: string; msg: string }>): GreAnswer => ({
  status: 422,
  body: { cod: '422', msg: 'Unprocessable Entity - Se presentaron errores de validacion', errors },
});

export function parseGuideName(name: string): GuideName | undefined {
  const m = NAME.exec(name);
  return m ? { base: name, ruc: m[1], tipo: m[2], serie: m[3], numero: String(Number(m[4])) } : undefined;
}

/** One of SUNAT's checks of a GRE request or guide: its code, when it fails, what it answers. */
interface GreRule<V> {
  code: string;
  when: (v: V) => boolean;
  message: (v: V) => string;
}

/** A send as SUNAT's GRE service reads it: the guide's name, the request's `archivo` fields, the zip and its SHA-256. */
interface GreRequest {
  name: GuideName;
  field: (key: string) => string;
  zip: Buffer;
  sha: string;
}

/** The request's own checks: every one that fails is answered together, before any ticket. */
const REQUEST_RULES: readonly GreRule<GreRequest>[] = [
  // SUNAT 0151: the zip is named after the guide.
  {
    code: '0151',
    when: (r) => r.field('nomArchivo') !== `${r.name.base}.zip`,
    message: (r) => `archivo.nomArchivo debe ser ${r.name.base}.zip`,
  },
  // SUNAT 0155: a zip is sent.
  { code: '0155', when: (r) => r.zip.length === 0, message: () => 'archivo.arcGreZip está vacío' },
  // SUNAT 0160: the hash is the zip's SHA-256.
  {
    code: '0160',
    when: (r) => r.field('hashZip').toLowerCase() !== r.sha,
    message: () => 'archivo.hashZip no es el SHA-256 del zip enviado',
  },
];

export function createGreService(options: GreOptions) {
  const today = () => new Date(options.now().getTime() - 5 * 3_600_000).toISOString().slice(0, 10);

  function receive(nameText: string, body: unknown, tokenRuc: string | undefined): GreAnswer {
    const name = parseGuideName(nameText);
    if (!name) return invalid([{ cod: '1001', msg: `El nombre ${nameText} no es {ruc}-{09|31}-{serie}-{numero}` }]);
    if (tokenRuc && tokenRuc !== name.ruc)
      return { status: 403, body: { cod: '403', msg: `El token no corresponde al contribuyente ${name.ruc}` } };
    const archivo = (body as { archivo?: Record<string, unknown> } | undefined)?.archivo;
    const field = (key: string) => (typeof archivo?.[key] === 'string' ? (archivo[key] as string) : '');
    const zip = Buffer.from(field('arcGreZip'), 'base64');
    const sha = createHash('sha256').update(zip).digest('hex');
    const request: GreRequest = { name, field, zip, sha };
    const problems = REQUEST_RULES.filter((rule) => rule.when(request)).map((rule) => ({
      cod: rule.code,
      msg: rule.message(request),
    }));
    if (problems.length) return invalid(problems);

    const earlier = options.store.ticketForFile(name.base);
    if (earlier && earlier.xmlSha256 === sha) return ticketAnswer(earlier.ticket);
    const verdict: Verdict = earlier
      ? { kind: 'error', code: '1033', message: sunatMessage('1033') }
      : judgeSafely(name, zip);
    const ticket = options.nextId();
    const cdrZip =
      verdict.kind === 'cdr'
        ? signedCdrZip(
            {
              id: ticket,
              at: options.now(),
              receiverRuc: name.ruc,
              reference: `${name.serie}-${name.numero}`,
              code: verdict.code,
              description: verdict.description,
              notes: verdict.notes,
              ...factsOf(zip, name),
            },
            options.signingKey,
            name.base,
            options.cdrSignature(),
          )
        : Buffer.alloc(0);
    const stored: StoredTicket = {
      ticket,
      fileName: name.base,
      statusCode: verdict.kind === 'cdr' && verdict.code === '0' ? '0' : '99',
      cdrZip,
      polls: 0,
      createdAt: options.now().toISOString(),
      xmlSha256: sha,
      ...(verdict.kind === 'error' ? { error: { code: verdict.code, message: verdict.message } } : {}),
    };
    options.store.putTicket(stored);
    return ticketAnswer(ticket);
  }

  function ticketAnswer(ticket: string): GreAnswer {
    return { status: 200, body: { numTicket: ticket, fecRecepcion: options.now().toISOString() } };
  }

  function ticketState(ticket: string, tokenRuc: string | undefined): GreAnswer {
    const stored = options.store.getTicket(ticket);
    if (!stored || (tokenRuc && !stored.fileName.startsWith(tokenRuc)))
      return { status: 404, body: { cod: '404', msg: `No existe el ticket ${ticket}` } };
    if (stored.polls < options.pendingPolls) {
      options.store.putTicket({ ...stored, polls: stored.polls + 1 });
      return { status: 200, body: { codRespuesta: '98' } };
    }
    if (stored.error)
      return {
        status: 200,
        body: {
          codRespuesta: '99',
          indCdrGenerado: '0',
          error: { numError: stored.error.code, desError: stored.error.message },
        },
      };
    return {
      status: 200,
      body: { codRespuesta: stored.statusCode, indCdrGenerado: '1', arcCdr: stored.cdrZip.toString('base64') },
    };
  }

  function judgeSafely(name: GuideName, zip: Buffer): Verdict {
    try {
      return judge(name, zip);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const message = sunatMessage(error.code);
      return {
        kind: 'error',
        code: error.code,
        message: error.detail ? `${message} - Detalle: ${error.detail}` : message,
      };
    }
  }

  /** The package (an error without CDR), then the document: identity, XSD, signature, dates (a CDR). */
  function judge(name: GuideName, zip: Buffer): Verdict {
    const xml = xmlOf(name, zip);
    const root = parse(xml);
    const mismatch = identityProblem(root, name);
    if (mismatch) throw new Refusal(mismatch.code, mismatch.detail);
    const schema = schemaPath(options.xsdDir, 'DespatchAdvice', '2.1')!;
    const xsd = validateXsd(xml, schema);
    if (!xsd.valid) throw new Refusal('0306', `${xsd.message}${xsd.line ? ` (línea ${xsd.line})` : ''}`);
    const signature = verifyXmlSignature(xml);
    if (!signature.valid) return rejection(normalizeSunatCode(signature.code), signature.reason);
    const issue = text(root, 'IssueDate');
    if (issue > today()) return rejection('2329', `IssueDate ${issue}`);
    const start = text(root, 'Shipment/ShipmentStage/TransitPeriod/StartDate');
    if (start && start < issue)
      return rejection('3343', `La fecha de inicio de traslado (${start}) es anterior a la de emisión (${issue})`);
    return {
      kind: 'cdr',
      code: '0',
      description: `La Guia numero ${name.serie}-${name.numero}, ha sido aceptada`,
      notes: [],
    };
  }

  function rejection(code: string, detail: string): Verdict {
    return { kind: 'cdr', code, description: `${sunatMessage(code)} - Detalle: ${detail}`, notes: [] };
  }

  return { receive, ticketState };
}

function xmlOf(name: GuideName, zip: Buffer): Buffer {
  let entries: Map<string, Uint8Array>;
  try {
    entries = readZipEntries(zip);
  } catch (error) {
    throw new Refusal('0156', error instanceof Error ? error.message : String(error));
  }
  const xmls = [...entries.keys()].filter((n) => /\.xml$/i.test(n));
  if (xmls.length !== 1) throw new Refusal(xmls.length ? '0158' : '0157', xmls.join(', '));
  const entry = xmls[0].slice(xmls[0].lastIndexOf('/') + 1);
  if (entry !== `${name.base}.xml`) throw new Refusal('0161', `${entry} ≠ ${name.base}.xml`);
  const xml = Buffer.from(entries.get(xmls[0])!);
  if (xml.length === 0) throw new Refusal('0160', entry);
  return xml;
}

function parse(xml: Buffer): XmlElement {
  if (/<!DOCTYPE/i.test(xml.subarray(0, 4096).toString('latin1'))) throw new Refusal('0306', 'DOCTYPE');
  try {
    return parseXml(decodeXmlBytes(xml));
  } catch (error) {
    throw new Refusal('0306', error instanceof Error ? error.message : String(error));
  }
}

/** Facts the CDR repeats: the recipient and the digest of the guide. */
function factsOf(zip: Buffer, name: GuideName): { recipient?: string; documentHash?: string } {
  try {
    const root = parse(xmlOf(name, zip));
    const party = pathByLocal(root, 'DeliveryCustomerParty/Party/PartyIdentification/ID');
    const digest = childByLocal(childByLocal(findByLocal(root, 'SignedInfo'), 'Reference'), 'DigestValue');
    const scheme = party?.attrs.schemeID;
    return {
      recipient: party ? `${scheme ?? '-'}-${deepText(party).trim()}` : undefined,
      documentHash: digest ? deepText(digest).replace(/\s+/g, '') : undefined,
    };
  } catch {
    return {};
  }
}

function text(root: XmlElement, path: string): string {
  return deepText(pathByLocal(root, path)).trim();
}

/** The guide's identity against its file name, first mismatch first (SUNAT 1003, 1034–1036). */
function identityProblem(root: XmlElement, name: GuideName): { code: string; detail: string } | undefined {
  const view: IdentityView = { root, name, id: deepText(childByLocal(root, 'ID')).trim().split('-') };
  const rule = IDENTITY_RULES.find((r) => r.when(view));
  return rule && { code: rule.code, detail: rule.message(view) };
}

interface IdentityView {
  root: XmlElement;
  name: GuideName;
  /** The guide's series and number (cbc:ID split at its dash). */
  id: string[];
}

const typeCode = (v: IdentityView) => deepText(childByLocal(v.root, 'DespatchAdviceTypeCode')).trim();
const issuerRuc = (v: IdentityView) => text(v.root, 'DespatchSupplierParty/Party/PartyIdentification/ID');

/** SUNAT answers the first that fails. */
const IDENTITY_RULES: readonly GreRule<IdentityView>[] = [
  // SUNAT 1003: a dispatch advice of the type its name announces.
  { code: '1003', when: (v) => v.root.local !== 'DespatchAdvice', message: (v) => `raíz ${v.root.local}` },
  { code: '1003', when: (v) => typeCode(v) !== v.name.tipo, message: (v) => `DespatchAdviceTypeCode ${typeCode(v)}` },
  // SUNAT 1034 / 1035 / 1036: the issuer's RUC, the series and the number of its name.
  { code: '1034', when: (v) => issuerRuc(v) !== v.name.ruc, message: (v) => `RUC ${issuerRuc(v)}` },
  { code: '1035', when: (v) => v.id[0] !== v.name.serie, message: (v) => `serie ${v.id[0]}` },
  { code: '1036', when: (v) => String(Number(v.id[1])) !== v.name.numero, message: (v) => `número ${v.id[1]}` },
];
