// The computed document: what the core made of a request body, with every figure SUNAT will see. It is plain
// JSON (decimals are canonical strings: amounts with exactly 2 decimals, quantities/unit values/percentages
// without trailing zeros), so other modules store it as JSON, the PDF renderer reads it and the XML builders
// write it without doing arithmetic. Field names are English; the FacturadorPro key each one comes from is
// named in its comment.
import type { SalesDocumentType, TaxSchemeCode } from '../catalogs/index.ts';

/** Decimal as a string: "580.91", "8.3814", "18". */
export type DecimalString = string;

export interface ComputedDocument {
  /** Version of this shape (bumped on breaking changes of stored JSON). */
  schemaVersion: 1;
  /** codigo_tipo_documento: 01 factura, 03 boleta, 07 nota de crédito, 08 nota de débito. */
  documentType: SalesDocumentType;
  /** FacturadorPro group_id: '01' facturas and their notes, '02' boletas and their notes. */
  group: '01' | '02';
  /** serie_documento (upper case). */
  series: string;
  /** numero_documento; null while it is '#' (allocated by the database: see assignNumber). */
  number: number | null;
  /** fecha_de_emision YYYY-MM-DD, hora_de_emision HH:mm:ss. */
  issueDate: string;
  issueTime: string;
  /** fecha_de_vencimiento (01/03). */
  dueDate?: string;
  /** codigo_tipo_operacion, catalog 51 (01/03 only). */
  operationType?: string;
  /** codigo_tipo_moneda (ISO 4217). */
  currency: string;
  /** factor_tipo_de_cambio. */
  exchangeRate?: DecimalString;
  /** numero_orden_de_compra → cac:OrderReference. */
  purchaseOrder?: string;
  /** informacion_adicional (printed). */
  additionalInformation?: string;
  /** FormaPago: 'Contado' | 'Credito'; absent when the document carries no FormaPago block (notes except NC 13). */
  paymentForm?: 'Contado' | 'Credito';
  /** codigo_condicion_de_pago as normalised ('01' contado, '02' crédito). */
  paymentCondition: '01' | '02';
  customer: DocumentCustomer;
  lines: DocumentLine[];
  /** Document-level cargos/descuentos (incl. generated 04 for anticipos), perception 51–53 and retention 62. */
  allowanceCharges: DocumentAllowanceCharge[];
  /** Header cac:TaxTotal subtotals, one per tax scheme used, in catalog-05 order. */
  taxSubtotals: DocumentTaxSubtotal[];
  totals: DocumentTotals;
  /** leyendas, always with 1000 first. */
  legends: DocumentLegend[];
  /** anticipos. */
  advances: DocumentAdvance[];
  /** guias. */
  guides: DocumentReference[];
  /** relacionados. */
  related: DocumentReference[];
  detraction?: DocumentDetraction;
  perception?: DocumentPerception;
  retention?: DocumentRetention;
  /** cuotas (credit sales and NC 13). */
  installments: DocumentInstallment[];
  /** pagos (not sent to SUNAT). */
  payments: DocumentPayment[];
  /** Notes 07/08. */
  note?: DocumentNote;
  actions: { sendEmail: boolean; sendXmlSigned: boolean; pdfFormat: string };
  /** Legend 1000 text: "SON CIENTO DIECIOCHO CON 00/100 SOLES". */
  amountInWords: string;
  /** FacturadorPro's number_to_letter, trimmed: "Ciento dieciocho con 00/100". */
  numberToLetter: string;
  /** Header fields kept for storage and printing, not used by SUNAT (placa, vendedor, hotel, transport…). */
  extra: Record<string, unknown>;
}

export interface DocumentCustomer {
  /** codigo_tipo_documento_identidad (catalog 06). */
  documentType: string;
  /** numero_documento. */
  documentNumber: string;
  /** apellidos_y_nombres_o_razon_social. */
  name: string;
  tradeName?: string;
  /** codigo_pais (PE by default). */
  countryCode: string;
  ubigeo?: string;
  address?: string;
  email?: string;
  phone?: string;
  addressTypeCode?: string;
}

