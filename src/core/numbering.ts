// The correlative the database allocated, put on a computed document of any type (replaces '#').

/** SUNAT's correlatives have 1 to 8 digits. */
export function withNumber<D extends { number: number | null }>(document: D, number: number): D {
  if (!Number.isInteger(number) || number < 1 || number > 99_999_999)
    throw new RangeError(`invalid document number ${number}`);
  return { ...document, number };
}
