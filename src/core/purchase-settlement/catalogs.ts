// The codes a liquidación de compra (04) admits, from SUNAT's validation rules for it (ValidaExprRegLiquidacion).

/** Catalog 51, the rows marked for the liquidación de compra (SUNAT 3205/3206): what kind of purchase it records. */
export const SETTLEMENT_OPERATIONS: Record<string, string> = {
  '0501': 'Compra interna',
  '0502': 'Anticipos',
  '0503': 'Compra de oro',
};

/** Catalog 60: where the operation happens — point of sale, production, extraction, exploitation or none (2457/2459). */
export const LOCATION_TYPES: Record<string, string> = {
  '01': 'Punto de venta',
  '02': 'Producción',
  '03': 'Extracción',
  '04': 'Explotación',
  '05': 'Ninguno',
};

/** The seller is a person without a RUC: DNI (1), carné de extranjería (4) or pasaporte (7). SUNAT 2800. */
export const SELLER_DOCUMENT_TYPES: Record<string, string> = {
  '1': 'DNI',
  '4': 'Carné de extranjería',
  '7': 'Pasaporte',
};

/** Rates of the income-tax retention (tributo 3000) SUNAT admits on a settlement line (4237): 1.5 % and 4 %. */
export const INCOME_TAX_RATES = ['1.5', '4'] as const;

/** The rate the buyer retains when the body names none: 1.5 %, the general one for these purchases. */
export const DEFAULT_INCOME_TAX_RATE = '1.5';

/** IGV affectations of a settlement line: taxed (10), exonerated (20), unaffected (30), all onerous. */
export const SETTLEMENT_AFFECTATIONS: Record<string, { scheme: '1000' | '9997' | '9998'; label: string }> = {
  '10': { scheme: '1000', label: 'Gravado - Operación onerosa' },
  '20': { scheme: '9997', label: 'Exonerado - Operación onerosa' },
  '30': { scheme: '9998', label: 'Inafecto - Operación onerosa' },
};

/** SUNAT's rules compute the settlement's IGV at 18 % (4290, 4310). */
export const SETTLEMENT_IGV_PERCENT = '18';
