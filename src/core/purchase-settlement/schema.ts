// Input schema of POST /api/purchase-settlements (liquidación de compra, 04), in FacturadorPro's dialect: the
// document header of its invoices, `datos_del_proveedor` for the seller (FacturadorPro's `supplier`: a person
// without a RUC) and `datos_de_la_operacion` for where the purchase happens (its `operation_data`). Shapes, formats
// and catalog membership only; the arithmetic is checked by compute.ts.
import { z } from 'zod';
import { actionsSchema, documentNumber } from '../invoice/schema.ts';
import {
  amount,
  decimal,
  issueMomentFields,
  normaliseCode,
  optional,
  quantity,
  text,
  ubigeo,
  upperCode,
} from '../invoice/primitives.ts';
import { currency } from '../other-cpe/schema.ts';
import {
  INCOME_TAX_RATES,
  LOCATION_TYPES,
  SELLER_DOCUMENT_TYPES,
  SETTLEMENT_AFFECTATIONS,
  SETTLEMENT_OPERATIONS,
} from './catalogs.ts';

/** A code of one of the tables in catalogs.ts, zero-padded to its width. */
function tableCode(table: Record<string, string | object>, width: number, what: string, sunatRule: string) {
  const codes = Object.keys(table);
  return z
    .union([z.string(), z.number()], { error: `Debe ser un código de ${what} (texto).` })
    .transform((v) => normaliseCode(v, width))
    .refine((c) => codes.includes(c), {
      message: `Código de ${what} no válido en una liquidación de compra. Valores: ${codes.join(', ')} (SUNAT ${sunatRule}).`,
      params: { code: 'catalog_code_invalid', sunatRule },
    });
}

const seriesSchema = upperCode(
  /^(L[A-Z0-9]{3}|\d{4})$/,
  'La serie de una liquidación de compra es L + 3 caracteres (L001) o 4 dígitos de contingencia (SUNAT 1001).',
);

const incomeTaxRate = () =>
  decimal({ min: { value: 0, inclusive: true, message: 'Debe ser mayor o igual a 0.' } }).refine(
    (d) => d.isZero() || INCOME_TAX_RATES.some((r) => d.eq(r)),
    { message: 'La retención del impuesto a la renta es de 1.5 % o 4 % (SUNAT 4237), o 0 sin retención.' },
  );

const countryCode = () =>
  optional(upperCode(/^[A-Z]{2}$/, 'Debe ser un código de país ISO 3166-1 de 2 letras (PE).')).describe(
    'País ISO 3166-1 alfa-2 (`PE` por defecto).',
  );

export const sellerSchema = z
  .object({
    codigo_tipo_documento_identidad: tableCode(SELLER_DOCUMENT_TYPES, 1, 'documento de identidad', '2800').describe(
      'Documento del vendedor, catálogo 06: `1` DNI, `4` carné de extranjería, `7` pasaporte. Quien tiene RUC emite su propio comprobante: `6` no se admite (SUNAT 2800).',
    ),
    numero_documento: text(15, 'El número de documento').describe('Número del documento (DNI de 8 dígitos).'),
    apellidos_y_nombres_o_razon_social: text(1500, 'El nombre').describe(
      'Apellidos y nombres del vendedor (SUNAT 2021).',
    ),
    direccion: text(250, 'La dirección').describe('Domicilio del vendedor (SUNAT 2452, de 3 a 250 caracteres).'),
    ubigeo: ubigeo().describe('Ubigeo INEI del domicilio del vendedor (SUNAT 2453).'),
    codigo_tipo_direccion: optional(tableCode(LOCATION_TYPES, 2, 'tipo de dirección', '2457')).describe(
      'Tipo de dirección del vendedor, catálogo 60 (SUNAT 2456): `01` punto de venta, `02` producción, `03` extracción, `04` explotación, `05` ninguno. Por defecto, el del lugar de la operación.',
    ),
    codigo_pais: countryCode(),
    correo_electronico: optional(text(1500, 'El correo')).describe('Correo del vendedor (`acciones.enviar_email`).'),
    telefono: optional(text(100, 'El teléfono')).describe('Teléfono del vendedor.'),
  })
  .meta({
    id: 'PurchaseSettlementSeller',
    description: 'Vendedor sin RUC (`datos_del_proveedor`, AccountingSupplierParty).',
  });

export const operationPlaceSchema = z
  .object({
    codigo_tipo_lugar: tableCode(LOCATION_TYPES, 2, 'lugar de la operación', '2459').describe(
      'Dónde se realiza la operación, catálogo 60 (SUNAT 2458): `01` punto de venta, `02` producción, `03` extracción, `04` explotación, `05` ninguno.',
    ),
    direccion: text(250, 'La dirección').describe('Dirección del lugar de la operación (SUNAT 2454).'),
    ubigeo: ubigeo().describe('Ubigeo INEI del lugar de la operación (SUNAT 2455).'),
    codigo_pais: countryCode(),
  })
  .meta({
    id: 'PurchaseSettlementPlace',
    description: 'Lugar donde se realiza la operación (`datos_de_la_operacion`, DeliveryTerms/DeliveryLocation).',
  });

const lineFigure = (description: string) => optional(amount()).describe(`${description} Se calcula si se omite.`);

