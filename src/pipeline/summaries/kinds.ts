// The summaries sent by sendSummary: comunicación de baja (RA), resumen diario (RC) and resumen de reversiones (RR,
// of perception and retention vouchers). One table, one counter per kind and day, one ticket job for all three.
export type SummaryKind = 'RA' | 'RC' | 'RR';
