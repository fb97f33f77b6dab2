// The simulator's judge: what SUNAT does with each SOAP request, in SUNAT's processing order —
// authentication (01xx) → zip and file names (015x) → XML parse (0306) → file name vs content (1034–1036, 1003) →
// duplicates (1033 / 1032 / the stored answer again) → XSD (0306) → signature (2334/2335, 208x–210x) → business
// rules (2000–3999 rejections, 4000+ observations) → acceptance with a signed CDR. It also serves the ticket
// (getStatus) and consult (getStatus/getStatusCdr) operations from what it registered. No HTTP here: plugin.ts
// puts it behind SUNAT's paths and adds fault injection.
import { createHash } from 'node:crypto';
import { decodeXmlBytes, normalizeSunatCode } from '../core/cdr.ts';
import { verifyXmlSignature, type SigningKey } from '../core/signing.ts';
import { escapeText } from '../core/ubl/xml-writer.ts';
import { baseName, documentBaseName, type DocumentName, type SummaryName } from '../sunat/document-name.ts';
import { serviceForDocumentType, type ServiceKind } from '../sunat/endpoints.ts';
import { consultStatusMessages, sunatMessage } from '../sunat/error-codes.ts';
import {
  billServiceResponse,
  consultServiceResponse,
  faultEnvelope,
  parseSoapRequest,
  type SoapRequest,
} from '../sunat/soap.ts';
import { childByLocal, deepText, findByLocal, parseXml, type XmlElement } from '../sunat/xml.ts';
import { type CdrSignature, signedCdrZip, SUNAT_RUC } from './cdr-builder.ts';
import { scanDocumentFacts, type DocumentFacts } from './fast-facts.ts';
import { checkDocumentIdentity, checkSummaryIdentity } from './identify.ts';
import { openPackage } from './package.ts';
import { evaluateRules, hasRules, type RuleHit } from './rules/index.ts';
import {
  checkReversion,
  checkSummary,
  checkVoided,
  summaryLines,
  voidedLines,
  type SummaryRuleContext,
} from './rules/summaries.ts';
import { documentKey, type SimulatorStore, type StoredDocument } from './store.ts';
import { schemaPath, validateXsd } from './xsd.ts';

export type CredentialsPolicy =
  /** SUNAT beta: any 11-digit RUC + "MODDATOS", password "moddatos" or "MODDATOS" (SUNAT's public test account). */
  | { kind: 'beta' }
  /** Fixed SOL users; `requireMatchingRuc` makes the user's RUC match the file's (production's 0154). */
  | { kind: 'accounts'; accounts: Array<{ username: string; password: string }>; requireMatchingRuc?: boolean };

export interface EngineOptions {
  credentials: CredentialsPolicy;
  now: () => Date;
  signingKey: SigningKey;
  store: SimulatorStore;
  xsdDir: string;
  /** 'fault' (SUNAT beta: rejections as SOAP faults, the default) or 'cdr' (production: a CDR carrying the code). */
  rejectionStyle: 'fault' | 'cdr';
  /** Polls of a summary ticket answered 98 ("en proceso") before the CDR. */
  summaryPendingPolls: number;
  /** Milliseconds after sendSummary during which getStatus answers 98 (default 0). */
  summaryPendingMs?: number;
  /** SUNAT's window for voiding a factura by RA, in calendar days after its issue (default 7). */
  voidWindowDays?: number;
  /** When set, documents issued more than this many days before today are late (2108) and future dates are 2329. */
  issueDateWindowDays?: number;
  /** The throughput stand-in (`--fast`): no parse, XSD, signature or rule checks; every new document is accepted
   *  with a CDR carrying its number and digest, signed in SUNAT beta's manner (cdr-builder.ts `CdrSignature`).
   *  Authentication, the package checks, duplicates and 1033 stay. Summaries (sendSummary) are still judged in full;
   *  only their CDRs are signed in beta's manner. */
  fast?: boolean;
}

export interface SoapReply {
  status: number;
  body: string;
}

export type Operation = 'sendBill' | 'sendSummary' | 'getStatus' | 'getStatusCdr' | 'consultGetStatus' | 'unknown';
/** The REST APIs' operations (rest-api.ts): a token, the consulta integrada de validez. */
export type RestOperation = 'oauthToken' | 'validarComprobante' | 'greSend' | 'greTicket';
export const REST_OPERATIONS: readonly RestOperation[] = ['oauthToken', 'validarComprobante', 'greSend', 'greTicket'];

