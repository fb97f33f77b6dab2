// The server's side of SCRAM-SHA-256 (RFC 5802 / RFC 7677), the password exchange PostgreSQL and node-postgres use:
// the password never crosses the socket, and the client checks that the server knows it too. The salted password
// is derived once per verifier (PBKDF2, 4096 rounds as PostgreSQL's default), so a connection costs a few HMACs.
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

const ITERATIONS = 4096;

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

function attributes(message: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of message.split(',')) {
    const eq = part.indexOf('=');
    if (eq === 1) map.set(part[0], part.slice(2));
  }
  return map;
}

export interface ScramExchange {
  /** server-first-message, sent in AuthenticationSASLContinue. */
  serverFirst: string;
  /** Checks client-final-message: server-final-message ("v=…") when the proof holds, null otherwise. */
  finish(clientFinal: string): string | null;
}

export class ScramVerifier {
  static readonly MECHANISM = 'SCRAM-SHA-256';
  private readonly salt = randomBytes(16);
  private readonly storedKey: Buffer;
  private readonly serverKey: Buffer;

  constructor(password: string) {
    const salted = pbkdf2Sync(password.normalize('NFKC'), this.salt, ITERATIONS, 32, 'sha256');
    this.storedKey = sha256(hmac(salted, 'Client Key'));
    this.serverKey = hmac(salted, 'Server Key');
  }

  /** Answers client-first-message ("n,,n=user,r=nonce"); null when it is not one. */
  start(clientFirst: string): ScramExchange | null {
    const header = /^([ny]),(?:a=[^,]*)?,/.exec(clientFirst);
    if (!header) return null;
    const gs2Header = header[0];
    const clientFirstBare = clientFirst.slice(gs2Header.length);
    const clientNonce = attributes(clientFirstBare).get('r');
    if (!clientNonce) return null;
    const nonce = clientNonce + randomBytes(18).toString('base64');
    const serverFirst = `r=${nonce},s=${this.salt.toString('base64')},i=${ITERATIONS}`;
    return {
      serverFirst,
      finish: (clientFinal) => {
        const proofAt = clientFinal.lastIndexOf(',p=');
        if (proofAt < 0) return null;
        const withoutProof = clientFinal.slice(0, proofAt);
        const final = attributes(clientFinal);
        if (final.get('r') !== nonce || final.get('c') !== Buffer.from(gs2Header).toString('base64')) return null;
        const proof = Buffer.from(final.get('p') ?? '', 'base64');
        const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
        const signature = hmac(this.storedKey, authMessage);
        if (proof.length !== signature.length) return null;
        const clientKey = Buffer.from(proof.map((b, i) => b ^ signature[i]));
        if (!timingSafeEqual(sha256(clientKey), this.storedKey)) return null;
        return `v=${hmac(this.serverKey, authMessage).toString('base64')}`;
      },
    };
  }
}