/** A tax computed as base × percent: Decimal while computing, DecimalString as the document keeps it. */
export interface RateAmount<N> {
  base: N;
  percent: N;
  amount: N;
}

/** A tax computed per unit (ICBPER: bags × rate per bag). */
export interface BagsAmount<N> {
  bags: N;
  rate: N;
  amount: N;
}

/** A line's figures: Decimal while computing (lines.ts), DecimalString as the document keeps them. */
export interface LineFigures<N> {
  /** total_base_igv: TaxableAmount of the IGV-type subtotal. */
  igvBase: N;
  /** porcentaje_igv. */
  igvPercent: N;
  /** total_igv (notional for free 11–16). */
  igv: N;
  isc?: RateAmount<N> & { systemCode: string };
  /** ICBPER: bags (= quantity), rate per bag, amount. */
  icbper?: BagsAmount<N>;
  /** total_impuestos → line TaxTotal/TaxAmount. */
  taxes: N;
  /** total_valor_item (0 on free lines). */
  value: N;
  /** total_descuentos / total_cargos of the line. */
  discountTotal: N;
  chargeTotal: N;
  /** total_item. */
  total: N;
}

export interface DocumentLine extends LineFigures<DecimalString> {
  /** cbc:ID, 1-based. */
  index: number;
  /** codigo_interno. */
  internalCode?: string;
  /** descripcion (or nombre_producto_xml for the XML). */
  description: string;
  descriptionXml?: string;
  itemType?: string;
  /** codigo_producto_sunat (UNSPSC 8 digits). */
  sunatProductCode?: string;
  /** codigo_producto_gsl (GTIN). */
  gtin?: string;
  /** unidad_de_medida (catalog 03). */
  unitCode: string;
  /** cantidad. */
  quantity: DecimalString;
  /** valor_unitario → Price/PriceAmount (0 on free lines). */
  unitValue: DecimalString;
  /** codigo_tipo_precio: 01 onerous, 02 free. */
  priceType: '01' | '02';
  /** AlternativeConditionPrice/PriceAmount: precio_unitario (01) or the referential unit value (02). */
  unitPrice: DecimalString;
  /** codigo_tipo_afectacion_igv (catalog 07). */
  affectationCode: string;
  /** Tax scheme of the IGV-type subtotal (catalog 05: 1000, 1016, 9995–9998). */
  scheme: TaxSchemeCode;
  onerous: boolean;
  otherTaxes?: RateAmount<DecimalString>;
  /** LineExtensionAmount as emitted: the value, or for free lines the referential value × quantity. */
  lineExtensionAmount: DecimalString;
  allowanceCharges: DocumentAllowanceCharge[];
  /** datos_adicionales (catalog 55). */
  attributes: DocumentItemAttribute[];
  additionalInformation?: string;
  /** Fields the service and PDF may use (nombre, lots, actualizar_descripcion…). */
  extra: Record<string, unknown>;
}

export interface DocumentItemAttribute {
  code: string;
  name: string;
  value?: string;
  /** cbc:ValueQuantity (3006, SUNAT 3135). */
  quantity?: DecimalString;
  startDate?: string;
  endDate?: string;
  duration?: DecimalString;
}

export interface DocumentAllowanceCharge {
  /** cbc:ChargeIndicator. */
  charge: boolean;
  /** Catalog 53 code. */
  code: string;
  description?: string;
  factor?: DecimalString;
  amount: DecimalString;
  base: DecimalString;
  /** Currency of the amounts (PEN for perception 51–53; the document's otherwise). */
  currency: string;
}

export interface DocumentTaxSubtotal {
  scheme: TaxSchemeCode;
  /** Absent for ICBPER (7152 has no TaxableAmount). */
  taxableAmount?: DecimalString;
  taxAmount: DecimalString;
}

