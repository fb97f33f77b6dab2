// Catalog 22 (perception regimes and their rates, SUNAT 2602/2603) and the related document types a perception
// may reference (SUNAT 2691).
export const PERCEPTION_REGIMES: Record<string, { percent: string; description: string }> = {
  '01': { percent: '2', description: 'Percepción venta interna' },
  '02': { percent: '1', description: 'Percepción a la adquisición de combustible' },
  '03': { percent: '0.5', description: 'Percepción realizada al agente de percepción con tasa especial' },
};

export const PERCEIVABLE_DOCUMENT_TYPES = ['01', '03', '07', '08', '12', '40', '41'] as const;