export interface SimulatorStats {
  /** Every SOAP request received on SUNAT's paths, by operation, including those answered by an injected fault. */
  requests: Record<Operation | RestOperation | 'wsdl' | 'invalid', number>;
  /** sendBill requests that reached processing (after fault injection). */
  received: number;
  accepted: number;
  observed: number;
  rejected: number;
  exceptions: number;
  /** Identical resends answered with the stored answer. */
  duplicates: number;
  /** 1033/1032 answers (same number, different content). */
  conflicts: number;
  faultsInjected: number;
  lostResponses: number;
  documents: Array<{
    fileName: string;
    /** sendBill requests for this file name that reached processing. */
    receipts: number;
    registered: boolean;
    status?: string;
    code?: string;
    firstReceivedAt?: string;
    lastReceivedAt?: string;
  }>;
}

const SERVER_SIDE = /^(01[0-3]\d|02\d\d)$/;

class Exception {
  constructor(
    readonly code: string,
    readonly detail?: string,
  ) {}
}

interface Verdict {
  code: string;
  description: string;
  notes: string[];
  status: 'accepted' | 'observed' | 'rejected';
}

function names(tipo: string, id: string): string {
  switch (tipo) {
    case '01':
      return `La Factura numero ${id}, ha sido aceptada`;
    case '03':
      return `La Boleta numero ${id}, ha sido aceptada`;
    case '04':
      return `La Liquidacion de Compra numero ${id}, ha sido aceptada`;
    case '07':
      return `La Nota de Credito numero ${id}, ha sido aceptada`;
    case '08':
      return `La Nota de Debito numero ${id}, ha sido aceptada`;
    case '20':
      return `El Comprobante de Retencion numero ${id}, ha sido aceptado`;
    case '40':
      return `El Comprobante de Percepcion numero ${id}, ha sido aceptado`;
    case 'RC':
      return `El Resumen diario ${id}, ha sido aceptado`;
    case 'RA':
      return `La Comunicacion de baja ${id}, ha sido aceptada`;
    case 'RR':
      return `El Resumen de reversiones ${id}, ha sido aceptado`;
    default:
      return `El comprobante ${id}, ha sido aceptado`;
  }
}

function info(hit: RuleHit): string {
  return `INFO: ${hit.code} (nodo: "${hit.node}" valor: "${hit.value ?? ''}")`;
}

/** Every counter of stats() at zero: at start and on resetCounters(). */
function zeroCounters() {
  return {
    requests: {
      sendBill: 0,
      sendSummary: 0,
      getStatus: 0,
      getStatusCdr: 0,
      consultGetStatus: 0,
      unknown: 0,
      oauthToken: 0,
      validarComprobante: 0,
      greSend: 0,
      greTicket: 0,
      wsdl: 0,
      invalid: 0,
    } as SimulatorStats['requests'],
    received: 0,
    accepted: 0,
    observed: 0,
    rejected: 0,
    exceptions: 0,
    duplicates: 0,
    conflicts: 0,
    faultsInjected: 0,
    lostResponses: 0,
  };
}

export class SimulatorEngine {
  private sequence = 0;
  private counters = zeroCounters();

  constructor(readonly options: EngineOptions) {}

  /** The operation a request asks for, by service (the consult service's getStatus is a different operation). */
  static operationOf(service: ServiceKind, request: SoapRequest): Operation {
    const op = request.operation;
    if (service === 'consult')
      return op === 'getStatusCdr' ? 'getStatusCdr' : op === 'getStatus' ? 'consultGetStatus' : 'unknown';
    return op === 'sendBill' || op === 'sendSummary' || op === 'getStatus' ? op : 'unknown';
  }

  count(what: 'wsdl' | 'invalid' | 'faultsInjected' | 'lostResponses'): void {
    if (what === 'wsdl' || what === 'invalid') this.counters.requests[what] += 1;
    else this.counters[what] += 1;
  }

