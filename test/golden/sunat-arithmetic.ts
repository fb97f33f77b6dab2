// An independent reading of SUNAT's arithmetic rules (the XSL's codes 32xx) over the XML itself: it knows
// nothing of the core's computation, only what SUNAT's XSL compares, with SUNAT's tolerances (±1 for most sums;
// exact for 2509, 3306, 3319 and 3272 without ISC). Returns the broken rules as readable strings.
import { DOMParser, type Element } from '@xmldom/xmldom';
import Decimal from 'decimal.js';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;
const ZERO = new D(0);
const r2 = (d: Dec) => d.toDecimalPlaces(2, D.ROUND_HALF_UP);
const r5 = (d: Dec) => d.toDecimalPlaces(5, D.ROUND_HALF_UP);

function kids(el: Element, ns: string, name: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name) out.push(n as Element);
  }
  return out;
}
const cac = (el: Element, name: string) => kids(el, CAC, name);
const cbc = (el: Element, name: string) => kids(el, CBC, name)[0];
const text = (el: Element | undefined) => (el ? (el.textContent ?? '').trim() : undefined);
const num = (el: Element | undefined) => (el ? new D(text(el)!) : ZERO);
const path = (el: Element, ...names: string[]): Element | undefined => {
  let cur: Element | undefined = el;
  for (const n of names) {
    if (!cur) return undefined;
    const [ns, local] = n.startsWith('cbc:') ? [CBC, n.slice(4)] : [CAC, n.slice(4)];
    cur = kids(cur, ns, local)[0];
  }
  return cur;
};

interface Subtotal { scheme: string; taxable?: Dec; amount: Dec; percent?: Dec; reason?: string; bags?: Dec; perUnit?: Dec }

function subtotals(taxTotal: Element | undefined): Subtotal[] {
  if (!taxTotal) return [];
  return cac(taxTotal, 'TaxSubtotal').map((st) => {
    const cat = path(st, 'cac:TaxCategory')!;
    return {
      scheme: text(path(cat, 'cac:TaxScheme', 'cbc:ID'))!,
      taxable: cbc(st, 'TaxableAmount') ? num(cbc(st, 'TaxableAmount')) : undefined,
      amount: num(cbc(st, 'TaxAmount')),
      percent: cbc(cat, 'Percent') ? num(cbc(cat, 'Percent')) : undefined,
      reason: text(cbc(cat, 'TaxExemptionReasonCode')),
      bags: cbc(st, 'BaseUnitMeasure') ? num(cbc(st, 'BaseUnitMeasure')) : undefined,
      perUnit: cbc(cat, 'PerUnitAmount') ? num(cbc(cat, 'PerUnitAmount')) : undefined,
    };
  });
}

interface AC { charge: boolean; code: string; factor?: Dec; amount: Dec; base: Dec }
function allowances(el: Element): AC[] {
  return cac(el, 'AllowanceCharge').map((ac) => ({
    charge: text(cbc(ac, 'ChargeIndicator')) === 'true',
    code: text(cbc(ac, 'AllowanceChargeReasonCode'))!,
    factor: cbc(ac, 'MultiplierFactorNumeric') ? num(cbc(ac, 'MultiplierFactorNumeric')) : undefined,
    amount: num(cbc(ac, 'Amount')),
    base: num(cbc(ac, 'BaseAmount')),
  }));
}
const sumOf = (acs: AC[], codes: string[]) => acs.filter((a) => codes.includes(a.code)).reduce((s, a) => s.plus(a.amount), ZERO);

const COUNTED = ['1000', '1016', '2000', '7152', '9999'];
const IGV_TYPE = ['1000', '1016', '9995', '9996', '9997', '9998'];

