// A SUNAT catalog as data: entries keyed by their code, each carrying its meaning (not just a description), so
// that code asks the catalog ("is this affectation free? which total does it feed?") instead of comparing
// strings all over the place.

export interface CatalogEntry {
  /** The code exactly as SUNAT writes it (zero-padded: '01', '0101', '001'). */
  code: string;
  /** SUNAT's description, in Spanish. */
  description: string;
}

export interface Catalog<T extends CatalogEntry> {
  /** SUNAT catalog number ('07', '51'…). */
  readonly number: string;
  readonly name: string;
  readonly entries: readonly T[];
  /** Width of the codes (used to zero-pad codes sent as numbers: 1 → '01'). */
  readonly width: number;
  get(code: string): T | undefined;
  has(code: string): boolean;
  codes(): string[];
}

export function defineCatalog<T extends CatalogEntry>(number: string, name: string, entries: readonly T[]): Catalog<T> {
  const byCode = new Map<string, T>();
  for (const entry of entries) {
    if (byCode.has(entry.code)) throw new Error(`catalog ${number}: duplicated code ${entry.code}`);
    byCode.set(entry.code, Object.freeze(entry));
  }
  const width = Math.max(...entries.map((e) => e.code.length));
  return Object.freeze({
    number,
    name,
    entries: Object.freeze([...byCode.values()]),
    width,
    get: (code: string) => byCode.get(code),
    has: (code: string) => byCode.has(code),
    codes: () => [...byCode.keys()],
  });
}

/** A catalog whose entries are only a code and SUNAT's description, written as [code, description] rows. */
export function definePlainCatalog(
  number: string,
  name: string,
  rows: readonly (readonly [string, string])[],
): Catalog<CatalogEntry> {
  return defineCatalog(
    number,
    name,
    rows.map(([code, description]) => ({ code, description })),
  );
}
