// What a WhatsApp message may carry, checked before anything is written: the destination number, Meta's Cloud API
// media limits, base64 content (decoded within its size) and media URLs (http(s), bounded, no credentials).
import { errors } from '../../platform/errors.ts';
import { normalizePhone } from '../../whatsapp/phone.ts';

/** Cloud API media limits (Meta's "Supported media types"). */
export const MEDIA_RULES: Record<string, { maxBytes: number; mimetypes: string[] }> = {
  image: { maxBytes: 5 * 1024 * 1024, mimetypes: ['image/jpeg', 'image/png'] },
  video: { maxBytes: 16 * 1024 * 1024, mimetypes: ['video/mp4', 'video/3gpp'] },
  audio: { maxBytes: 16 * 1024 * 1024, mimetypes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'] },
  document: {
    maxBytes: 100 * 1024 * 1024,
    mimetypes: [
      'application/pdf',
      'text/plain',
      'application/vnd.ms-excel',
      'application/msword',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
  },
};
/** What browsers and the Cloud API reliably take; a URL is a link, not a payload. */
export const MEDIA_URL_MAX_LENGTH = 2048;

export function validNumber(raw: string): string {
  const phone = normalizePhone(raw);
  if (!phone.ok)
    throw errors.unprocessable('phone_invalid', phone.message, [
      { path: 'number', code: 'phone_invalid', message: phone.message },
    ]);
  return phone.number;
}

export function decodeBase64(value: string, path: string, maxBytes: number): Buffer {
  const clean = value.replace(/^data:[^;]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || clean.length % 4 !== 0) {
    throw errors.unprocessable('file_invalid', 'El archivo no es base64 válido.', [
      { path, code: 'file_invalid', message: 'Base64 inválido.' },
    ]);
  }
  if ((clean.length / 4) * 3 > maxBytes + 2) {
    throw errors.unprocessable(
      'file_too_large',
      `El archivo supera el máximo de ${Math.round(maxBytes / 1024 / 1024)} MB.`,
      [{ path, code: 'file_too_large', message: 'Archivo demasiado grande.' }],
    );
  }
  return Buffer.from(clean, 'base64');
}

/** A PDF sent in base64 (`file`): decoded within the document limit, and a PDF indeed. */
export function decodePdf(base64: string): Buffer {
  const file = decodeBase64(base64, 'file', MEDIA_RULES.document.maxBytes);
  if (file.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw errors.unprocessable('file_invalid', 'El archivo no es un PDF.', [
      { path: 'file', code: 'file_invalid', message: 'Se esperaba un PDF (%PDF-).' },
    ]);
  }
  return file;
}

/** Media sent in base64: its MIME type one the Cloud API takes for its kind, its size within the kind's limit. */
export function decodeMedia(
  mediaType: string,
  media: string,
  mimetype: string | undefined,
): { file: Buffer; mimetype: string } {
  const rule = MEDIA_RULES[mediaType];
  if (!mimetype || !rule.mimetypes.includes(mimetype.toLowerCase())) {
    throw errors.unprocessable(
      'media_type_unsupported',
      `Tipo MIME no admitido para ${mediaType}: use ${rule.mimetypes.join(', ')}.`,
      [{ path: 'mimetype', code: 'media_type_unsupported', message: 'Tipo MIME no admitido.' }],
    );
  }
  return { file: decodeBase64(media, 'media', rule.maxBytes), mimetype: mimetype.toLowerCase() };
}

/**
 * The media's URL when `media` is one (base64 has no `:`; a `data:` URL is base64 content), else null. Only http(s),
 * at most MEDIA_URL_MAX_LENGTH characters, no credentials.
 */
export function mediaUrlOf(media: string): string | null {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(media) || /^data:/i.test(media)) return null;
  const refuse = (message: string) =>
    errors.unprocessable('media_url_invalid', message, [{ path: 'media', code: 'media_url_invalid', message }]);
  if (media.length > MEDIA_URL_MAX_LENGTH)
    throw refuse(`La URL del medio supera los ${MEDIA_URL_MAX_LENGTH} caracteres.`);
  let url: URL;
  try {
    url = new URL(media);
  } catch {
    throw refuse('La URL del medio no es válida.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refuse('La URL del medio debe empezar con http:// o https://.');
  if (url.username || url.password) throw refuse('La URL del medio no debe llevar usuario ni contraseña.');
  // Normalising escapes characters: the stored form must respect the cap too.
  if (url.href.length > MEDIA_URL_MAX_LENGTH)
    throw refuse(`La URL del medio supera los ${MEDIA_URL_MAX_LENGTH} caracteres.`);
  return url.href;
}
