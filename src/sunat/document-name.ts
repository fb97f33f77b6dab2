// SUNAT file names: `{RUC}-{TT}-{SERIE}-{NUMERO}` for single documents, `{RUC}-{RC|RA|RR}-{YYYYMMDD}-{n}`
// for summaries; the zip and the XML inside carry the same base name, the CDR is `R-{base}`.

export interface DocumentName {
  /** The base name, without extension: "20000000001-01-F001-123". */
  base: string;
  ruc: string;
  /** Document type, catalog 01 ("01", "03", "07", "08", "20", "40"…). */
  tipo: string;
  serie: string;
  /** The number exactly as written in the name (SUNAT compares it with the text after "-" in cbc:ID). */
  numero: string;
}

export interface SummaryName {
  base: string;
  ruc: string;
  /** RC daily summary, RA voiding, RR reversals. */
  tipo: 'RC' | 'RA' | 'RR';
  date: string;
  correlative: string;
}

const DOCUMENT = /^(\d{11})-([0-9A-Z]{2})-([0-9A-Z]{4})-(\d{1,8})$/;
const SUMMARY = /^(\d{11})-(RC|RA|RR)-(\d{8})-(\d{1,5})$/;

/** Strips one ".zip"/".xml" extension (any case). */
export function baseName(fileName: string): string {
  return fileName.replace(/\.(zip|xml)$/i, '');
}

export function parseDocumentName(fileName: string): DocumentName | undefined {
  const base = baseName(fileName);
  const m = DOCUMENT.exec(base);
  return m ? { base, ruc: m[1], tipo: m[2], serie: m[3], numero: m[4] } : undefined;
}

export function parseSummaryName(fileName: string): SummaryName | undefined {
  const base = baseName(fileName);
  const m = SUMMARY.exec(base);
  return m ? { base, ruc: m[1], tipo: m[2] as SummaryName['tipo'], date: m[3], correlative: m[4] } : undefined;
}

export function documentBaseName(parts: { ruc: string; tipo: string; serie: string; numero: string | number }): string {
  return `${parts.ruc}-${parts.tipo}-${parts.serie}-${parts.numero}`;
}

/** "R-20000000001-01-F001-123.zip" for "20000000001-01-F001-123(.zip|.xml)". */
export function cdrZipName(fileName: string): string {
  return `R-${baseName(fileName)}.zip`;
}
