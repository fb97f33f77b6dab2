// QR text of the printed representation (SUNAT's layout): ten pipe-separated fields with a trailing pipe —
// RUC | tipo | serie | número | IGV | total | fecha de emisión | tipo doc. adquirente | número doc. adquirente |
// valor resumen (the signature's DigestValue) |
import { formatAmount, type DecimalLike } from './money.ts';

export interface QrData {
  ruc: string;
  documentType: string;
  series: string;
  number: number | string;
  /** Total IGV (2 decimals). */
  igv: DecimalLike;
  /** Importe total (2 decimals). */
  total: DecimalLike;
  /** YYYY-MM-DD */
  issueDate: string;
  customerDocumentType: string;
  customerDocumentNumber: string;
}

export function qrText(data: QrData, digestValue: string): string {
  const fields = [
    data.ruc,
    data.documentType,
    data.series,
    String(data.number),
    formatAmount(data.igv),
    formatAmount(data.total),
    data.issueDate,
    data.customerDocumentType,
    data.customerDocumentNumber,
    digestValue,
  ];
  // A pipe inside a field would shift every following field for the reader: none of these may contain one.
  return `${fields.map((f) => f.replace(/\|/g, '')).join('|')}|`;
}
