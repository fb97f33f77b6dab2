// File names SUNAT expects: RUC-TT-SERIE-NUMERO (the number exactly as in cbc:ID, SUNAT 1034–1036), the ZIP
// with the same base name, and the CDR "R-" prefix.

export function documentId(series: string, number: number | string): string {
  return `${series}-${number}`;
}

/** `20123456789-01-F001-26` */
export function documentFilename(ruc: string, documentType: string, series: string, number: number | string): string {
  return `${ruc}-${documentType}-${series}-${number}`;
}

export function xmlFilename(base: string): string {
  return `${base}.xml`;
}

export function zipFilename(base: string): string {
  return `${base}.zip`;
}

/** CDR zip as SUNAT names it: `R-20123456789-01-F001-26.zip`. */
export function cdrFilename(base: string): string {
  return `R-${base}.zip`;
}
