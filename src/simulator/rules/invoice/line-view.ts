// What every phase of a line's rules reads: the line, its quantity, tax total and prices (pure reads).
import type { XmlElement } from '../../../sunat/xml.ts';
import { all, first, num, text } from '../xpath.ts';
import { gt, type Num } from '../numbers.ts';
import { type Shape, subtotalsOf } from './shape.ts';

/** What every phase of a line's rules reads (pure reads: the checks are in the phases, in the XSL's order). */
export interface LineView {
  line: XmlElement;
  s: Shape;
  nro: string;
  detail: string;
  quantity: Num;
  taxTotal: XmlElement | undefined;
  /** A free line: its 9996 subtotal has a base above 0. */
  freeBase: boolean;
  prices: XmlElement[];
  /** The referential (02) prices. */
  referential: XmlElement[];
  /** Some line of the document has a subtotal of an affectation other than IVAP (17) with a base (SUNAT 2644). */
  anyNonIvap: boolean;
}

export function lineView(s: Shape, line: XmlElement, index: number, anyNonIvap: boolean): LineView {
  const nro = text(line, 'cbc:ID') ?? String(index + 1);
  const taxTotal = first(line, 'cac:TaxTotal');
  const prices = all(line, 'cac:PricingReference/cac:AlternativeConditionPrice');
  return {
    line,
    s,
    nro,
    detail: `Error en la linea: ${nro}`,
    quantity: num(first(line, `cbc:${s.quantityName}`)),
    taxTotal,
    freeBase: subtotalsOf(taxTotal, '9996').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0)),
    prices,
    referential: prices.filter((p) => text(p, 'cbc:PriceTypeCode') === '02'),
    anyNonIvap,
  };
}
