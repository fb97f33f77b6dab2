// The logo a PDF may draw: the stored bytes are never trusted as they are (a logo stored before uploads were
// decoded, or written by hand, may be anything), so each distinct logo is normalized once per process, off the
// event loop, and remembered by its hash. An unreadable logo prints as no logo — every time, so a cached PDF and a
// re-rendered one stay identical; a logo that could not be read for want of time is this render's error instead
// (a PDF without its logo must not be stored as if it were the document's).
import { createHash } from 'node:crypto';
import { normalizeOffThread } from './off-thread.ts';

export class LogoUnavailableError extends Error {
  constructor(reason: string) {
    super(`the logo could not be checked now (${reason})`);
    this.name = 'LogoUnavailableError';
  }
}

const MAX_ENTRIES = 256;
const MAX_CHARS = 32 * 1024 * 1024;
/** base64 hash → the drawable logo (base64), or null: the stored one cannot be printed. */
const verified = new Map<string, string | null>();
let cachedChars = 0;

function remember(key: string, logo: string | null): void {
  verified.set(key, logo);
  cachedChars += logo?.length ?? 0;
  for (const [oldest, value] of verified) {
    if (verified.size <= MAX_ENTRIES && cachedChars <= MAX_CHARS) break;
    verified.delete(oldest);
    cachedChars -= value?.length ?? 0;
  }
}

/** The logo in the renderer's form (base64), or undefined when there is none or it cannot be printed. */
export async function verifiedLogo(base64: string | undefined): Promise<string | undefined> {
  if (!base64) return undefined;
  const key = createHash('sha256').update(base64).digest('base64');
  if (verified.has(key)) {
    const logo = verified.get(key)!;
    verified.delete(key);
    verified.set(key, logo); // most recently used last
    return logo ?? undefined;
  }
  const result = await normalizeOffThread(Buffer.from(base64, 'base64'));
  if (!result.ok && (result.problem.kind === 'timeout' || result.problem.kind === 'busy'))
    throw new LogoUnavailableError(result.problem.kind);
  const logo = result.ok ? result.image.bytes.toString('base64') : null;
  remember(key, logo);
  return logo ?? undefined;
}
