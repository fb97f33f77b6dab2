// Zip packing for SUNAT: a document travels as the only entry of `{base}.zip` named `{base}.xml`;
// the CDR comes back as `R-{base}.zip`. Real CDR zips are untidy — a `dummy` entry or directory, a zip nested in
// the zip — so the reader takes the first `.xml` entry it finds (greenter's rule), unwrapping nested zips.
import { crc32 } from 'node:zlib';
import { unzipSync } from 'fflate';
import { baseName } from './document-name.ts';
import { deflateRaw, inflateRawExact } from './zlib-engine.ts';

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

/**
 * Zips one XML document as `{base}.xml` (the file name may carry .zip/.xml or none). Written here around zlib's
 * native raw deflate (zlib-engine.ts): fflate's JavaScript deflate cost several times more CPU, once per document
 * sent.
 */
export function zipDocument(fileName: string, xml: string | Uint8Array): Buffer {
  return zipEntries([[`${baseName(fileName)}.xml`, xml]]);
}

/**
 * Every entry's timestamp, fixed (2000-01-01 00:00:00): a zip says nothing of when it was made. (Its deflated bytes
 * may still differ from one making to the next: zlib-engine.ts.) DOS date: year-1980 << 9 | month << 5 | day.
 */
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

/** The fields local and central headers share, from "version needed" to the name's length. */
function writeEntryFields(out: Buffer, at: number, entry: PackedEntry) {
  out.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
  out.writeUInt16LE(0, at + 2); // flags: none (names are ASCII)
  out.writeUInt16LE(entry.method, at + 4); // 8 deflate, 0 stored (directories, empty files)
  out.writeUInt16LE(0, at + 6); // time
  out.writeUInt16LE(DOS_DATE, at + 8);
  out.writeUInt32LE(entry.crc >>> 0, at + 10);
  out.writeUInt32LE(entry.packed.length, at + 14);
  out.writeUInt32LE(entry.size, at + 18);
  out.writeUInt16LE(entry.name.length, at + 22);
}

interface PackedEntry {
  name: Buffer;
  method: 0 | 8;
  crc: number;
  size: number;
  packed: Uint8Array;
}

function packEntry(name: string, content: string | Uint8Array): PackedEntry {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const empty = data.length === 0;
  return {
    name: Buffer.from(name, 'utf8'),
    method: empty ? 0 : 8,
    crc: crc32(data),
    size: data.length,
    packed: empty ? data : deflateRaw(data),
  };
}

/**
 * Entries as name–content pairs. The hot paths pass these rather than an object: an object literal keyed by a
 * document's file name gives V8 a new hidden class per document (~1–2 µs each, and a transition to clear later).
 */
export type ZipEntryList = ReadonlyArray<readonly [string, string | Uint8Array]>;

/**
 * Zips entries as given, in order (a name ending in "/" is a directory): the document we send, the simulator's
 * CDR zips (a `dummy/` entry like SUNAT's), fixtures. zlib's native deflate, fixed timestamps.
 */
export function zipEntries(entries: Record<string, string | Uint8Array> | ZipEntryList): Buffer {
  const parts: Uint8Array[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Array.isArray(entries) ? entries : Object.entries(entries)) {
    const entry = packEntry(name, content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: version 2.0
    writeEntryFields(central, 6, entry);
    // extra, comment, disk and internal attributes stay zero; directories carry MS-DOS's directory attribute.
    if (name.endsWith('/')) central.writeUInt32LE(0x10, 38);
    central.writeUInt32LE(offset, 42);
    parts.push(local, entry.name, entry.packed);
    centrals.push(central, entry.name);
    offset += local.length + entry.name.length + entry.packed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const count = centrals.length / 2;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8); // entries on this disk
  end.writeUInt16LE(count, 10); // entries
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...centrals, end]);
}

/**
 * The entries of an ordinary zip read with zlib's native inflate: one central directory, entries stored or
 * deflated, no zip64, no encryption. Anything else is null and goes to fflate's reader, which knows more forms
 * (and costs several times the CPU: it ran on every CDR we read and every document the simulator received).
 */
function readPlainZip(zip: Uint8Array): Map<string, Uint8Array> | null {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = buf.lastIndexOf(END_SIGNATURE);
  if (end < 0 || end + 22 > buf.length) return null;
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) return null; // zip64
  const entries = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return null;
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const packedSize = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const skip = nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    if ((flags & 1) !== 0 || (method !== 0 && method !== 8) || packedSize === 0xffffffff || size === 0xffffffff)
      return null;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) return null;
    const name = buf.toString((flags & 0x800) !== 0 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + packedSize > buf.length) return null;
    const packed = buf.subarray(start, start + packedSize);
    const data = method === 0 ? packed : inflateRawExact(packed, size);
    if (data.length !== size || crc32(data) >>> 0 !== buf.readUInt32LE(at + 16)) return null;
    entries.set(name, new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength));
    at += 46 + skip;
  }
  return entries;
}

const END_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** All entries of a zip by name, in the zip's order (a name met twice keeps its last content); throws ZipError when
 *  the bytes are not a readable zip. */
export function readZipEntries(zip: Uint8Array): Map<string, Uint8Array> {
  try {
    return readPlainZip(zip) ?? new Map(Object.entries(unzipSync(zip)));
  } catch (error) {
    throw new ZipError(`El archivo ZIP está corrupto: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** All entries of a zip as an object (readZipEntries); throws ZipError when the bytes are not a readable zip. */
export function readZip(zip: Uint8Array): Record<string, Uint8Array> {
  return Object.fromEntries(readZipEntries(zip));
}

function isXmlEntry(name: string): boolean {
  return !name.endsWith('/') && /\.xml$/i.test(name) && !/(^|\/)__MACOSX\//.test(name);
}

/**
 * The CDR inside SUNAT's answer: the first `.xml` entry (preferring one named `R-…`), looking inside nested zips.
 * `name` is the entry name without directories.
 */
export function unzipCdr(zip: Uint8Array, depth = 0): { name: string; xml: Buffer } {
  const entries = readZipEntries(zip);
  const names = [...entries.keys()];
  const xmlNames = names.filter(isXmlEntry);
  const preferred = xmlNames.find((n) => /(^|\/)R-[^/]*\.xml$/i.test(n)) ?? xmlNames[0];
  const xml = preferred === undefined ? undefined : entries.get(preferred);
  if (preferred !== undefined && xml && xml.length > 0) {
    return { name: preferred.slice(preferred.lastIndexOf('/') + 1), xml: Buffer.from(xml) };
  }
  if (depth < 2) {
    for (const name of names.filter((n) => /\.zip$/i.test(n))) {
      try {
        return unzipCdr(entries.get(name)!, depth + 1);
      } catch {
        // not the one: keep looking
      }
    }
  }
  throw new ZipError(`El ZIP del CDR no contiene un XML (entradas: ${names.join(', ') || 'ninguna'}).`);
}