export const settlementItemSchema = z
  .object({
    codigo_interno: optional(text(30, 'El código interno')).describe('Código del bien (SellersItemIdentification).'),
    descripcion: text(500, 'La descripción').describe(
      'Descripción del bien comprado (SUNAT 2027, hasta 500 caracteres).',
    ),
    codigo_producto_sunat: optional(
      upperCode(/^\d{8}$/, 'El código de producto SUNAT tiene 8 dígitos (UNSPSC).'),
    ).describe('Código de producto SUNAT (UNSPSC, 8 dígitos).'),
    unidad_de_medida: upperCode(
      /^[A-Z0-9]{1,3}$/,
      'Debe ser un código de unidad (catálogo 03: KGM, NIU, TNE…).',
    ).describe('Unidad de medida, catálogo 03 (KGM, NIU…).'),
    cantidad: quantity().describe('Cantidad (SUNAT 2024).'),
    valor_unitario: amount().describe('Valor unitario sin IGV (cac:Price).'),
    codigo_tipo_precio: optional(
      z.literal('01', { error: 'Una liquidación de compra solo admite el precio 01.' }),
    ).describe('Tipo de precio, catálogo 16: `01`.'),
    precio_unitario: lineFigure('Precio unitario con IGV (PricingReference).'),
    codigo_tipo_afectacion_igv: tableCode(SETTLEMENT_AFFECTATIONS, 2, 'afectación del IGV', '2040').describe(
      'Afectación del IGV, catálogo 07: `10` gravado, `20` exonerado, `30` inafecto.',
    ),
    porcentaje_igv: optional(decimal()).describe('18 en líneas gravadas; 0 en las demás.'),
    total_base_igv: lineFigure('Base del IGV: el valor de la línea (SUNAT 4294).'),
    total_igv: lineFigure('IGV de la línea: base × 18 % (SUNAT 3103).'),
    total_impuestos: lineFigure('Tributos de la línea: el IGV (SUNAT 4293; la retención no se suma).'),
    total_valor_item: lineFigure('Valor de venta: cantidad × valor unitario (SUNAT 4288).'),
    total_item: lineFigure('Valor más IGV.'),
    porcentaje_retencion_renta: optional(incomeTaxRate()).describe(
      'Retención del impuesto a la renta de la línea (tributo 3000): 1.5 o 4 (SUNAT 4237); 0 sin retención. Por defecto, el del comprobante.',
    ),
    total_retencion_renta: lineFigure('Retención de la línea: valor × tasa (SUNAT 2464).'),
  })
  .meta({ id: 'PurchaseSettlementItem', description: 'Bien comprado (cac:InvoiceLine).' });

const totalField = (description: string) => optional(amount()).describe(`${description} Se calcula si se omite.`);

export const settlementTotalsSchema = z
  .object({
    total_operaciones_gravadas: totalField('Σ valores de líneas gravadas → TaxSubtotal 1000.'),
    total_operaciones_exoneradas: totalField('Σ valores de líneas exoneradas → TaxSubtotal 9997 (SUNAT 4297).'),
    total_operaciones_inafectas: totalField('Σ valores de líneas inafectas → TaxSubtotal 9998 (SUNAT 4296).'),
    total_igv: totalField('IGV: base gravada × 18 % (SUNAT 4290).'),
    total_impuestos: totalField('TaxTotal/TaxAmount: el IGV (SUNAT 4301).'),
    total_valor: totalField('Σ valores de venta de las líneas (LineExtensionAmount, SUNAT 4309).'),
    total_venta: totalField('Valor más IGV (TaxInclusiveAmount, SUNAT 4310).'),
    total_retencion_renta: totalField('Σ retenciones del impuesto a la renta (TaxSubtotal 3000, SUNAT 4346).'),
    total_a_pagar: totalField(
      'Lo que se paga al vendedor: total_venta − IGV − retención (PayableAmount, SUNAT 4312). El comprador paga el IGV a SUNAT.',
    ),
  })
  .meta({ id: 'PurchaseSettlementTotals', description: 'Totales (`totales`): se comprueban los enviados.' });

export const purchaseSettlementBodySchema = z
  .object({
    serie_documento: seriesSchema.describe('Serie: L + 3 caracteres (L001) o 4 dígitos de contingencia (SUNAT 1001).'),
    numero_documento: documentNumber().describe('`#` para el siguiente correlativo, o el número (1 a 8 dígitos).'),
    ...issueMomentFields(),
    codigo_tipo_documento: z
      .literal('04', { error: 'Una liquidación de compra es el tipo 04.' })
      .optional()
      .describe('`04` (liquidación de compra).'),
    codigo_tipo_operacion: optional(tableCode(SETTLEMENT_OPERATIONS, 4, 'tipo de operación', '3206')).describe(
      'Tipo de operación, catálogo 51 (SUNAT 3205): `0501` compra interna (por defecto), `0502` anticipos, `0503` compra de oro.',
    ),
    codigo_tipo_moneda: optional(currency()).describe('Moneda ISO 4217 (`PEN` por defecto).'),
    datos_del_proveedor: sellerSchema,
    datos_de_la_operacion: operationPlaceSchema,
    porcentaje_retencion_renta: optional(incomeTaxRate()).describe(
      'Retención del impuesto a la renta de cada línea que no indique la suya: 1.5 (por defecto) o 4 (SUNAT 4237); 0 sin retención.',
    ),
    items: z
      .array(settlementItemSchema, { error: 'Debe ser una lista de ítems.' })
      .min(1, { message: 'Debe incluir al menos un ítem.' })
      .max(1000, { message: 'No más de 1000 ítems por comprobante.' }),
    totales: optional(settlementTotalsSchema),
    informacion_adicional: optional(text(500, 'La información adicional')).describe('Observaciones (cbc:Note).'),
    acciones: optional(actionsSchema),
  })
  .meta({
    id: 'PurchaseSettlementBody',
    description: 'Liquidación de compra electrónica (04): la empresa compra a una persona sin RUC.',
  });

export type PurchaseSettlementBody = z.output<typeof purchaseSettlementBodySchema>;