  /** Parses and processes one SOAP request body for a service path. */
  handle(service: ServiceKind, body: string): SoapReply {
    let request: SoapRequest;
    try {
      request = parseSoapRequest(body);
    } catch (error) {
      this.counters.requests.invalid += 1;
      return {
        status: 500,
        body: faultEnvelope(
          '0200',
          `${sunatMessage('0200')} - Detalle: ${error instanceof Error ? error.message : String(error)}`,
          { side: 'Server' },
        ),
      };
    }
    return this.process(service, request);
  }

  /** Counts a request as received (including those an injected fault answers instead of the engine). */
  countRequest(operation: Operation | RestOperation): void {
    this.counters.requests[operation] += 1;
  }

  /** Processes a parsed request; `counted` when the caller already counted it (plugin.ts counts before faults). */
  process(service: ServiceKind, request: SoapRequest, counted = false): SoapReply {
    const operation = SimulatorEngine.operationOf(service, request);
    if (!counted) this.counters.requests[operation] += 1;
    try {
      switch (operation) {
        case 'sendBill':
          return this.sendBill(service, request);
        case 'sendSummary':
          return this.sendSummary(service, request);
        case 'getStatus':
          return this.ticketStatus(request);
        case 'getStatusCdr':
          return this.consult(request, true);
        case 'consultGetStatus':
          return this.consult(request, false);
        default:
          throw new Exception('0200', `Operación no soportada: ${request.operation}`);
      }
    } catch (error) {
      if (error instanceof Exception) {
        if (operation === 'sendBill') this.counters.exceptions += 1;
        return this.exception(error);
      }
      throw error;
    }
  }

  stats(): SimulatorStats {
    const registered = new Map(this.options.store.documents().map((d) => [d.fileName, d]));
    const receipts = this.options.store.receipts();
    const fileNames = new Set([...receipts.keys(), ...registered.keys()]);
    return {
      ...this.counters,
      requests: { ...this.counters.requests },
      documents: [...fileNames].sort().map((fileName) => {
        const doc = registered.get(fileName);
        const r = receipts.get(fileName);
        return {
          fileName,
          receipts: r?.count ?? 0,
          registered: doc !== undefined,
          status: doc?.status,
          code: doc?.code,
          firstReceivedAt: r?.first,
          lastReceivedAt: r?.last,
        };
      }),
    };
  }

  resetCounters(): void {
    this.counters = zeroCounters();
  }

  // -------------------------------------------------------------------------------------------------------------

  private authenticate(request: SoapRequest, fileRuc?: string): void {
    if (!request.hasSecurityHeader || request.username === undefined || request.password === undefined)
      throw new Exception('0101');
    const refusal = this.solRefusal(request.username, request.password, fileRuc);
    if (refusal) throw new Exception(refusal.code, refusal.detail);
  }

  /**
   * Why SOL user `username` (RUC + user) with `password` may not call — SUNAT's code (0102 bad credentials, 0154 the
   * user's RUC is not the file's) — or undefined when it may. The SOAP services and the REST password grant share it.
   */
  solRefusal(username: string, password: string, fileRuc?: string): { code: string; detail?: string } | undefined {
    const policy = this.options.credentials;
    if (policy.kind === 'beta') {
      if (!/^\d{11}MODDATOS$/i.test(username)) return { code: '0102', detail: `Usuario ${username}` };
      if (password !== 'moddatos' && password !== 'MODDATOS') return { code: '0102' };
      return undefined;
    }
    const account = policy.accounts.find((a) => a.username === username);
    if (!account || account.password !== password) return { code: '0102' };
    if (policy.requireMatchingRuc && fileRuc && username.slice(0, 11) !== fileRuc) return { code: '0154' };
    return undefined;
  }

  private exception(error: Exception): SoapReply {
    const code = normalizeSunatCode(error.code);
    const message = sunatMessage(code);
    const text = error.detail ? `${message} - Detalle: ${error.detail}` : message;
    return { status: 500, body: faultEnvelope(code, text, { side: SERVER_SIDE.test(code) ? 'Server' : 'Client' }) };
  }

  /** The fast stand-in signs its CDRs as SUNAT beta does (no RSA operation); the full simulator with its key. */
  cdrSignature(): CdrSignature {
    return this.options.fast ? 'beta' : 'key';
  }

