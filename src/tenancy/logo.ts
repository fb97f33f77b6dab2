// The company's logo as received (base64 or a data URL): at most LOGO_MAX_BYTES, then decoded in full off the
// event loop and stored in the renderer's form (src/render/image/normalize.ts: declared size checked before any
// pixel is decoded, at most 12 megapixels; re-encoded as an opaque PNG, or JPEG, of at most 800 pixels a side).
// What cannot be decoded is refused here, at upload, naming the field: a PDF never meets it.
import type { ErrorItem } from '../platform/errors.ts';
import { type ImageProblemKind, normalizeOffThread } from '../render/index.ts';

export const LOGO_MAX_BYTES = 512 * 1024;
/** Uploads waiting for the image thread beyond which the next one is answered 503 (try again). */
const MAX_WAITING_UPLOADS = 4;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export type LogoCheck = { base64: string } | { problem: ErrorItem } | { busy: true };

const CODES: Record<ImageProblemKind, string> = {
  not_png_or_jpeg: 'logo_invalid',
  corrupt: 'logo_unreadable',
  too_many_pixels: 'logo_too_many_pixels',
  timeout: 'logo_unreadable',
  busy: 'logo_unreadable',
};

/** Accepts plain base64 or a data URL (data:image/png;base64,…); answers the logo to store or the problem. */
export async function checkLogo(input: string): Promise<LogoCheck> {
  const base64 = input.replace(/^data:image\/[a-z]+;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) {
    return { problem: logoProblem('logo_invalid', 'El logo no es un base64 válido.') };
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) {
    const message = `El logo pesa ${Math.ceil(bytes.length / 1024)} KB: el máximo es ${LOGO_MAX_BYTES / 1024} KB.`;
    return { problem: logoProblem('logo_too_large', message) };
  }
  if (!startsWith(bytes, PNG) && !startsWith(bytes, JPEG)) {
    return { problem: logoProblem('logo_invalid', 'El logo debe ser una imagen PNG o JPEG.') };
  }
  const result = await normalizeOffThread(bytes, { maxWaiting: MAX_WAITING_UPLOADS });
  if (result.ok) return { base64: result.image.bytes.toString('base64') };
  if (result.problem.kind === 'busy') return { busy: true };
  const message = `El logo no se puede usar: ${result.problem.detail}.`;
  return { problem: logoProblem(CODES[result.problem.kind], message) };
}

/** The stored logo's type by its bytes (e-mail shows it inline); null when it is neither PNG nor JPEG. */
export function logoMimeType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  return startsWith(bytes, JPEG) ? 'image/jpeg' : null;
}

function startsWith(bytes: Buffer, magic: Buffer): boolean {
  return bytes.length > magic.length && bytes.subarray(0, magic.length).equals(magic);
}

function logoProblem(code: string, message: string): ErrorItem {
  return { path: 'logo', code, message };
}
