// The computed retention (type 20): plain JSON like the perception's (decimals as strings), what the XML and the
// PDF are made from (through retentionView). Stored as is: its field names stay.
import type { OtherCpeHeader, RelatedDocumentRow, VoucherFigures, VoucherParty } from '../other-cpe/types.ts';

export interface ComputedRetention extends OtherCpeHeader {
  kind: 'retention';
  documentType: '20';
  /** The supplier retained from (ReceiverParty; same shape as an invoice's customer). */
  supplier: VoucherParty;
  /** TotalInvoiceAmount: Σ retained (PEN). */
  totalRetained: string;
  /** SUNATTotalPaid: Σ net paid (PEN). */
  totalPaid: string;
  documents: RetainedDocument[];
}

/** A related document; 07 and 20 rows stay out of the header sums (SUNAT 2628/2629). */
export interface RetainedDocument extends RelatedDocumentRow {
  /** SUNATRetentionAmount (PEN), its date, and SUNATNetTotalPaid: paid in PEN minus the retention. */
  retention?: VoucherFigures & { netPaid: string };
}