  /** SUNAT's ids are 13-digit millisecond stamps; kept strictly increasing so a pinned clock still yields unique ids. */
  nextId(): string {
    this.sequence = Math.max(this.sequence + 1, this.options.now().getTime());
    return String(this.sequence);
  }

  private sendBill(service: ServiceKind, request: SoapRequest): SoapReply {
    const fileName = request.params.fileName;
    this.authenticate(request, fileName?.slice(0, 11));
    if (fileName) this.options.store.recordReceipt(baseName(fileName), this.options.now());
    this.counters.received += 1;

    const pkg = openPackage(fileName, request.params.contentFile, 'sendBill');
    if (!pkg.ok) throw new Exception(pkg.code, pkg.detail);
    if (pkg.kind !== 'document') throw new Exception('0151');
    const name = pkg.name;
    // The "otros CPE" service takes perceptions and retentions; the invoice service the rest.
    if (
      serviceForDocumentType(name.tipo) !== service ||
      !['01', '03', '04', '07', '08', '20', '40'].includes(name.tipo)
    ) {
      throw new Exception('0302', `El tipo ${name.tipo} no se recibe en este servicio`);
    }
    const root = this.options.fast ? undefined : this.parse(pkg.xml);
    const mismatch = root && checkDocumentIdentity(root, name);
    if (mismatch) throw new Exception(mismatch.code, info(mismatch));

    const key = documentKey(name.ruc, name.tipo, name.serie, name.numero);
    const sha = createHash('sha256').update(pkg.xml).digest('hex');
    const existing = this.options.store.getDocument(key);
    if (existing) {
      if (existing.xmlSha256 === sha) {
        // The same document again: SUNAT's answer does not change (the recovery path relies on it).
        this.counters.duplicates += 1;
        return this.answer(existing);
      }
      this.counters.conflicts += 1;
      throw new Exception(
        existing.status === 'rejected' ? '1032' : '1033',
        `${existing.fileName} registrado el ${existing.registeredAt}`,
      );
    }

    const verdict = root ? this.judge(pkg.xml, root, name) : accepted(name);
    const stored = this.registration(name, key, sha, verdict, root ? factsOf(root) : scanDocumentFacts(pkg.xml));
    this.options.store.putDocument(stored);
    this.counters[verdict.status] += 1;
    return this.answer(stored);
  }

  /** What SUNAT keeps of a document it judged: the verdict and its signed CDR, answered again to the same file. */
  private registration(
    name: DocumentName,
    key: string,
    sha: string,
    verdict: Verdict,
    facts: Pick<DocumentFacts, 'recipient' | 'documentHash' | 'issueDate'>,
  ): StoredDocument {
    return {
      key,
      fileName: name.base,
      ruc: name.ruc,
      tipo: name.tipo,
      serie: name.serie,
      numero: Number(name.numero),
      xmlSha256: sha,
      status: verdict.status,
      code: verdict.code,
      description: verdict.description,
      notes: verdict.notes,
      answeredWith: verdict.status === 'rejected' && this.options.rejectionStyle === 'fault' ? 'fault' : 'cdr',
      cdrZip: signedCdrZip(
        {
          id: this.nextId(),
          at: this.options.now(),
          receiverRuc: name.ruc,
          reference: `${name.serie}-${name.numero}`,
          code: verdict.code,
          description: verdict.description,
          notes: verdict.notes,
          recipient: facts.recipient,
          documentHash: facts.documentHash,
        },
        this.options.signingKey,
        name.base,
        this.cdrSignature(),
      ),
      registeredAt: this.options.now().toISOString(),
      issueDate: facts.issueDate,
      recipient: facts.recipient,
    };
  }

  private answer(doc: StoredDocument): SoapReply {
    if (doc.answeredWith === 'fault') {
      return { status: 500, body: faultEnvelope(doc.code, doc.description, { side: 'Client' }) };
    }
    return {
      status: 200,
      body: billServiceResponse(
        'sendBill',
        `<applicationResponse>${doc.cdrZip.toString('base64')}</applicationResponse>`,
      ),
    };
  }

  private parse(xml: Buffer): XmlElement {
    const head = xml.subarray(0, 4096).toString('latin1');
    if (/<!DOCTYPE/i.test(head)) throw new Exception('0306', 'El XML no debe contener DOCTYPE');
    try {
      return parseXml(decodeXmlBytes(xml));
    } catch (error) {
      throw new Exception('0306', error instanceof Error ? error.message : String(error));
    }
  }

