// The company's logo as received (base64): PNG or JPEG by its magic bytes — not by what the client claims — and
// at most LOGO_MAX_BYTES once decoded, so a PDF never embeds a stranger file or a huge image.
import type { ErrorItem } from '../../platform/errors.ts';

export const LOGO_MAX_BYTES = 512 * 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** Accepts plain base64 or a data URL (data:image/png;base64,…); answers the bare base64 or the problem. */
export function checkLogo(input: string): { base64: string } | { problem: ErrorItem } {
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
  return { base64 };
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
