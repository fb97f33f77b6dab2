// Amounts in words: legend 1000 in SUNAT/greenter style and FacturadorPro's number_to_letter.
import { describe, expect, it } from 'vitest';
import { amountInWords, numberToLetter } from '../../src/core/words.ts';

describe('legend 1000 (amountInWords)', () => {
  const rows: [string | number, string, string][] = [
    [118, 'PEN', 'SON CIENTO DIECIOCHO CON 00/100 SOLES'],
    [0, 'PEN', 'SON CERO CON 00/100 SOLES'],
    [1, 'PEN', 'SON UNO CON 00/100 SOLES'],
    [0.5, 'PEN', 'SON CERO CON 50/100 SOLES'],
    [16, 'PEN', 'SON DIECISEIS CON 00/100 SOLES'],
    [21, 'PEN', 'SON VEINTIUNO CON 00/100 SOLES'],
    [30, 'PEN', 'SON TREINTA CON 00/100 SOLES'],
    [99.99, 'PEN', 'SON NOVENTA Y NUEVE CON 99/100 SOLES'],
    [100, 'PEN', 'SON CIEN CON 00/100 SOLES'],
    [101, 'PEN', 'SON CIENTO UNO CON 00/100 SOLES'],
    [580.91, 'PEN', 'SON QUINIENTOS OCHENTA CON 91/100 SOLES'],
    [1000, 'PEN', 'SON MIL CON 00/100 SOLES'],
    [1001, 'PEN', 'SON MIL UNO CON 00/100 SOLES'],
    [1230.99, 'PEN', 'SON MIL DOSCIENTOS TREINTA CON 99/100 SOLES'],
    [21000, 'PEN', 'SON VEINTIUN MIL CON 00/100 SOLES'],
    [101000, 'PEN', 'SON CIENTO UN MIL CON 00/100 SOLES'],
    [49700, 'PEN', 'SON CUARENTA Y NUEVE MIL SETECIENTOS CON 00/100 SOLES'],
    [1000000, 'PEN', 'SON UN MILLON CON 00/100 SOLES'],
    [2500000.5, 'PEN', 'SON DOS MILLONES QUINIENTOS MIL CON 50/100 SOLES'],
    [21000000, 'PEN', 'SON VEINTIUN MILLONES CON 00/100 SOLES'],
    [1000000000, 'PEN', 'SON MIL MILLONES CON 00/100 SOLES'],
    [
      '999999999999.99',
      'PEN',
      'SON NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE CON 99/100 SOLES',
    ],
    [1067.8, 'USD', 'SON MIL SESENTA Y SIETE CON 80/100 DOLARES AMERICANOS'],
    [12.345, 'EUR', 'SON DOCE CON 35/100 EUROS'],
    [5, 'JPY', 'SON CINCO CON 00/100 YENES'],
    [5, 'XCD', 'SON CINCO CON 00/100 XCD'],
  ];
  for (const [amount, currency, words] of rows) {
    it(`${amount} ${currency}`, () => expect(amountInWords(amount, currency)).toBe(words));
  }
});

describe("FacturadorPro's number_to_letter", () => {
  it('first letter upper case, the rest lower case, no currency, and no trailing space', () => {
    expect(numberToLetter(118)).toBe('Ciento dieciocho con 00/100');
    expect(numberToLetter('580.91')).toBe('Quinientos ochenta con 91/100');
    expect(numberToLetter(0)).toBe('Cero con 00/100');
  });
});