  /** XSD → signature → business rules. Rejections are registered (the number is spent), like SUNAT's. */
  private judge(xml: Buffer, root: XmlElement, name: DocumentName): Verdict {
    const version = childByLocal(root, 'UBLVersionID');
    const schema = schemaPath(this.options.xsdDir, root.local, version ? deepText(version).trim() : undefined);
    if (schema) {
      const xsd = validateXsd(xml, schema);
      if (!xsd.valid) throw new Exception('0306', `${xsd.message}${xsd.line ? ` (línea ${xsd.line})` : ''}`);
    }
    const signature = verifyXmlSignature(xml);
    if (!signature.valid) {
      const code = normalizeSunatCode(signature.code);
      if (Number(code) < 2000) throw new Exception(code, signature.reason);
      return this.rejection(code, signature.reason);
    }
    const id = `${name.serie}-${name.numero}`;
    const dated = this.dateRule(root);
    if (dated) return this.rejection(dated.code, info(dated));
    if (!hasRules(name.tipo)) return { code: '0', description: names(name.tipo, id), notes: [], status: 'accepted' };
    const rules = evaluateRules(root, name.tipo);
    if (rules.error) {
      const hit = rules.error;
      const detail = `${hit.detail ? `${hit.detail}: ` : ''}${info(hit)}`;
      if (Number(hit.code) < 2000) throw new Exception(hit.code, detail);
      return this.rejection(hit.code, detail);
    }
    const notes = rules.observations.map(
      (o) => `${o.code} - ${sunatMessage(o.code)}${o.detail ? ` (${o.detail})` : ''} - ${info(o)}`,
    );
    return { code: '0', description: names(name.tipo, id), notes, status: notes.length > 0 ? 'observed' : 'accepted' };
  }

  private rejection(code: string, detail: string): Verdict {
    const ticket = this.nextId();
    return {
      code,
      description: `${sunatMessage(code)} - Detalle: xxx.xxx.xxx value='ticket: ${ticket} error: ${detail}'`,
      notes: [],
      status: 'rejected',
    };
  }

