// Base64 as SOAP carries it (SUNAT's contentFile, applicationResponse and content): the standard alphabet, line
// breaks and spaces allowed between characters, at most two `=` at the very end. Node's decoder skips what it does
// not know and also reads the URL-safe alphabet, so the text is checked before it is decoded.

/** Any character outside the alphabet and the padding. */
const FOREIGN = /[^A-Za-z0-9+/=]/;
const WHITESPACE = /\s+/g;
const PAD = 0x3d; // =

/**
 * Whether `text` (whitespace already removed) is base64: the alphabet, then at most two `=`. The same language as
 * `/^[A-Za-z0-9+/]*={0,2}$/`, checked as a search for one foreign character (a negated class V8 scans natively)
 * plus a look at the padding: that anchored pattern took ~29 µs on 4.7 kB of CDR zip, this ~4.7 µs.
 */
export function isBase64Text(text: string): boolean {
  return !FOREIGN.test(text) && paddedAtTheEnd(text);
}

/** At most two `=`, and only at the very end. */
function paddedAtTheEnd(text: string): boolean {
  const pad = text.indexOf('=');
  if (pad < 0) return true;
  const last = text.length - 1;
  return pad === last || (pad === last - 1 && text.charCodeAt(last) === PAD);
}

/** The bytes of a base64 text, whitespace ignored; undefined when it is empty or not base64. */
export function decodeBase64Text(text: string): Buffer | undefined {
  // SUNAT's answers carry their base64 on one line: one scan finds nothing foreign, and no copy without whitespace
  // is made, nor a second scan of it (each a full pass over the CDR zip's ~4 kB).
  let clean = text;
  if (FOREIGN.test(clean)) {
    clean = clean.replace(WHITESPACE, '');
    if (FOREIGN.test(clean)) return undefined;
  }
  if (!clean || !paddedAtTheEnd(clean)) return undefined;
  return Buffer.from(clean, 'base64');
}
