// What the printed representation shows, and nothing it would have to compute.
//
// A PrintModel is plain JSON-serialisable data. Amounts are display strings already formatted by whoever
// builds the model (see format.ts: `formatAmount`), so the renderer never does tax arithmetic (SUNAT's figures
// are the signed XML's figures, printed as they are). Dates are ISO `YYYY-MM-DD` (printed as DD/MM/YYYY).
// Optional blocks are printed only when present; the mapper leaves out what does not apply (zero totals,
// empty lists).

/** SUNAT catálogo 01 codes the renderer knows how to title. */
export type PrintDocumentType = '01' | '03' | '04' | '07' | '08' | '09' | '20' | '31' | '40';

export interface PrintIssuer {
  ruc: string;
  /** Razón social. */
  name: string;
  /** Nombre comercial, printed above the razón social when present. */
  tradeName?: string;
  /** Fiscal address as printed (one string; wrapped by the renderer). */
  address: string;
  /** The annex the document was issued from, when not the fiscal domicile: "Establecimiento 0001 (name): address". */
  establishment?: string;
  phone?: string;
  email?: string;
  website?: string;
  /** Logo as base64 of PNG or JPEG bytes; skipped when absent or unreadable. */
  logoBase64?: string;
}

export interface PrintCurrency {
  /** ISO 4217 code: PEN, USD, EUR. */
  code: string;
  /** Printed before amounts: "S/", "US$", "€". */
  symbol: string;
  /** Printed in the header: "SOLES", "DÓLARES AMERICANOS". */
  name: string;
}

export interface PrintCustomer {
  /** Catálogo 06 code ("6", "1", "0"…). */
  documentTypeCode: string;
  /** Label for the identity document: "RUC", "DNI", "DOC. TRIB. NO DOM.". */
  documentTypeLabel: string;
  documentNumber: string;
  name: string;
  address?: string;
  email?: string;
  phone?: string;
}

export interface PrintReference {
  /** What the number is, as printed: "Guía de remisión remitente", "Factura", "Contrato". */
  label: string;
  number: string;
  /** Optional amount of the referenced document (display string). */
  amount?: string;
}

export interface PrintLine {
  quantity: string;
  /** Catálogo 03 unit code (NIU, KGM, ZZ…) or a printable unit label. */
  unit: string;
  /** The seller's item code. */
  code?: string;
  description: string;
  /** Additional data printed under the description: plate numbers, series, item information. */
  details?: string[];
  /** Valor unitario (without taxes); for a free line, the referential value. */
  unitValue: string;
  /** Precio unitario (with taxes). */
  unitPrice: string;
  /** Line discount, when there is one. */
  discount?: string;
  /** Importe of the line. */
  amount: string;
}

/** The totals block: every key present is printed, in SUNAT's usual order; absent keys are not printed. */
export interface PrintTotals {
  /** Op. gravadas (catálogo 05 1000 taxable amount). */
  taxed?: string;
  /** Op. gravadas con IVAP (catálogo 05 1016: rice) and the IVAP itself. */
  ivapBase?: string;
  ivap?: string;
  exonerated?: string;
  unaffected?: string;
  export?: string;
  /** Op. gratuitas (referential value of the free lines). */
  free?: string;
  /** Σ discounts (informational "Descuentos totales"). */
  discounts?: string;
  /** Global charges. */
  charges?: string;
  /** Advances deducted (anticipos). */
  advances?: string;
  /** Valor de venta / subtotal before global discounts that do not affect the base. */
  subtotal?: string;
  /** Redondeo: what a total kept within SUNAT's tolerance adds to the rest (PayableRoundingAmount), signed. */
  rounding?: string;
  /** IGV rate as printed next to the label, e.g. "18". */
  igvRate?: string;
  igv?: string;
  isc?: string;
  icbper?: string;
  otherTaxes?: string;
  /** Importe total (for a perception voucher: the total cashed, "Importe total cobrado"). */
  total: string;
  /** Liquidación de compra (04): the income-tax retention, its rate as printed ("1.5") when the lines share one,
   *  and what the seller is paid (total − IGV − retention), printed below the total. */
  incomeTax?: string;
  incomeTaxRate?: string;
  netPaid?: string;
  /** Perception voucher: total perceived. */
  perceived?: string;
  /** Amount still owed on credit sales (net of detraction / retention), when it differs from the total;
   *  printed with the payment terms, not in the totals block. */
  pendingPayment?: string;
}

export interface PrintLegend {
  /** Catálogo 52 code: "1002", "2006"… (the amount-in-words legend 1000 is `amountInWords`). */
  code: string;
  text: string;
}

export interface PrintInstalment {
  /** Cuota001, Cuota002… or just the ordinal as printed. */
  label: string;
  dueDate: string;
  amount: string;
}

export interface PrintPayment {
  /** Payment method as printed: "Efectivo", "Transferencia". */
  method: string;
  reference?: string;
  amount: string;
}

