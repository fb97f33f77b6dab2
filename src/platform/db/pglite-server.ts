// A PostgreSQL wire-protocol server in front of one PGlite instance, safe for many connections.
//
// Why not @electric-sql/pglite-socket's server: PGlite is ONE backend session. That server forwards each
// protocol message separately and only keeps other connections out during an explicit transaction block, so
// connection B's Parse/Bind/Execute can be split by connection A's statements (the unnamed prepared statement
// is shared) and B gets A's or an empty result. Reproduced here with a few pools of parameterised queries
// next to short transactions. This server keeps the session with one connection for a whole unit of work:
//   - a batch of messages up to Sync ('S') or a simple Query ('Q') runs in one go;
//   - after a batch, if the session is inside a transaction block (or an extended-protocol sequence that
//     has not reached Sync yet), only that connection may continue until it leaves it;
//   - a connection that disconnects while holding the session is rolled back.
// Other connections wait in arrival order. Session-level state (SET without LOCAL, advisory locks) is still
// shared by all connections — PGlite has one session — which is documented in docs/operations.md.
// With a password, a connection proves it with SCRAM-SHA-256 before its startup message reaches PGlite (which
// itself trusts everyone): a local process without the password gets PostgreSQL's 28P01 and is cut.
import type { PGlite } from '@electric-sql/pglite';
import { createServer, type Server, type Socket } from 'node:net';
import { type ScramExchange, ScramVerifier } from './scram.ts';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]); // 'S', length 4

/** Abandon a connection that holds the session idle for this long while others wait (default). */
const IDLE_IN_TRANSACTION_MS = 60_000;

interface Connection {
  id: number;
  socket: Socket;
  buffer: Buffer;
  started: boolean;
  /** Complete units of work waiting to run, in order. */
  batches: { data: Uint8Array; closesUnit: boolean }[];
  /** Messages received after the last batch boundary. */
  pending: Buffer[];
  closed: boolean;
  /** With a password: the startup message held back until the password is proven, and the exchange under way. */
  auth?: { startup: Uint8Array; exchange: ScramExchange | null };
}

function backendMessage(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}

const cstring = (s: string) => Buffer.from(`${s}\0`, 'utf8');

function authenticationFailed(): Buffer {
  const field = (code: string, value: string) => Buffer.concat([Buffer.from(code, 'latin1'), cstring(value)]);
  return backendMessage(
    'E',
    field('S', 'FATAL'),
    field('V', 'FATAL'),
    field('C', '28P01'),
    field('M', 'password authentication failed'),
    Buffer.from([0]),
  );
}

export interface PgliteServerOptions {
  host?: string;
  port?: number;
  maxConnections?: number;
  /** How long a connection may hold the session idle while others wait; default IDLE_IN_TRANSACTION_MS. */
  idleInTransactionMs?: number;
  /** Required of every connection (SCRAM-SHA-256) when set; without it every local connection is trusted. */
  password?: string;
}

export class PgliteWireServer {
  private server: Server | null = null;
  private readonly connections = new Set<Connection>();
  private readonly ready: Connection[] = [];
  /** The connection inside a transaction or an unfinished extended-protocol sequence. */
  private owner: Connection | null = null;
  private running = false;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly scram: ScramVerifier | null;
  port = 0;

  constructor(
    private readonly db: PGlite,
    private readonly options: PgliteServerOptions = {},
  ) {
    this.scram = options.password ? new ScramVerifier(options.password) : null;
  }

  async start(): Promise<number> {
    await this.db.waitReady;
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this.port;
  }

  async stop(): Promise<void> {
    for (const conn of this.connections) conn.socket.destroy();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    // Let a running batch finish before the caller closes the database.
    while (this.running) await new Promise((r) => setTimeout(r, 5));
  }

  private accept(socket: Socket): void {
    if (this.connections.size >= (this.options.maxConnections ?? 64)) {
      socket.end();
      return;
    }
    socket.setNoDelay(true);
    const conn: Connection = {
      id: this.nextId++,
      socket,
      buffer: Buffer.alloc(0),
      started: false,
      batches: [],
      pending: [],
      closed: false,
    };
    this.connections.add(conn);
    socket.on('data', (chunk) => this.receive(conn, chunk));
    socket.on('error', () => this.close(conn));
    socket.on('close', () => this.close(conn));
  }

