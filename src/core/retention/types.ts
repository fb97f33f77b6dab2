// The computed retention (type 20): plain JSON like the perception's (decimals as strings), what the XML and the
// PDF are made from.
import type { DocumentCustomer } from '../invoice/types.ts';

export interface ComputedRetention {
  schemaVersion: 1;
  kind: 'retention';
  documentType: '20';
  series: string;
  number: number | null;
  issueDate: string;
  issueTime: string;
  /** The supplier retained from (ReceiverParty; same shape as an invoice's customer). */
  supplier: Omit<DocumentCustomer, 'addressTypeCode'>;
  /** Catalog 23 regime and its rate (percent, e.g. "3"). */
  regime: string;
  regimeDescription: string;
  percent: string;
  note?: string;
  /** TotalInvoiceAmount: Σ retained (PEN). */
  totalRetained: string;
  /** SUNATTotalPaid: Σ net paid (PEN). */
  totalPaid: string;
  documents: RetainedDocument[];
  amountInWords: string;
  numberToLetter: string;
  pdfFormat: 'a4' | 'ticket';
}

export interface RetainedDocument {
  documentType: string;
  series: string;
  number: number;
  issueDate: string;
  currency: string;
  total: string;
  payment?: { number: number; amount: string; date: string };
  retention?: {
    /** SUNATRetentionAmount (PEN). */
    amount: string;
    date: string;
    /** SUNATNetTotalPaid (PEN): paid in PEN minus the retention. */
    netPaid: string;
    /** Paid amount in PEN (the base of the retention). */
    basePen: string;
    exchangeRate?: { source: string; target: string; rate: string; date: string };
  };
  /** 07 (credit notes) and 20 rows do not enter the header sums (SUNAT 2628/2629). */
  inSums: boolean;
}
