// The IGV rates (IGV + IPM, as written in cbc:Percent) a document may carry, by its issue date: one dated table,
// each row with its legal source. SUNAT 3462 ("La tasa del IGV debe ser la misma en todas las líneas o ítems del
// documento y debe corresponder con una tasa vigente", PAS20221U210700304) rejects a document whose taxed lines mix
// rates or carry one not in force. docs/sunat-changes.md lists the same rows for users.
import { Decimal } from './money.ts';

export interface IgvRatePeriod {
  /** First day the row applies (YYYY-MM-DD, the document's issue date). */
  from: string;
  /** Last day, inclusive; absent on the newest row. */
  to?: string;
  /** The rates in force, general rate first (percent, canonical: '18', '10.5'). */
  rates: readonly string[];
  /**
   * The special rate of Ley 31556 is not encoded for this period (no official text found): a document with one
   * rate other than the general one is accepted with a warning instead of refused.
   */
  reducedUnverified?: boolean;
  /** The legal source of the row. */
  source: string;
}

export const IGV_RATE_PERIODS: readonly IgvRatePeriod[] = [
  {
    from: '0001-01-01',
    to: '2022-08-31',
    rates: ['18'],
    source:
      'TUO de la Ley del IGV (D.S. 055-99-EF) art. 17, 16 % desde el 2011-03-01 (Ley 29666), más el IPM de 2 % (D.Leg. 776 art. 76)',
  },
  {
    from: '2022-09-01',
    to: '2024-12-31',
    rates: ['18', '10'],
    source:
      'Ley 31556 (El Peruano, 2022-08-12) art. 3: 8 % de IGV + 2 % de IPM para micro y pequeñas empresas de restaurantes, hoteles y alojamientos turísticos, 2022-09-01 a 2024-12-31',
  },
  {
    from: '2025-01-01',
    to: '2025-12-31',
    rates: ['18', '10'],
    source: 'Ley 32219, prórroga de la Ley 31556: el 8 % de IGV sigue en 2025 y 2026 (+ 2 % de IPM en 2025)',
  },
  {
    from: '2026-01-01',
    to: '2026-12-31',
    rates: ['18', '10.5'],
    source:
      'Ley 32387: el IPM sube a 2.5 % y el IGV general baja a 15.5 % en 2026 (total 18 %); con el 8 % de la Ley 31556 prorrogada, la tasa especial es 10.5 %',
  },
  {
    from: '2027-01-01',
    rates: ['18'],
    reducedUnverified: true,
    source:
      'Ley 32387: IGV 15 % + IPM 3 % (2027), 14.5 % + 3.5 % (2028), 14 % + 4 % (2029), total 18 %; la tasa especial de la Ley 31556 desde 2027 no se codifica hasta contar con su texto oficial',
  },
];

/** The row in force on a date (YYYY-MM-DD). */
export function igvRatePeriod(date: string): IgvRatePeriod {
  for (const row of IGV_RATE_PERIODS) if (date >= row.from && (row.to === undefined || date <= row.to)) return row;
  return IGV_RATE_PERIODS[0];
}

/** The general rate on a date (the default of a taxed line without porcentaje_igv). */
export function generalIgvRate(date: string): Decimal {
  return new Decimal(igvRatePeriod(date).rates[0]);
}

/**
 * The rates a document issued on `date` may carry. A note adjusts a document issued earlier, at the rate of its
 * own day: it may also carry any rate in force before its issue date.
 */
export function allowedIgvRates(date: string, isNote: boolean): Decimal[] {
  const rows = isNote ? IGV_RATE_PERIODS.filter((row) => row.from <= date) : [igvRatePeriod(date)];
  const rates = new Map<string, Decimal>();
  for (const row of rows) for (const r of row.rates) rates.set(new Decimal(r).toFixed(), new Decimal(r));
  return [...rates.values()];
}

/** "18 % y 10.5 %" for messages. */
export function describeRates(rates: readonly Decimal[]): string {
  const texts = rates.map((r) => `${r.toFixed()} %`);
  return texts.length <= 1 ? (texts[0] ?? '') : `${texts.slice(0, -1).join(', ')} y ${texts[texts.length - 1]}`;
}