  private receive(conn: Connection, chunk: Buffer): void {
    conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, chunk]) : chunk;
    let queued = false;
    for (;;) {
      if (!conn.started) {
        if (conn.buffer.length < 8) break;
        const length = conn.buffer.readInt32BE(0);
        if (conn.buffer.length < length) break;
        const code = conn.buffer.readInt32BE(4);
        const message = conn.buffer.subarray(0, length);
        conn.buffer = conn.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          conn.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          conn.socket.end();
          return;
        }
        conn.started = true;
        if (this.scram) {
          conn.auth = { startup: new Uint8Array(message), exchange: null };
          conn.socket.write(backendMessage('R', int32(10), cstring(ScramVerifier.MECHANISM), Buffer.from([0])));
          continue;
        }
        conn.batches.push({ data: new Uint8Array(message), closesUnit: true });
        queued = true;
        continue;
      }
      if (conn.buffer.length < 5) break;
      const length = conn.buffer.readInt32BE(1) + 1;
      if (conn.buffer.length < length) break;
      const type = conn.buffer[0];
      const message = conn.buffer.subarray(0, length);
      conn.buffer = conn.buffer.subarray(length);
      if (type === 0x58 /* X Terminate */) {
        conn.socket.end();
        return;
      }
      if (conn.auth) {
        if (!this.authenticate(conn, type, message.subarray(5))) return;
        if (!conn.auth) queued = true; // proven: the held startup message is queued for PGlite
        continue;
      }
      conn.pending.push(Buffer.from(message));
      // Sync and simple Query end a unit of work; Flush asks for output now but keeps the unit open.
      if (type === 0x53 || type === 0x51 || type === 0x48) {
        conn.batches.push({ data: new Uint8Array(Buffer.concat(conn.pending)), closesUnit: type !== 0x48 });
        conn.pending = [];
        queued = true;
      }
    }
    if (queued) {
      if (!this.ready.includes(conn)) this.ready.push(conn);
      void this.pump();
    }
  }

  /**
   * One step of SCRAM-SHA-256 (a 'p' message: SASLInitialResponse, then SASLResponse). False when the connection
   * was refused and cut; on success the held startup message becomes the connection's first batch.
   */
  private authenticate(conn: Connection, type: number, body: Buffer): boolean {
    const auth = conn.auth!;
    if (type === 0x70 /* p */ && !auth.exchange) {
      const nameEnd = body.indexOf(0);
      const mechanism = body.subarray(0, nameEnd).toString('latin1');
      const length = nameEnd >= 0 && body.length >= nameEnd + 5 ? body.readInt32BE(nameEnd + 1) : -1;
      if (mechanism === ScramVerifier.MECHANISM && length >= 0) {
        auth.exchange = this.scram!.start(body.subarray(nameEnd + 5, nameEnd + 5 + length).toString('utf8'));
        if (auth.exchange) {
          conn.socket.write(backendMessage('R', int32(11), Buffer.from(auth.exchange.serverFirst, 'utf8')));
          return true;
        }
      }
    } else if (type === 0x70 && auth.exchange) {
      const answer = auth.exchange.finish(body.toString('utf8'));
      if (answer) {
        conn.socket.write(backendMessage('R', int32(12), Buffer.from(answer, 'utf8')));
        conn.batches.push({ data: auth.startup, closesUnit: true });
        conn.auth = undefined;
        return true;
      }
    }
    conn.socket.end(authenticationFailed());
    this.close(conn);
    return false;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        let conn: Connection | undefined;
        if (this.owner) {
          if (this.owner.batches.length === 0) break; // the owner's next batch will wake us
          conn = this.owner;
        } else {
          conn = this.ready.find((c) => c.batches.length > 0);
          if (!conn) break;
        }
        const batch = conn.batches.shift()!;
        if (conn.batches.length === 0) this.ready.splice(this.ready.indexOf(conn), 1);
        const target = conn;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(batch.data, {
              onRawData: (data) => {
                if (!target.closed) target.socket.write(data);
              },
            }),
          );
        } catch {
          target.socket.destroy();
        }
        const holds = !target.closed && (this.db.isInTransaction() || !batch.closesUnit);
        this.owner = holds ? target : null;
        if (target.closed && (this.db.isInTransaction() || !batch.closesUnit)) await this.reset();
      }
    } finally {
      this.running = false;
      this.armIdleTimer();
    }
  }

  private armIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const owner = this.owner;
    if (!owner || !this.ready.some((c) => c !== owner)) return;
    this.idleTimer = setTimeout(() => {
      // Not while a batch runs, or waits for PGlite: the owner's own statement is work, not idleness (the pump
      // re-arms the timer when it ends).
      if (this.owner === owner && owner.batches.length === 0 && !this.running) owner.socket.destroy();
    }, this.options.idleInTransactionMs ?? IDLE_IN_TRANSACTION_MS);
    this.idleTimer.unref();
  }

  /** Ends whatever the departed owner left open, so the next connection starts clean. */
  private async reset(): Promise<void> {
    try {
      await this.db.runExclusive(() => this.db.execProtocolRawStream(SYNC, { onRawData: () => undefined }));
      // exec() takes PGlite's own lock: not inside runExclusive.
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    } catch {
      // nothing left to undo
    }
  }

  private close(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    this.connections.delete(conn);
    const index = this.ready.indexOf(conn);
    if (index !== -1) this.ready.splice(index, 1);
    conn.batches = [];
    if (this.owner === conn) {
      this.owner = null;
      if (this.running) return; // pump() resets after the batch in flight
      this.running = true;
      void this.reset().finally(() => {
        this.running = false;
        void this.pump();
      });
    }
  }
}
