// The checks SUNAT makes on the envelope before reading the document: the zip's name, the zip,
// and the single XML inside it (0151–0161).
import {
  baseName,
  parseDocumentName,
  parseSummaryName,
  type DocumentName,
  type SummaryName,
} from '../sunat/document-name.ts';
import { readZipEntries } from '../sunat/zip.ts';
import { isBase64Text } from '../sunat/base64.ts';

export type PackageResult =
  | { ok: true; kind: 'document'; name: DocumentName; xml: Buffer }
  | { ok: true; kind: 'summary'; name: SummaryName; xml: Buffer }
  | { ok: false; code: string; detail?: string };

export function openPackage(
  fileName: string | undefined,
  contentFile: string | undefined,
  operation: 'sendBill' | 'sendSummary',
): PackageResult {
  const name = fileName ?? '';
  const summary = parseSummaryName(name);
  const document = parseDocumentName(name);
  if (!/\.zip$/i.test(name)) return { ok: false, code: '0151', detail: name };
  if (operation === 'sendBill' && summary) return { ok: false, code: '0152', detail: name }; // SUNAT 0152: summaries go by sendSummary
  if (operation === 'sendBill' && !document) return { ok: false, code: '0151', detail: name };
  if (operation === 'sendSummary' && !summary) return { ok: false, code: '0151', detail: name };

  const clean = (contentFile ?? '').replace(/\s+/g, '');
  if (!clean) return { ok: false, code: '0155' };
  if (!isBase64Text(clean)) return { ok: false, code: '0156', detail: 'contentFile no es base64' };
  const zip = Buffer.from(clean, 'base64');
  let entries: Map<string, Uint8Array>;
  try {
    entries = readZipEntries(zip);
  } catch (error) {
    return { ok: false, code: '0156', detail: error instanceof Error ? error.message : String(error) };
  }
  const files = [...entries.keys()].filter((n) => !n.endsWith('/'));
  if (files.length === 0) return { ok: false, code: '0155' };
  const xmlFiles = files.filter((n) => /\.xml$/i.test(n));
  if (xmlFiles.length === 0) return { ok: false, code: '0157', detail: files.join(', ') };
  if (xmlFiles.length > 1) return { ok: false, code: '0158', detail: xmlFiles.join(', ') };
  const entry = xmlFiles[0];
  const entryBase = entry.slice(entry.lastIndexOf('/') + 1);
  const entryName = operation === 'sendBill' ? parseDocumentName(entryBase) : parseSummaryName(entryBase);
  if (!entryName || !/\.xml$/.test(entryBase)) return { ok: false, code: '0159', detail: entryBase };
  const xml = Buffer.from(entries.get(entry)!);
  if (xml.length === 0) return { ok: false, code: '0160', detail: entryBase };
  if (baseName(entryBase) !== baseName(name)) return { ok: false, code: '0161', detail: `${entryBase} ≠ ${name}` };
  return operation === 'sendBill'
    ? { ok: true, kind: 'document', name: document!, xml }
    : { ok: true, kind: 'summary', name: summary!, xml };
}