  private dateRule(root: XmlElement): RuleHit | undefined {
    const days = this.options.issueDateWindowDays;
    if (days === undefined) return undefined;
    const issue = deepText(childByLocal(root, 'IssueDate')).trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(issue)) return undefined;
    const today = new Date(this.options.now().getTime() - 5 * 3_600_000);
    const todayDate = today.toISOString().slice(0, 10);
    const oldest = new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
    if (issue > todayDate) return { code: '2329', node: 'cbc:IssueDate', value: issue };
    if (issue < oldest) return { code: '2108', node: 'cbc:IssueDate', value: issue };
    return undefined;
  }

  // Summaries (RC/RA/RR) -----------------------------------------------------------------------------------------

  private sendSummary(service: ServiceKind, request: SoapRequest): SoapReply {
    const fileName = request.params.fileName;
    this.authenticate(request, fileName?.slice(0, 11));
    const pkg = openPackage(fileName, request.params.contentFile, 'sendSummary');
    if (!pkg.ok) throw new Exception(pkg.code, pkg.detail);
    if (pkg.kind !== 'summary') throw new Exception('0151');
    const name: SummaryName = pkg.name;
    if (serviceForDocumentType(name.tipo) !== service)
      throw new Exception('0302', `El tipo ${name.tipo} no se recibe en este servicio`);
    const root = this.parse(pkg.xml);
    const mismatch = checkSummaryIdentity(root, name);
    if (mismatch) throw new Exception(mismatch.code, info(mismatch));

    const sha = createHash('sha256').update(pkg.xml).digest('hex');
    const earlier = this.options.store.ticketForFile(name.base);
    // The same summary again (its answer was lost): the same ticket. Another file under that name: SUNAT 2324.
    if (earlier && earlier.xmlSha256 === sha) return this.ticketAnswer(earlier.ticket);
    const ticket = this.nextId();
    const id = `${name.tipo}-${name.date}-${name.correlative}`;
    const verdict = earlier ? this.summaryRejection('2324', name.base) : this.judgeSummary(pkg.xml, root, name, id);
    if (verdict.status !== 'rejected') this.applySummary(root, name, id);
    const cdrZip = signedCdrZip(
      {
        id: ticket,
        at: this.options.now(),
        receiverRuc: name.ruc,
        reference: id,
        code: verdict.code,
        description: verdict.description,
        notes: [],
      },
      this.options.signingKey,
      name.base,
      this.cdrSignature(),
    );
    this.options.store.putTicket({
      ticket,
      fileName: name.base,
      statusCode: verdict.status === 'rejected' ? '99' : '0',
      cdrZip,
      polls: 0,
      createdAt: this.options.now().toISOString(),
      xmlSha256: sha,
    });
    return this.ticketAnswer(ticket);
  }

  private ticketAnswer(ticket: string): SoapReply {
    return { status: 200, body: billServiceResponse('sendSummary', `<ticket>${ticket}</ticket>`) };
  }

  private summaryRejection(code: string, detail?: string): Verdict {
    return {
      code,
      description: `${sunatMessage(code)}${detail ? ` - Detalle: ${detail}` : ''}`,
      notes: [],
      status: 'rejected',
    };
  }

  /** XSD → signature → the RA/RC/RR rules; SUNAT validates summaries after issuing the ticket (status 99 + CDR). */
  private judgeSummary(xml: Buffer, root: XmlElement, name: SummaryName, id: string): Verdict {
    const schema = schemaPath(this.options.xsdDir, root.local, undefined)!;
    const xsd = validateXsd(xml, schema);
    if (!xsd.valid) return this.summaryRejection('0306', xsd.message);
    const signature = verifyXmlSignature(xml);
    if (!signature.valid) return this.rejection(normalizeSunatCode(signature.code), signature.reason);
    const ctx = this.summaryContext(name.ruc);
    const hit = SUMMARY_RULES[name.tipo](root, ctx);
    // SUNAT puts the rule's own words first ("Error en la linea: 1. Tasa del tributo faltante para código 1000.").
    if (hit) return this.summaryRejection(hit.code, `${hit.detail ? `${hit.detail}: ` : ''}${info(hit)}`);
    return { code: '0', description: names(name.tipo, id), notes: [], status: 'accepted' };
  }

  private summaryContext(ruc: string): SummaryRuleContext {
    const today = new Date(this.options.now().getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
    return {
      lookup: (tipo, serie, numero) => this.options.store.getDocument(documentKey(ruc, tipo, serie, numero)),
      today,
      voidWindowDays: this.options.voidWindowDays ?? 7,
    };
  }

  /** An accepted RA or RR voids its documents; an RC registers its boletas (1, 2) or voids them (3). */
  private applySummary(root: XmlElement, name: SummaryName, id: string): void {
    const store = this.options.store;
    const voids = name.tipo === 'RC' ? summaryLines(root).filter((l) => l.condition === '3') : [];
    const targets = name.tipo === 'RC' ? voids.map((l) => [l.tipo, l.serie, l.numero]) : voidedLines(root);
    for (const [tipo, serie, numero] of targets) {
      const doc = store.getDocument(documentKey(name.ruc, tipo, serie, numero));
      if (doc) store.putDocument({ ...doc, voidedBy: id });
    }
    if (name.tipo !== 'RC') return;
    const reference = deepText(childByLocal(root, 'ReferenceDate')).trim();
    for (const line of summaryLines(root)) {
      const key = documentKey(name.ruc, line.tipo, line.serie, line.numero);
      if (store.getDocument(key)) continue;
      store.putDocument({
        key,
        fileName: documentBaseName({ ruc: name.ruc, ...line }),
        ruc: name.ruc,
        tipo: line.tipo,
        serie: line.serie,
        numero: Number(line.numero),
        xmlSha256: '',
        status: 'accepted',
        code: '0',
        description: `Informado en ${id}`,
        notes: [],
        answeredWith: 'cdr',
        cdrZip: Buffer.alloc(0),
        registeredAt: this.options.now().toISOString(),
        issueDate: reference,
        voidedBy: line.condition === '3' ? id : undefined,
      });
    }
  }

  private ticketStatus(request: SoapRequest): SoapReply {
    this.authenticate(request);
    const ticket = this.options.store.getTicket(request.params.ticket ?? '');
    if (!ticket) {
      return {
        status: 200,
        body: billServiceResponse(
          'getStatus',
          `<status><statusCode>0127</statusCode><statusMessage>${escapeText(sunatMessage('0127'))}</statusMessage></status>`,
        ),
      };
    }
    const pendingUntil = Date.parse(ticket.createdAt) + (this.options.summaryPendingMs ?? 0);
    if (ticket.polls < this.options.summaryPendingPolls || this.options.now().getTime() < pendingUntil) {
      this.options.store.putTicket({ ...ticket, polls: ticket.polls + 1 });
      return { status: 200, body: billServiceResponse('getStatus', '<status><statusCode>98</statusCode></status>') };
    }
    return {
      status: 200,
      body: billServiceResponse(
        'getStatus',
        `<status><content>${ticket.cdrZip.toString('base64')}</content><statusCode>${ticket.statusCode}</statusCode></status>`,
      ),
    };
  }

  // Consult service -----------------------------------------------------------------------------------------------

  private consult(request: SoapRequest, withCdr: boolean): SoapReply {
    this.authenticate(request);
    const {
      rucComprobante: ruc = '',
      tipoComprobante: tipo = '',
      serieComprobante: serie = '',
      numeroComprobante: numero = '',
    } = request.params;
    const operation = withCdr ? 'getStatusCdr' : 'getStatus';
    const wrapper = withCdr ? 'statusCdr' : 'status';
    const status = (code: string, content?: Buffer) =>
      ({
        status: 200,
        body: consultServiceResponse(
          operation,
          `<${wrapper}>${content ? `<content>${content.toString('base64')}</content>` : ''}<statusCode>${code}</statusCode><statusMessage>${escapeText(consultStatusMessages[code] ?? sunatMessage(code))}</statusMessage></${wrapper}>`,
        ),
      }) satisfies SoapReply;

    // SUNAT's consult service answers for facturas and their notes only (0009, 0010).
    if (!['01', '07', '08'].includes(tipo)) return status('0009');
    if (!/^F/.test(serie)) return status('0010');
    if (!/^\d+$/.test(numero) || Number(numero) <= 0) return status('0007');
    const doc = this.options.store.getDocument(documentKey(ruc, tipo, serie, numero));
    if (!doc) return status('0011');
    if (withCdr) return status('0004', doc.cdrZip);
    if (doc.voidedBy) return status('0003');
    return status(doc.status === 'rejected' ? '0002' : '0001');
  }
}

