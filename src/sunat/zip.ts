// Zip packing for SUNAT: a document travels as the only entry of `{base}.zip` named `{base}.xml`;
// the CDR comes back as `R-{base}.zip`. Real CDR zips are untidy — a `dummy` entry or directory, a zip nested in
// the zip — so the reader takes the first `.xml` entry it finds (greenter's rule), unwrapping nested zips.
import { crc32, deflateRawSync } from 'node:zlib';
import { unzipSync, zipSync, type Unzipped } from 'fflate';
import { baseName } from './document-name.ts';

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

// Fixed entry timestamps keep the zip a pure function of its content (the same document zips to the same bytes).
const MTIME = new Date(Date.UTC(2000, 0, 1));

/**
 * Zips one XML document as `{base}.xml` (the file name may carry .zip/.xml or none). Written here around zlib's
 * native raw deflate: fflate's JavaScript deflate cost several times more CPU, once per document sent.
 */
export function zipDocument(fileName: string, xml: string | Uint8Array): Buffer {
  const name = Buffer.from(`${baseName(fileName)}.xml`, 'utf8');
  const data = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  const packed = deflateRawSync(data, { level: 6 });
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  writeEntryFields(local, 4, crc, packed.length, data.length, name.length);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // made by: version 2.0
  writeEntryFields(central, 6, crc, packed.length, data.length, name.length);
  // extra, comment, disk, internal and external attributes and the local header's offset (0) stay zero.
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8); // entries on this disk
  end.writeUInt16LE(1, 10); // entries
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + packed.length, 16);
  return Buffer.concat([local, name, packed, central, name, end]);
}

/** DOS date of MTIME (2000-01-01, time 00:00:00): year-1980 << 9 | month << 5 | day. */
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

/** The fields local and central headers share, from "version needed" to the name's length. */
function writeEntryFields(out: Buffer, at: number, crc: number, packed: number, size: number, nameLength: number) {
  out.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
  out.writeUInt16LE(0, at + 2); // flags: none (names are ASCII)
  out.writeUInt16LE(8, at + 4); // deflate
  out.writeUInt16LE(0, at + 6); // time
  out.writeUInt16LE(DOS_DATE, at + 8);
  out.writeUInt32LE(crc >>> 0, at + 10);
  out.writeUInt32LE(packed, at + 14);
  out.writeUInt32LE(size, at + 18);
  out.writeUInt16LE(nameLength, at + 22);
}

/** Zips several entries as given (the simulator's CDR zips, test fixtures with extra entries). */
export function zipEntries(entries: Record<string, string | Uint8Array>): Buffer {
  const files: Record<string, [Uint8Array, { level: 6; mtime: Date }]> = {};
  for (const [name, data] of Object.entries(entries)) {
    files[name] = [typeof data === 'string' ? Buffer.from(data, 'utf8') : data, { level: 6, mtime: MTIME }];
  }
  return Buffer.from(zipSync(files));
}

/** All entries of a zip; throws ZipError when the bytes are not a readable zip. */
export function readZip(zip: Uint8Array): Unzipped {
  try {
    return unzipSync(zip);
  } catch (error) {
    throw new ZipError(`El archivo ZIP está corrupto: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function isXmlEntry(name: string): boolean {
  return !name.endsWith('/') && /\.xml$/i.test(name) && !/(^|\/)__MACOSX\//.test(name);
}

/**
 * The CDR inside SUNAT's answer: the first `.xml` entry (preferring one named `R-…`), looking inside nested zips.
 * `name` is the entry name without directories.
 */
export function unzipCdr(zip: Uint8Array, depth = 0): { name: string; xml: Buffer } {
  const entries = readZip(zip);
  const names = Object.keys(entries);
  const xmlNames = names.filter(isXmlEntry);
  const preferred = xmlNames.find((n) => /(^|\/)R-[^/]*\.xml$/i.test(n)) ?? xmlNames[0];
  if (preferred !== undefined && entries[preferred].length > 0) {
    return { name: preferred.slice(preferred.lastIndexOf('/') + 1), xml: Buffer.from(entries[preferred]) };
  }
  if (depth < 2) {
    for (const name of names.filter((n) => /\.zip$/i.test(n))) {
      try {
        return unzipCdr(entries[name], depth + 1);
      } catch {
        // not the one: keep looking
      }
    }
  }
  throw new ZipError(`El ZIP del CDR no contiene un XML (entradas: ${names.join(', ') || 'ninguna'}).`);
}
