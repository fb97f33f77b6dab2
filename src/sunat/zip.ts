// Zip packing for SUNAT: a document travels as the only entry of `{base}.zip` named `{base}.xml`;
// the CDR comes back as `R-{base}.zip`. Real CDR zips are untidy — a `dummy` entry or directory, a zip nested in
// the zip — so the reader takes the first `.xml` entry it finds (greenter's rule), unwrapping nested zips.
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

/** Zips one XML document as `{base}.xml` (the file name may carry .zip/.xml or none). */
export function zipDocument(fileName: string, xml: string | Uint8Array): Buffer {
  const entry = `${baseName(fileName)}.xml`;
  const data = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  return Buffer.from(zipSync({ [entry]: [data, { level: 6, mtime: MTIME }] }));
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
