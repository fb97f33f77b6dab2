// The computed perception (type 40): plain JSON like the invoice's ComputedDocument (decimals as strings), what
// the XML and the PDF are made from (through perceptionView). Stored as is: its field names stay.
import type { OtherCpeHeader, RelatedDocumentRow, VoucherFigures, VoucherParty } from '../other-cpe/types.ts';

export interface ComputedPerception extends OtherCpeHeader {
  kind: 'perception';
  documentType: '40';
  /** The customer perceived (same shape as an invoice's customer). */
  receiver: VoucherParty;
  /** TotalInvoiceAmount: Σ perceived (PEN). */
  totalPerceived: string;
  /** SUNATTotalCashed: Σ net cashed (PEN). */
  totalCashed: string;
  documents: PerceivedDocument[];
}

/** A related document; 07 and 40 rows stay out of the header sums (SUNAT 2667/2668). */
export interface PerceivedDocument extends RelatedDocumentRow {
  /** SUNATPerceptionAmount (PEN), its date, and SUNATNetTotalCashed: paid in PEN plus the perception. */
  perception?: VoucherFigures & { netCashed: string };
}
