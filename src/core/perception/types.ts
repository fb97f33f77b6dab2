// The computed perception (type 40): plain JSON like the invoice's ComputedDocument (decimals as strings), what
// the XML and the PDF are made from.
import type { DocumentCustomer } from '../invoice/types.ts';
export interface ComputedPerception {
  schemaVersion: 1;
  kind: 'perception';
  documentType: '40';
  series: string;
  number: number | null;
  issueDate: string;
  issueTime: string;
  /** The customer perceived (same shape as an invoice's customer). */
  receiver: Omit<DocumentCustomer, 'addressTypeCode'>;
  /** Catalog 22 regime and its rate (percent, e.g. "2"). */
  regime: string;
  regimeDescription: string;
  percent: string;
  note?: string;
  /** TotalInvoiceAmount: Σ perceived (PEN). */
  totalPerceived: string;
  /** SUNATTotalCashed: Σ net cashed (PEN). */
  totalCashed: string;
  documents: PerceivedDocument[];
  amountInWords: string;
  numberToLetter: string;
  pdfFormat: 'a4' | 'ticket';
}

export interface PerceivedDocument {
  documentType: string;
  series: string;
  number: number;
  issueDate: string;
  currency: string;
  total: string;
  payment?: { number: number; amount: string; date: string };
  perception?: {
    /** SUNATPerceptionAmount (PEN). */
    amount: string;
    date: string;
    /** SUNATNetTotalCashed (PEN). */
    netCashed: string;
    /** Paid amount in PEN (the base of the perception). */
    basePen: string;
    exchangeRate?: { source: string; target: string; rate: string; date: string };
  };
  /** 07 (credit notes) and 40 rows do not enter the header sums (SUNAT 2667/2668 leave them out). */
  inSums: boolean;
}
