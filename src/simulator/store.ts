// What the simulator remembers: the documents it registered (with the CDR it answered), the receipts per file name
// (the reliability drills count them) and summary tickets. In memory by default; `createFileStore` appends every
// change to a JSON-lines file and replays it on start, so a simulator restarted mid-drill still knows what it
// registered and how often each document arrived.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export type RegisteredStatus = 'accepted' | 'observed' | 'rejected';

export interface StoredDocument {
  /** `{ruc}-{tipo}-{serie}-{numero as integer}`: one document per number, as SUNAT keys them. */
  key: string;
  /** Base file name as received ("20000000001-01-F001-123"). */
  fileName: string;
  ruc: string;
  tipo: string;
  serie: string;
  numero: number;
  /** sha256 of the XML bytes: an identical resend gets the stored answer, a different one 1033/1032. */
  xmlSha256: string;
  status: RegisteredStatus;
  code: string;
  description: string;
  notes: string[];
  /** How the sendBill was answered: the CDR, or (rejections in beta style) a SOAP fault. */
  answeredWith: 'cdr' | 'fault';
  cdrZip: Buffer;
  registeredAt: string;
  /** cbc:IssueDate (the RA's window and its ReferenceDate are checked against it). */
  issueDate?: string;
  /** "6-20100070970": the customer, as the CDR names it (the consulta de validez tells a third party so). */
  recipient?: string;
  /** The accepted RA/RC that voided it ("RA-20250120-1"): consult answers 0003, another void 2323. */
  voidedBy?: string;
}

export interface StoredTicket {
  ticket: string;
  fileName: string;
  statusCode: '0' | '99';
  cdrZip: Buffer;
  polls: number;
  createdAt: string;
  /** sha256 of the summary XML: the same file sent again gets the same ticket (a lost answer, resent). */
  xmlSha256?: string;
  /** A dispatch guide's 99 without a CDR (a file SUNAT could not read, 1033): SUNAT's error. */
  error?: { code: string; message: string };
}

export interface ReceiptCount {
  count: number;
  first: string;
  last: string;
}

export interface SimulatorStore {
  getDocument(key: string): StoredDocument | undefined;
  putDocument(doc: StoredDocument): void;
  documents(): StoredDocument[];
  recordReceipt(fileName: string, at: Date): void;
  receipts(): ReadonlyMap<string, ReceiptCount>;
  getTicket(ticket: string): StoredTicket | undefined;
  putTicket(ticket: StoredTicket): void;
  /** The ticket issued for a summary file name, if any. */
  ticketForFile(fileName: string): StoredTicket | undefined;
  clear(): void;
  /** Releases what the store holds open (the file store's descriptor); a later change opens it again. */
  close?(): void;
}

export function documentKey(ruc: string, tipo: string, serie: string, numero: string | number): string {
  return `${ruc}-${tipo}-${serie}-${Number(numero)}`;
}

export function createMemoryStore(): SimulatorStore {
  const docs = new Map<string, StoredDocument>();
  const receipts = new Map<string, ReceiptCount>();
  const tickets = new Map<string, StoredTicket>();
  return {
    getDocument: (key) => docs.get(key),
    putDocument: (doc) => void docs.set(doc.key, doc),
    documents: () => [...docs.values()],
    recordReceipt(fileName, at) {
      const iso = at.toISOString();
      const current = receipts.get(fileName);
      receipts.set(
        fileName,
        current ? { count: current.count + 1, first: current.first, last: iso } : { count: 1, first: iso, last: iso },
      );
    },
    receipts: () => receipts,
    getTicket: (ticket) => tickets.get(ticket),
    putTicket: (ticket) => void tickets.set(ticket.ticket, ticket),
    ticketForFile: (fileName) => [...tickets.values()].find((t) => t.fileName === fileName),
    clear() {
      docs.clear();
      receipts.clear();
      tickets.clear();
    },
  };
}

type Line =
  | { type: 'document'; doc: Omit<StoredDocument, 'cdrZip'> & { cdrZip: string } }
  | { type: 'receipt'; fileName: string; at: string }
  | { type: 'ticket'; ticket: Omit<StoredTicket, 'cdrZip'> & { cdrZip: string } }
  | { type: 'clear' };

/** A store that survives restarts: every change is one appended JSON line. */
export function createFileStore(path: string): SimulatorStore {
  const memory = createMemoryStore();
  if (existsSync(path)) {
    for (const raw of readFileSync(path, 'utf8').split('\n')) {
      if (!raw.trim()) continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        continue; // a torn last line after a crash
      }
      if (line.type === 'document') memory.putDocument({ ...line.doc, cdrZip: Buffer.from(line.doc.cdrZip, 'base64') });
      else if (line.type === 'receipt') memory.recordReceipt(line.fileName, new Date(line.at));
      else if (line.type === 'ticket')
        memory.putTicket({ ...line.ticket, cdrZip: Buffer.from(line.ticket.cdrZip, 'base64') });
      else if (line.type === 'clear') memory.clear();
    }
  } else {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '');
  }
  // One descriptor opened for appending and kept: appendFileSync(path) opens and closes the file on every line, two
  // lines per document received (~5 % of the fast stand-in's profile under the bench's load). Closed with the
  // simulator's server (close), opened again by a later append.
  let fd = -1;
  const append = (line: Line) => {
    if (fd < 0) fd = openSync(path, 'a');
    writeSync(fd, `${JSON.stringify(line)}\n`);
  };
  return {
    ...memory,
    putDocument(doc) {
      memory.putDocument(doc);
      append({ type: 'document', doc: { ...doc, cdrZip: doc.cdrZip.toString('base64') } });
    },
    recordReceipt(fileName, at) {
      memory.recordReceipt(fileName, at);
      append({ type: 'receipt', fileName, at: at.toISOString() });
    },
    putTicket(ticket) {
      memory.putTicket(ticket);
      append({ type: 'ticket', ticket: { ...ticket, cdrZip: ticket.cdrZip.toString('base64') } });
    },
    clear() {
      memory.clear();
      append({ type: 'clear' });
    },
    close() {
      if (fd < 0) return;
      closeSync(fd);
      fd = -1;
    },
  };
}
