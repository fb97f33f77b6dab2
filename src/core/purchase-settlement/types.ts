// A computed liquidación de compra (04): every figure the XML, the PDF and the database columns read, as decimal
// strings, so that the stored document is the document.

/** The seller, a person without a RUC (AccountingSupplierParty of the 04). */
export interface SettlementSeller {
  documentType: string;
  documentNumber: string;
  name: string;
  address: string;
  ubigeo: string;
  /** Catalog 60 (SUNAT 2456). */
  addressTypeCode: string;
  countryCode: string;
  email?: string;
  phone?: string;
}

/** Where the purchase happens (DeliveryTerms/DeliveryLocation, SUNAT 2454/2455/2458). */
export interface SettlementPlace {
  locationType: string;
  address: string;
  ubigeo: string;
  countryCode: string;
}

export interface SettlementLine {
  index: number;
  internalCode?: string;
  sunatProductCode?: string;
  description: string;
  unitCode: string;
  quantity: string;
  unitValue: string;
  /** Unit price with IGV (PricingReference, price type 01). */
  unitPrice: string;
  affectationCode: string;
  scheme: '1000' | '9997' | '9998';
  igvPercent: string;
  /** LineExtensionAmount: quantity × unit value; also the base of the IGV and of the retention. */
  value: string;
  igv: string;
  /** The income-tax retention of the line (tributo 3000), absent at rate 0. */
  incomeTax?: { percent: string; amount: string };
  /** value + IGV. */
  total: string;
}

export interface SettlementTotals {
  taxed: string;
  exonerated: string;
  unaffected: string;
  igv: string;
  /** Σ line values (LineExtensionAmount). */
  value: string;
  /** value + IGV (TaxInclusiveAmount). */
  total: string;
  /** Σ retention bases and amounts (TaxSubtotal 3000). */
  incomeTaxBase: string;
  incomeTax: string;
  /** What the seller is paid: total − IGV − retention (PayableAmount, SUNAT 4312). */
  payable: string;
}

export interface ComputedPurchaseSettlement {
  kind: 'purchase-settlement';
  documentType: '04';
  series: string;
  /** null until the pipeline assigns the correlative ("#"). */
  number: number | null;
  issueDate: string;
  issueTime: string;
  operationType: string;
  currency: string;
  seller: SettlementSeller;
  place: SettlementPlace;
  lines: SettlementLine[];
  totals: SettlementTotals;
  /** Legend 1000: the amount paid to the seller in words. */
  amountInWords: string;
  numberToLetter: string;
  note?: string;
  actions: { sendEmail: boolean; sendXmlSigned: boolean; pdfFormat: string };
}
