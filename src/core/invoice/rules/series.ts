// Series formats per document type (sunat.md §0, SUNAT 1001): F### facturas, B### boletas, F###/B###/S### notes,
// four digits for the physical "contingencia" series.
import { addIssue, newFindings, type Findings } from '../findings.ts';

const PATTERNS: Record<string, { re: RegExp; hint: string }> = {
  '01': { re: /^(F[A-Z0-9]{3}|\d{4})$/, hint: 'F + 3 caracteres (F001) o 4 dígitos de contingencia (0001)' },
  '03': { re: /^(B[A-Z0-9]{3}|\d{4})$/, hint: 'B + 3 caracteres (B001) o 4 dígitos de contingencia (0001)' },
  '07': {
    re: /^([FBS][A-Z0-9]{3}|\d{4})$/,
    hint: 'F### para notas de facturas (FC01), B### para notas de boletas (BC01) o 4 dígitos',
  },
  '08': {
    re: /^([FBS][A-Z0-9]{3}|\d{4})$/,
    hint: 'F### para notas de facturas (FD01), B### para notas de boletas (BD01) o 4 dígitos',
  },
};

export function seriesMatchesType(series: string, documentType: string): boolean {
  return PATTERNS[documentType]?.re.test(series) ?? false;
}

export function checkSeries(series: string, documentType: string): Findings {
  const f = newFindings();
  const p = PATTERNS[documentType];
  if (p && !p.re.test(series)) {
    addIssue(
      f,
      'serie_documento',
      'series_invalid',
      `La serie "${series}" no corresponde al tipo de comprobante ${documentType}: use ${p.hint} (SUNAT 1001).`,
      { sunatRule: '1001' },
    );
  }
  return f;
}
