// The liquidación de compra (04), a SelfBilledInvoice: the key rules of SUNAT's ValidaExprRegLiquidacion — the
// header (2072–2075, 1001, 3205/3206), the buyer who issues it as AccountingCustomerParty (1007/1008, 1037), the
// seller without a RUC as AccountingSupplierParty (2014/2015, 2800, 2021, 2452/2453, 2456/2457), the place of the
// operation (2454/2455, 2458/2459), the lines' IGV and income-tax retention (3103, 3105, 2464, 4237) and the
// totals (4290, 4346, 4312 observations).
import type { XmlElement } from '../../sunat/xml.ts';
import type { Findings } from './context.ts';
import { add, Decimal, fmt, mul, outside, sub, ZERO } from './numbers.ts';
import { existAndMatch } from './other-cpe.ts';
import { all, attr, first, num, sum, text } from './xpath.ts';

const OPERATIONS = /^(0501|0502|0503)$/;
const LOCATION_TYPES = /^(01|02|03|04|05)$/;
const HUNDRED = new Decimal(100);
const IGV_RATE = new Decimal('0.18');
const SUPPLIER = 'cac:AccountingSupplierParty/cac:Party';
const CUSTOMER = 'cac:AccountingCustomerParty/cac:Party';

function header(root: XmlElement, f: Findings): void {
  existAndMatch(f, text(root, 'cbc:UBLVersionID'), /^(2\.1)$/, '2075', '2074', 'cbc:UBLVersionID');
  existAndMatch(f, text(root, 'cbc:CustomizationID'), /^(2\.0)$/, '2073', '2072', 'cbc:CustomizationID');
  const id = text(root, 'cbc:ID');
  f.check(id !== undefined && !/^([L][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/.test(id), '1001', 'cbc:ID', id);
  const operation = attr(first(root, 'cbc:InvoiceTypeCode'), 'listID');
  existAndMatch(f, operation, OPERATIONS, '3205', '3206', 'cbc:InvoiceTypeCode/@listID');
  f.check(all(root, 'cac:TaxTotal').length === 0, '2956', 'cac:TaxTotal');
  f.check(all(root, 'cac:TaxTotal').length > 1, '3024', 'cac:TaxTotal');
}

/** The company that buys: its RUC (schemeID 6) and name. */
function buyer(root: XmlElement, f: Findings): void {
  const id = first(root, `${CUSTOMER}/cac:PartyIdentification/cbc:ID`);
  existAndMatch(f, attr(id, 'schemeID'), /^(6)$/, '1008', '1007', 'cac:PartyIdentification/cbc:ID/@schemeID');
  f.check(
    text(root, `${CUSTOMER}/cac:PartyLegalEntity/cbc:RegistrationName`) === undefined,
    '1037',
    'cbc:RegistrationName',
  );
}

/** The seller: a DNI, carné de extranjería or pasaporte (2800), a name and a domicile with ubigeo and type. */
function seller(root: XmlElement, f: Findings): void {
  const id = first(root, `${SUPPLIER}/cac:PartyIdentification/cbc:ID`);
  const node = 'cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID';
  f.check(text(id) === undefined, '2014', node);
  const scheme = attr(id, 'schemeID');
  f.check(scheme === undefined, '2015', `${node}/@schemeID`);
  f.check(scheme !== undefined && !['1', '4', '7'].includes(scheme), '2800', `${node}/@schemeID`, scheme);
  f.check(
    text(root, `${SUPPLIER}/cac:PartyLegalEntity/cbc:RegistrationName`) === undefined,
    '2021',
    'cbc:RegistrationName',
  );
  const address = first(root, `${SUPPLIER}/cac:PartyLegalEntity/cac:RegistrationAddress`);
  f.check(text(address, 'cac:AddressLine/cbc:Line') === undefined, '2452', 'cac:RegistrationAddress/cac:AddressLine');
  f.check(text(address, 'cbc:ID') === undefined, '2453', 'cac:RegistrationAddress/cbc:ID');
  const type = text(address, 'cbc:AddressTypeCode');
  existAndMatch(f, type, LOCATION_TYPES, '2456', '2457', 'cac:RegistrationAddress/cbc:AddressTypeCode');
}

/** Where the operation happens (catalog 60) and its address. */
function place(root: XmlElement, f: Findings): void {
  const location = first(root, 'cac:DeliveryTerms/cac:DeliveryLocation');
  existAndMatch(f, text(location, 'cbc:LocationTypeCode'), LOCATION_TYPES, '2458', '2459', 'cbc:LocationTypeCode');
  if (!first(location, 'cac:Address')) return;
  f.check(text(location, 'cac:Address/cac:AddressLine/cbc:Line') === undefined, '2454', 'cac:Address/cac:AddressLine');
  f.check(text(location, 'cac:Address/cbc:ID') === undefined, '2455', 'cac:Address/cbc:ID');
}

function subtotalOf(taxTotal: XmlElement | undefined, scheme: string): XmlElement | undefined {
  return all(taxTotal, 'cac:TaxSubtotal').find((s) => text(s, 'cac:TaxCategory/cac:TaxScheme/cbc:ID') === scheme);
}

/** Each line's IGV-type subtotal (3105), its IGV at its rate (3103) and the retention at 1.5 % or 4 % (2464, 4237). */
function lines(root: XmlElement, f: Findings): void {
  for (const line of all(root, 'cac:InvoiceLine')) {
    const detail = `Error en la linea: ${text(line, 'cbc:ID') ?? ''}`;
    const taxTotal = first(line, 'cac:TaxTotal');
    const igvType = ['1000', '9997', '9998', '9996'].some((s) => subtotalOf(taxTotal, s));
    f.check(!igvType, '3105', 'cac:TaxTotal/cac:TaxSubtotal', undefined, detail);
    const igv = subtotalOf(taxTotal, '1000');
    if (igv && text(igv, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') === '10') {
      const expected = mul(
        num(igv, 'cbc:TaxableAmount'),
        num(igv, 'cac:TaxCategory/cbc:Percent')?.div(HUNDRED) ?? null,
      );
      f.check(
        outside(num(igv, 'cbc:TaxAmount'), expected),
        '3103',
        'cbc:TaxAmount',
        text(igv, 'cbc:TaxAmount'),
        detail,
      );
    }
    const retention = subtotalOf(taxTotal, '3000');
    if (!retention) continue;
    const percent = num(retention, 'cac:TaxCategory/cbc:Percent');
    const expected = mul(num(retention, 'cbc:TaxableAmount'), percent?.div(HUNDRED) ?? null);
    const amount = num(retention, 'cbc:TaxAmount');
    f.check(outside(amount, expected), '2464', 'cbc:TaxAmount', fmt(amount), detail);
    const admitted = percent !== null && (percent.eq('1.5') || percent.eq(4));
    f.check(!admitted, '4237', 'cac:TaxCategory/cbc:Percent', fmt(percent), detail, false);
  }
}

/** The header's IGV (4290), retention (4346) and what is paid: total − IGV − retention (4312); observations. */
function totals(root: XmlElement, f: Findings): void {
  const taxTotal = first(root, 'cac:TaxTotal');
  const lineSubtotals = (scheme: string) =>
    all(root, 'cac:InvoiceLine').flatMap((l) => {
      const s = subtotalOf(first(l, 'cac:TaxTotal'), scheme);
      return s ? [s] : [];
    });
  const igv = num(subtotalOf(taxTotal, '1000'), 'cbc:TaxAmount') ?? ZERO;
  const igvBase = sum(lineSubtotals('1000').flatMap((s) => all(s, 'cbc:TaxableAmount')));
  f.check(outside(igv, mul(igvBase, IGV_RATE)), '4290', 'cac:TaxSubtotal/cbc:TaxAmount', fmt(igv), undefined, false);
  const retention = num(subtotalOf(taxTotal, '3000'), 'cbc:TaxAmount') ?? ZERO;
  const lineRetention = add(ZERO, sum(lineSubtotals('3000').flatMap((s) => all(s, 'cbc:TaxAmount'))));
  f.check(outside(retention, lineRetention), '4346', 'cac:TaxSubtotal/cbc:TaxAmount', fmt(retention), undefined, false);
  const inclusive = num(root, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount');
  const payable = num(root, 'cac:LegalMonetaryTotal/cbc:PayableAmount');
  const lineIgv = sum(lineSubtotals('1000').flatMap((s) => all(s, 'cbc:TaxAmount')));
  const expected = sub(sub(inclusive, lineIgv), lineRetention);
  const node = 'cac:LegalMonetaryTotal/cbc:PayableAmount';
  f.check(inclusive !== null && outside(payable, expected), '4312', node, fmt(payable), undefined, false);
}

export function checkPurchaseSettlement(root: XmlElement, f: Findings): void {
  header(root, f);
  buyer(root, f);
  seller(root, f);
  place(root, f);
  lines(root, f);
  totals(root, f);
}