export function sunatArithmeticProblems(xml: string): string[] {
  const problems: string[] = [];
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement as unknown as Element;
  const rootName = root.localName;
  const lineName = rootName === 'Invoice' ? 'InvoiceLine' : rootName === 'CreditNote' ? 'CreditNoteLine' : 'DebitNoteLine';
  const qtyName = rootName === 'Invoice' ? 'InvoicedQuantity' : rootName === 'CreditNote' ? 'CreditedQuantity' : 'DebitedQuantity';
  const totalName = rootName === 'DebitNote' ? 'RequestedMonetaryTotal' : 'LegalMonetaryTotal';
  const currency = text(cbc(root, 'DocumentCurrencyCode'))!;
  const check = (ok: boolean, rule: string, what: string) => {
    if (!ok) problems.push(`${rule}: ${what}`);
  };
  const near = (a: Dec, b: Dec, tol = 1) => a.minus(b).abs().lte(tol);

  // Currency (2071): every amount in the document currency, except the PEN-only detraction/perception blocks.
  for (const el of Array.from(doc.getElementsByTagNameNS(CBC, '*'))) {
    const c = (el as Element).getAttribute('currencyID');
    if (!c || c === currency) continue;
    const parent = (el as Element).parentNode as Element;
    const id = text(cbc(parent, 'ID'));
    const reason = text(cbc(parent, 'AllowanceChargeReasonCode'));
    check(c === 'PEN' && (id === 'Detraccion' || id === 'Percepcion' || ['51', '52', '53'].includes(reason ?? '')), '2071', `${(el as Element).localName} in ${c}`);
  }

  // Lines.
  let sumLe: Record<string, Dec> = {};
  const add = (k: string, v: Dec) => (sumLe[k] = (sumLe[k] ?? ZERO).plus(v));
  let lineIgvBases = ZERO;
  let line01 = ZERO;
  let line48 = ZERO;
  let lineIcbper = ZERO;
  let freeBase = ZERO;
  let freeTax = ZERO;
  let lineIsc = ZERO;
  let lineOther = ZERO;
  sumLe = {};
  for (const line of cac(root, lineName)) {
    const id = text(cbc(line, 'ID'));
    const qty = num(cbc(line, qtyName));
    const le = num(cbc(line, 'LineExtensionAmount'));
    const price = num(path(line, 'cac:Price', 'cbc:PriceAmount'));
    const alt = path(line, 'cac:PricingReference', 'cac:AlternativeConditionPrice')!;
    const altPrice = num(cbc(alt, 'PriceAmount'));
    const priceType = text(cbc(alt, 'PriceTypeCode'));
    const acs = allowances(line);
    const sts = subtotals(cac(line, 'TaxTotal')[0]);
    const lineTax = num(path(line, 'cac:TaxTotal', 'cbc:TaxAmount'));
    const igvType = sts.find((s) => IGV_TYPE.includes(s.scheme));
    const isc = sts.find((s) => s.scheme === '2000');
    check(qty.gt(0), '2024', `line ${id} quantity`);
    // SUNAT 3105: invoices need a base > 0; the NC/ND rules only the scheme (an NC 13 has lines of 0.00).
    const baseNeeded = rootName === 'Invoice';
    check(!!igvType && (!baseNeeded || (igvType.taxable?.gt(0) ?? false)), '3105', `line ${id} has an IGV-type subtotal with base > 0`);
    for (const ac of acs) if (ac.factor) check(near(r2(ac.base.times(ac.factor)), ac.amount), '3290', `line ${id} allowance ${ac.code}`);
    if (priceType === '01') {
      check(near(r2(price.times(qty).minus(sumOf(acs, ['00'])).plus(sumOf(acs, ['47']))), le), '3271', `line ${id} LineExtensionAmount ${le} vs ${price} × ${qty}`);
      const expectedPrice = r5(le.plus(lineTax).minus(sumOf(acs, ['01'])).plus(sumOf(acs, ['48'])).div(qty));
      check(near(expectedPrice, altPrice), '3270', `line ${id} unit price ${altPrice} vs ${expectedPrice}`);
    } else {
      check(price.isZero(), '2640', `line ${id} free line with Price > 0`);
      check(near(r2(altPrice.times(qty)), le), '3271', `line ${id} free LineExtensionAmount vs referential value`);
      check(igvType?.scheme === '9996', '3224', `line ${id} price type 02 without 9996`);
    }
    if (igvType) {
      const base = le.plus(isc?.amount ?? ZERO);
      check(isc ? near(base, igvType.taxable!) : base.eq(igvType.taxable!), '3272', `line ${id} IGV base ${igvType.taxable} vs ${base}`);
      const free = igvType.scheme === '9996';
      const taxed = igvType.scheme === '1000' || igvType.scheme === '1016' || (free && /^1[1-6]$/.test(igvType.reason ?? ''));
      if (taxed) check(near(r2(igvType.taxable!.times(igvType.percent!).div(100)), igvType.amount), '3103', `line ${id} IGV ${igvType.amount}`);
      else check(igvType.amount.isZero(), '3110', `line ${id} IGV must be 0`);
      if (free) {
        freeBase = freeBase.plus(igvType.taxable!);
        freeTax = freeTax.plus(igvType.amount);
      } else add(igvType.scheme, le);
      if (igvType.scheme === '1000') lineIgvBases = lineIgvBases.plus(igvType.taxable!);
    }
    if (isc) lineIsc = lineIsc.plus(isc.amount);
    const other = sts.find((s) => s.scheme === '9999');
    if (other) lineOther = lineOther.plus(other.amount);
    const bag = sts.find((s) => s.scheme === '7152');
    if (bag) {
      check(r2(bag.bags!.times(bag.perUnit!)).eq(bag.amount), '4318', `line ${id} ICBPER`);
      check(bag.bags!.eq(qty), '3236', `line ${id} bags = quantity`);
      lineIcbper = lineIcbper.plus(bag.amount);
    }
    const counted = sts.filter((s) => COUNTED.includes(s.scheme));
    if (counted.length) check(near(counted.reduce((s, x) => s.plus(x.amount), ZERO), lineTax), '3292', `line ${id} TaxAmount ${lineTax}`);
    line01 = line01.plus(sumOf(acs, ['01']));
    line48 = line48.plus(sumOf(acs, ['48']));
  }

  // Header.
  const acs = allowances(root);
  for (const ac of acs) if (ac.factor) check(near(r2(ac.base.times(ac.factor)), ac.amount), '3307', `allowance ${ac.code} ${ac.amount} vs ${ac.base} × ${ac.factor}`);
  const d02 = sumOf(acs, ['02']);
  const d04 = sumOf(acs, ['04']);
  const c49 = sumOf(acs, ['49']);
  const taxTotals = cac(root, 'TaxTotal');
  check(taxTotals.length === 1, '3024', 'exactly one header TaxTotal');
  const header = subtotals(taxTotals[0]);
  const h = (scheme: string) => header.find((s) => s.scheme === scheme);
  const get = (k: string) => sumLe[k] ?? ZERO;
  if (h('1000')) check(near(get('1000').minus(d02).minus(d04).plus(c49), h('1000')!.taxable!), '3277', `1000 base ${h('1000')!.taxable}`);
  if (h('9997')) check(near(get('9997').minus(sumOf(acs, ['05'])), h('9997')!.taxable!), '3275', '9997 base');
  if (h('9998')) check(near(get('9998').minus(sumOf(acs, ['06'])), h('9998')!.taxable!), '3274', '9998 base');
  if (h('9995')) check(near(get('9995'), h('9995')!.taxable!), '3273', '9995 base');
  if (h('9996')) {
    check(near(freeBase, h('9996')!.taxable!), '3276', '9996 base');
    check(near(freeTax, h('9996')!.amount), '3302', '9996 amount');
  }
  for (const s of ['9995', '9997', '9998']) if (h(s)) check(h(s)!.amount.isZero(), '3000', `${s} TaxAmount must be 0`);
  if (h('2000')) check(near(lineIsc, h('2000')!.amount), '3298', 'ISC');
  if (h('9999')) check(near(lineOther, h('9999')!.amount), '3299', 'otros tributos');
  check((h('7152')?.amount ?? ZERO).eq(lineIcbper), '3306', 'ICBPER sum (exact)');
  const used = new Set<string>();
  for (const line of cac(root, lineName)) for (const s of subtotals(cac(line, 'TaxTotal')[0])) used.add(s.scheme);
  for (const s of used) check(!!h(s), '2638', `scheme ${s} used in a line has a header subtotal`);
  const taxAmount = num(path(taxTotals[0], 'cbc:TaxAmount'));
  check(near(header.filter((s) => COUNTED.includes(s.scheme)).reduce((a, s) => a.plus(s.amount), ZERO), taxAmount), '3294', `TaxTotal ${taxAmount}`);

  const mt = cac(root, totalName)[0];
  const lineExt = num(cbc(mt, 'LineExtensionAmount'));
  const inclusive = num(cbc(mt, 'TaxInclusiveAmount'));
  const allowanceTotal = num(cbc(mt, 'AllowanceTotalAmount'));
  const chargeTotal = num(cbc(mt, 'ChargeTotalAmount'));
  const prepaid = num(cbc(mt, 'PrepaidAmount'));
  const payable = num(cbc(mt, 'PayableAmount'));
  const rounding = num(cbc(mt, 'PayableRoundingAmount'));
  const onerousLe = ['1000', '1016', '9995', '9997', '9998'].reduce((s, k) => s.plus(get(k)), ZERO);
  check(near(onerousLe.minus(d02).plus(c49), lineExt), '3278', `LineExtensionAmount ${lineExt}`);
  const rate = h('1016') && !h('1000') ? new D('0.04') : new D('0.18');
  const igvPart = h('1000') || h('1016') ? r2(lineIgvBases.plus(get('1016')).minus(d02).plus(c49).times(rate)) : ZERO;
  const expectedInclusive = lineExt.plus(h('2000')?.amount ?? ZERO).plus(lineIcbper).plus(h('9999')?.amount ?? ZERO).plus(igvPart);
  check(near(expectedInclusive, inclusive), '3279', `TaxInclusiveAmount ${inclusive} vs ${expectedInclusive}`);
  check(near(sumOf(acs, ['03', '63']).plus(line01), allowanceTotal), '3300', `AllowanceTotalAmount ${allowanceTotal}`);
  check(near(sumOf(acs, ['45', '46', '50']).plus(line48), chargeTotal), '3301', `ChargeTotalAmount ${chargeTotal}`);
  const paid = cac(root, 'PrepaidPayment').reduce((s, p) => s.plus(num(cbc(p, 'PaidAmount'))), ZERO);
  check(paid.eq(prepaid), '2509', `PrepaidAmount ${prepaid} vs Σ PaidAmount ${paid}`);
  check(prepaid.gt(0) === sumOf(acs, ['04', '05', '06']).gt(0), '3287', 'PrepaidAmount needs an advance discount (and vice versa)');
  check(near(r2(inclusive.plus(chargeTotal).minus(allowanceTotal).minus(prepaid).plus(rounding)), payable), '3280', `PayableAmount ${payable}`);

  // Payment terms (3244–3319).
  const terms = cac(root, 'PaymentTerms').filter((t) => text(cbc(t, 'ID')) === 'FormaPago');
  if (rootName === 'Invoice' && text(cbc(root, 'InvoiceTypeCode')) === '01') check(terms.length > 0, '3244', 'FormaPago on a factura');
  const credit = terms.find((t) => text(cbc(t, 'PaymentMeansID')) === 'Credito');
  const cuotas = terms.filter((t) => /^Cuota\d{3}$/.test(text(cbc(t, 'PaymentMeansID')) ?? ''));
  if (credit) {
    check(cuotas.length > 0, '3249', 'Credito with cuotas');
    const issue = text(cbc(root, 'IssueDate'))!;
    const total = cuotas.reduce((s, c) => s.plus(num(cbc(c, 'Amount'))), ZERO);
    check(r5(total).eq(r5(num(cbc(credit, 'Amount')))), '3319', `Σ cuotas ${total} vs Credito ${text(cbc(credit, 'Amount'))}`);
    for (const c of cuotas) check((text(cbc(c, 'PaymentDueDate')) ?? '') > issue, '3267', 'cuota after issue date');
    // SUNAT 3265 is an invoice rule: an NC 13 of 0.00 carries the factura's new pending amount.
    if (rootName === 'Invoice') check(num(cbc(credit, 'Amount')).lte(payable), '3265', 'Credito ≤ PayableAmount');
  } else check(cuotas.length === 0, '3252', 'cuotas without Credito');
  return problems;
}
