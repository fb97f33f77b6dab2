// Detracción (operations 1001–1004): PaymentTerms and PaymentMeans "Detraccion" present (3127/3034) and only there
// (3128), a catalog-54 code (3033) forced for 1002/1003/1004 (3129), an amount (3035) above 0.00 (3037) in PEN
// (3208), the Banco de la Nación account (3034). Called from payment-terms.ts in the XSL's order.
import type { XmlElement } from '../../../sunat/xml.ts';
import { DETRACTION_CODES, DETRACTION_OPERATIONS } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { all, attr, exists, first, text } from '../xpath.ts';
import { type Shape, observeAttr, twoDecimals } from './shape.ts';

const FORCED_CODE: Record<string, string> = { '1002': '004', '1003': '028', '1004': '027' };

function subjectToDetraction(s: Shape): boolean {
  return s.operation !== undefined && DETRACTION_OPERATIONS.has(s.operation);
}

/** SUNAT 3127/3034: an operation subject to detraction carries both Detraccion blocks. */
export function detractionRequired(root: XmlElement, s: Shape, f: Findings): void {
  if (!subjectToDetraction(s)) return;
  f.check(
    !all(root, 'cac:PaymentTerms').some((t) => text(t, 'cbc:ID') === 'Detraccion'),
    '3127',
    'cac:PaymentTerms/cbc:ID',
  );
  f.check(
    !all(root, 'cac:PaymentMeans').some((m) => text(m, 'cbc:ID') === 'Detraccion'),
    '3034',
    'cac:PaymentMeans/cbc:ID',
  );
}

/** SUNAT 3128: PaymentTerms Detraccion only on operations subject to detraction. */
export function detractionOnlyWhereSubject(term: XmlElement, s: Shape, f: Findings): void {
  const id = text(term, 'cbc:ID');
  if (!subjectToDetraction(s)) f.check(id === 'Detraccion', '3128', 'cac:PaymentTerms/cbc:ID', id);
}

export function detractionTerm(t: XmlElement, s: Shape, f: Findings): void {
  const code = text(t, 'cbc:PaymentMeansID');
  f.check(code === undefined, '3127', 'cbc:PaymentMeansID');
  f.check(code !== undefined && !DETRACTION_CODES[code], '3033', 'cbc:PaymentMeansID', code); // SUNAT 3033
  const expected = s.operation !== undefined ? FORCED_CODE[s.operation] : undefined;
  f.check(expected !== undefined && code !== undefined && code !== expected, '3129', 'cbc:PaymentMeansID', code); // SUNAT 3129
  const amountText = text(t, 'cbc:Amount');
  f.check(amountText === undefined, '3035', 'cbc:Amount');
  f.check(amountText !== undefined && !twoDecimals(amountText, true), '3037', 'cbc:Amount', amountText);
  const currency = attr(first(t, 'cbc:Amount'), 'currencyID');
  f.check(currency !== undefined && currency !== 'PEN', '3208', 'cbc:Amount/@currencyID', currency); // SUNAT 3208
  const meansEl = first(t, 'cbc:PaymentMeansID');
  observeAttr(f, meansEl, 'schemeName', /^(Codigo de detraccion)$/, '4255');
  observeAttr(f, meansEl, 'schemeAgencyName', /^(PE:SUNAT)$/, '4256');
  observeAttr(f, meansEl, 'schemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo54)$/, '4257');
}

/** SUNAT 3034: PaymentMeans Detraccion names the Banco de la Nación account. */
export function detractionAccount(m: XmlElement, f: Findings): void {
  if (text(m, 'cbc:ID') === 'Detraccion')
    f.check(!exists(m, 'cac:PayeeFinancialAccount/cbc:ID'), '3034', 'cac:PayeeFinancialAccount/cbc:ID');
}