export interface DocumentTotals {
  /** total_operaciones_gravadas (1000 base). */
  taxed: DecimalString;
  /** IVAP base (1016) and tax. */
  ivapBase: DecimalString;
  ivap: DecimalString;
  /** total_operaciones_exoneradas (9997). */
  exonerated: DecimalString;
  /** total_operaciones_inafectas (9998). */
  unaffected: DecimalString;
  /** total_exportacion (9995). */
  exportation: DecimalString;
  /** total_operaciones_gratuitas (9996 base) and total_igv_operaciones_gratuitas (9996 tax). */
  free: DecimalString;
  freeIgv: DecimalString;
  /** total_igv. */
  igv: DecimalString;
  /** total_base_isc / total_isc. */
  iscBase: DecimalString;
  isc: DecimalString;
  /** total_base_otros_impuestos / total_otros_impuestos. */
  otherTaxesBase: DecimalString;
  otherTaxes: DecimalString;
  /** total_impuestos_bolsa_plastica. */
  icbper: DecimalString;
  /** total_impuestos → TaxTotal/TaxAmount. */
  taxes: DecimalString;
  /** total_valor → LineExtensionAmount. */
  value: DecimalString;
  /** subtotal_venta → TaxInclusiveAmount. */
  taxInclusive: DecimalString;
  /** AllowanceTotalAmount (Σ 03 + line 01 + 63). */
  allowanceTotal: DecimalString;
  /** total_cargos → ChargeTotalAmount. */
  chargeTotal: DecimalString;
  /** total_descuentos (informational: every discount). */
  discountTotal: DecimalString;
  /** total_anticipos → PrepaidAmount. */
  prepaid: DecimalString;
  /** total_venta → PayableAmount. */
  payable: DecimalString;
  /**
   * PayableRoundingAmount, when total_venta was kept within SUNAT's tolerance of the payable computed from the other
   * totals: the difference (SUNAT 3280: TaxInclusive + charges − discounts − advances + rounding = payable). Absent
   * when there is none (and in documents stored before it existed).
   */
  rounding?: DecimalString;
  /** total_pendiente_pago: credit amount of FormaPago/Credito (payable − detraction − retention). */
  pending: DecimalString;
}

export interface DocumentLegend {
  code: string;
  value: string;
}

export interface DocumentAdvance {
  /** Serie-número of the advance invoice (F001-1042). */
  number: string;
  /** Catalog 12: 02 factura, 03 boleta. */
  documentType: string;
  /** monto (value without IGV). */
  value: DecimalString;
  /** total (PrepaidPayment/PaidAmount). */
  total: DecimalString;
}

export interface DocumentReference {
  number: string;
  documentType: string;
  amount?: DecimalString;
}

export interface DocumentDetraction {
  /** Catalog 54. */
  code: string;
  percent: DecimalString;
  /** In PEN. */
  amount: DecimalString;
  /** Catalog 59. */
  paymentMeansCode: string;
  account: string;
  transport?: {
    detail?: string;
    originAddress?: string;
    destinationAddress?: string;
    originUbigeo?: string;
    destinationUbigeo?: string;
    referenceValueUsefulLoad?: DecimalString;
    referenceValueService?: DecimalString;
    referenceValueEffectiveLoad?: DecimalString;
  };
}

export interface DocumentPerception {
  /** Catalog 53 code 51/52/53. */
  code: string;
  percent: DecimalString;
  /** In PEN. */
  base: DecimalString;
  amount: DecimalString;
  /** PaymentTerms Percepcion amount: base + perception (PEN). */
  totalWithPerception: DecimalString;
}

export interface DocumentRetention {
  code: string;
  percent: DecimalString;
  base: DecimalString;
  amount: DecimalString;
}

export interface DocumentInstallment {
  /** Cuota001, Cuota002… */
  id: string;
  dueDate: string;
  currency: string;
  amount: DecimalString;
  paymentMethod?: string;
}

export interface DocumentPayment {
  methodCode: string;
  destination?: string;
  reference?: string;
  amount: DecimalString;
  received?: DecimalString;
}

export interface DocumentNote {
  /** codigo_tipo_nota: catalog 09 (07) or 10 (08). */
  typeCode: string;
  /** motivo_o_sustento_de_nota. */
  reason: string;
  affectedDocument: {
    /** external_id of a local document; the service resolves series/number/type from it (withAffectedDocument). */
    externalId?: string;
    series?: string;
    number?: number;
    documentType?: string;
  };
}
