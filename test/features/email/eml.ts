// Reading the .eml files the fake SMTP server writes, enough for the tests: headers (RFC 2047 words decoded) and
// the attachments of every MIME part that names a file.
import { readFile } from 'node:fs/promises';

export interface Eml {
  raw: string;
  header(name: string): string | null;
  attachments: Map<string, Buffer>;
  /** The decoded text of the parts that are not files (text and HTML). */
  bodies: string[];
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function headersOf(block: string): Map<string, string> {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const map = new Map<string, string>();
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) map.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return map;
}

function decodeBody(headers: Map<string, string>, body: string): Buffer {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    return Buffer.from(
      soft.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    );
  }
  return Buffer.from(body, 'utf8');
}

export function parseEml(raw: string): Eml {
  const [head] = raw.split(/\r?\n\r?\n/);
  const top = headersOf(head);
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]);
  const attachments = new Map<string, Buffer>();
  const bodies: string[] = [];
  const escaped = boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = escaped.length ? raw.split(new RegExp(`--(?:${escaped.join('|')})(?:--)?`)) : [];
  for (const part of parts.slice(1)) {
    const split = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const headers = headersOf(split[0]);
    const body = split.slice(1).join('\r\n\r\n');
    if (headers.get('content-type')?.startsWith('multipart/')) continue;
    const name = /filename="?([^";]+)"?/.exec(headers.get('content-disposition') ?? '')?.[1];
    if (name) attachments.set(decodeWords(name), decodeBody(headers, body));
    else if (headers.has('content-type')) bodies.push(decodeBody(headers, body).toString('utf8'));
  }
  return {
    raw,
    header: (name) => (top.has(name.toLowerCase()) ? decodeWords(top.get(name.toLowerCase())!) : null),
    attachments,
    bodies,
  };
}

export async function readEml(path: string): Promise<Eml> {
  return parseEml(await readFile(path, 'utf8'));
}
