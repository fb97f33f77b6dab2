// What the "otros CPE" — perception (40) and retention (20) vouchers — have in common once computed. Each type
// keeps its own field names in its stored JSON (receiver/supplier, totalPerceived/totalRetained…); OtherCpeView
// reads both under one set of names, so the XML, the PDF, the QR and the columns are written once.
import type { DocumentCustomer } from '../invoice/types.ts';

/** The customer perceived or the supplier retained from (ReceiverParty; an invoice customer's shape). */
export type VoucherParty = Omit<DocumentCustomer, 'addressTypeCode'>;

export interface VoucherExchangeRate {
  source: string;
  target: string;
  rate: string;
  date: string;
}

/** A related document as both vouchers list it, without the type's own amounts. */
export interface RelatedDocumentRow {
  documentType: string;
  series: string;
  number: number;
  issueDate: string;
  currency: string;
  total: string;
  payment?: { number: number; amount: string; date: string };
  /** Credit notes (07) and vouchers of the same type do not enter the header sums (SUNAT leaves them out). */
  inSums: boolean;
}

/** The perceived or retained amount of a related document (PEN), its date and the paid base in PEN. */
export interface VoucherFigures {
  amount: string;
  date: string;
  /** Paid amount in PEN (the base of the perception or retention). */
  basePen: string;
  exchangeRate?: VoucherExchangeRate;
}

/** The header both computed vouchers carry under the same names. */
export interface OtherCpeHeader {
  schemaVersion: 1;
  series: string;
  number: number | null;
  issueDate: string;
  issueTime: string;
  /** Catalog 22 (perception) or 23 (retention) regime and its rate (percent, e.g. "2"). */
  regime: string;
  regimeDescription: string;
  percent: string;
  note?: string;
  amountInWords: string;
  numberToLetter: string;
  pdfFormat: 'a4' | 'ticket';
}

/** A computed voucher read under neutral names. */
export interface OtherCpeView extends OtherCpeHeader {
  documentType: '40' | '20';
  party: VoucherParty;
  /** TotalInvoiceAmount: Σ perceived or retained (PEN). */
  total: string;
  /** SUNATTotalCashed or SUNATTotalPaid (PEN). */
  netTotal: string;
  documents: Array<RelatedDocumentRow & { figures?: VoucherFigures & { net: string } }>;
}