export interface PrintPaymentTerms {
  /** "Contado" or "Crédito". */
  condition: string;
  instalments?: PrintInstalment[];
  /** Payments recorded by the ERP (not sent to SUNAT, printed for the customer). */
  payments?: PrintPayment[];
}

export interface PrintDetraction {
  /** Catálogo 54 code and label as printed: "019 - Arrendamiento de bienes muebles". */
  goodsOrService: string;
  /** Percentage as printed: "10". */
  percent: string;
  /** Amount of the detraction, in PEN (display string). */
  amount: string;
  /** Banco de la Nación account of the supplier. */
  account: string;
  /** Catálogo 59 label: "Depósito en cuenta". */
  paymentMethod?: string;
}

export interface PrintNote {
  /** The affected document, as printed: "FACTURA ELECTRÓNICA". */
  affectedDocumentLabel: string;
  /** "F001-1288". */
  affectedDocumentNumber: string;
  affectedDocumentDate?: string;
  /** Catálogo 09/10 code and label: "01 - Anulación de la operación". */
  noteType: string;
  /** Motivo o sustento. */
  reason: string;
}

export interface PrintPerceptionDocument {
  /** "FACTURA", "BOLETA", "NOTA DE DÉBITO"… */
  typeLabel: string;
  number: string;
  issueDate: string;
  /** Currency code of the related document. */
  currency: string;
  /** Total of the related document in its currency. */
  documentTotal: string;
  paymentDate?: string;
  /** Amount paid/cashed in the document's currency. */
  paid: string;
  /** Exchange rate applied, when the document is not in PEN. */
  exchangeRate?: string;
  /** Perceived amount in PEN. */
  perceived: string;
  /** Total cashed including the perception, in PEN. */
  cashed: string;
}

export interface PrintPerception {
  /** Catálogo 22 as printed: "01 - Percepción venta interna". */
  regime: string;
  /** Rate as printed: "2". */
  rate: string;
  documents: PrintPerceptionDocument[];
}

export interface PrintLabelValue {
  label: string;
  value: string;
}

/** A dispatch guide's transfer (09, 31): boxes of label/value pairs printed instead of prices and totals. */
export interface PrintDispatch {
  sections: Array<{ title: string; fields: PrintLabelValue[] }>;
}

export interface PrintModel {
  documentType: PrintDocumentType;
  series: string;
  /** The correlativo as printed (the mapper decides padding; the QR text keeps SUNAT's form). */
  number: string;
  issuer: PrintIssuer;
  customer: PrintCustomer;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** HH:mm:ss. */
  issueTime?: string;
  /** YYYY-MM-DD. */
  dueDate?: string;
  currency: PrintCurrency;
  /** Printed when the currency is not PEN: "3.752". */
  exchangeRate?: string;
  /** Catálogo 51 as printed: "Venta interna". */
  operationType?: string;
  purchaseOrder?: string;
  guides?: PrintReference[];
  relatedDocuments?: PrintReference[];
  /** Advance invoices deducted by this one. */
  advances?: PrintReference[];
  /** Extra header pairs: seller, vehicle plate of the document, cash register… */
  headerFields?: PrintLabelValue[];
  /** Empty for a perception voucher (it lists `perception.documents` instead). */
  lines: PrintLine[];
  totals: PrintTotals;
  /** Legend 1000 exactly as the XML carries it and as printed: "SON QUINIENTOS OCHENTA CON 91/100 SOLES". */
  amountInWords: string;
  legends?: PrintLegend[];
  paymentTerms?: PrintPaymentTerms;
  detraction?: PrintDetraction;
  /** Credit and debit notes. */
  note?: PrintNote;
  /** Perception voucher (type 40), and retention voucher (20) in the same shape: `perceived` is the amount
   *  retained, `cashed` the net paid (see `voucherWording` in labels.ts). */
  perception?: PrintPerception;
  /** Dispatch guides (09, 31): the transfer's data; their lines are goods without prices, and no totals. */
  dispatch?: PrintDispatch;
  /** The QR payload, drawn exactly as given. */
  qrText: string;
  /** DigestValue of the signature ("Valor resumen"). */
  hash: string;
  /** Where the customer can check the document. */
  consultationUrl: string;
  observations?: string;
  /** Free label:value information (FacturadorPro's `informacion_adicional` "Forma de pago:Efectivo|Caja: 1"). */
  additionalInformation?: PrintLabelValue[];
  /** "Autorizado mediante Resolución de Intendencia N° …" for OSE/PSE issuers. */
  authorization?: string;
  /** The issuer's own line at the foot of the document ("Gracias por su compra"). */
  footerText?: string;
  /** Printed diagonally across every page: "ANULADO", "POR ANULAR", "RECHAZADO". */
  watermark?: string;
  /** A banner at the top of every page: a demo company's "DEMO — SIN VALOR TRIBUTARIO" (DEMO_NOTICE). */
  notice?: string;
}

export type PdfFormat = 'a4' | 'ticket';