/** Each summary's rules over what SUNAT registered (the XSD and the signature are checked before). */
const SUMMARY_RULES: Record<SummaryName['tipo'], (root: XmlElement, ctx: SummaryRuleContext) => RuleHit | undefined> = {
  RA: checkVoided,
  RC: checkSummary,
  RR: checkReversion,
};

/** The fast stand-in's verdict: accepted, as SUNAT words it. */
function accepted(name: DocumentName): Verdict {
  return { code: '0', description: names(name.tipo, `${name.serie}-${name.numero}`), notes: [], status: 'accepted' };
}

/** What the CDR repeats from the parsed document. */
function factsOf(root: XmlElement): DocumentFacts {
  return {
    recipient: recipientOf(root),
    documentHash: digestValueOf(root),
    issueDate: deepText(childByLocal(root, 'IssueDate')).trim() || undefined,
  };
}

/** The document's own ds:DigestValue (its enveloped signature's reference), when it carries one. */
function digestValueOf(root: XmlElement): string | undefined {
  const reference = childByLocal(findByLocal(root, 'SignedInfo'), 'Reference');
  const value = deepText(childByLocal(reference, 'DigestValue')).replace(/\s+/g, '');
  return value || undefined;
}

/** "6-20100070970": the customer's document type and number, as SUNAT's CDRs name the recipient. */
function recipientOf(root: XmlElement): string | undefined {
  const party = childByLocal(root, 'AccountingCustomerParty') ?? childByLocal(root, 'ReceiverParty');
  const id = childByLocal(childByLocal(childByLocal(party, 'Party') ?? party, 'PartyIdentification'), 'ID');
  if (!id) return undefined;
  const value = deepText(id).trim();
  const scheme = id.attrs.schemeID;
  return scheme ? `${scheme}-${value}` : value;
}

export { SUNAT_RUC };
