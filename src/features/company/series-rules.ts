// Which series a company may create: the document types we issue and, per type, SUNAT's series format (the core's
// rule for 01/03/07/08; L### liquidaciones de compra, R### retentions and P### perceptions). A four-digit series is a physical contingency one.
import { checkSeries } from '../../core/invoice/rules/series.ts';
import type { ErrorItem } from '../../platform/errors.ts';

const OTHER_PATTERNS: Record<string, { re: RegExp; hint: string }> = {
  '04': { re: /^(L[A-Z0-9]{3}|\d{4})$/, hint: 'L + 3 caracteres (L001) o 4 dígitos de contingencia' },
  '20': { re: /^(R[A-Z0-9]{3}|\d{4})$/, hint: 'R + 3 caracteres (R001) o 4 dígitos de contingencia' },
  '40': { re: /^(P[A-Z0-9]{3}|\d{4})$/, hint: 'P + 3 caracteres (P001) o 4 dígitos de contingencia' },
  // Guías electrónicas: T### remitente, V### transportista (SUNAT 1001 for another series); no contingency series.
  '09': { re: /^T[A-Z0-9]{3}$/, hint: 'T + 3 caracteres (T001)' },
  '31': { re: /^V[A-Z0-9]{3}$/, hint: 'V + 3 caracteres (V001)' },
};

export const SERIES_DOCUMENT_TYPES = ['01', '03', '04', '07', '08', '09', '20', '31', '40'] as const;

/** The highest number a series may be set to (SUNAT's correlativo has at most 8 digits). */
export const MAX_SERIES_NUMBER = 99_999_999;

export function isContingencySeries(serie: string): boolean {
  return /^\d{4}$/.test(serie);
}

/** Problems of a new series' type, format and contingency flag (empty when valid). */
export function seriesProblems(documentType: string, serie: string, contingency: boolean | undefined): ErrorItem[] {
  const other = OTHER_PATTERNS[documentType];
  if (other && !other.re.test(serie)) {
    const message = `La serie "${serie}" no corresponde al tipo de comprobante ${documentType}: use ${other.hint}.`;
    return [{ path: 'serie', code: 'series_invalid', message }];
  }
  const findings = checkSeries(serie, documentType);
  const invalid = findings.issues.map((i) => ({ path: 'serie', code: i.code, message: i.message }));
  if (invalid.length) return invalid;
  if (contingency !== undefined && contingency !== isContingencySeries(serie)) {
    const message = contingency
      ? 'Una serie de contingencia tiene 4 dígitos (0001).'
      : `La serie ${serie} de 4 dígitos es de contingencia: envíe contingencia: true o use otra serie.`;
    return [{ path: 'contingencia', code: 'series_contingency_mismatch', message }];
  }
  return [];
}
