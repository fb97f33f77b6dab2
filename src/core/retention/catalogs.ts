// Catalog 23 (retention regimes and their rates, SUNAT 2618/2619) and the related document types a retention may
// reference (SUNAT 2692).
export const RETENTION_REGIMES: Record<string, { percent: string; description: string }> = {
  '01': { percent: '3', description: 'Tasa 3%' },
  '02': { percent: '6', description: 'Tasa 6%' },
};

/** SUNAT 2985: the 6 % rate only applies to documents issued up to 2014-02-28. */
export const SIX_PERCENT_LAST_DATE = '2014-02-28';

export const RETAINABLE_DOCUMENT_TYPES = ['01', '07', '08', '12', '20'] as const;
