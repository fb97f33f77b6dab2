// Input schema of POST /api/documents (FacturadorPro dialect) for facturas 01, boletas 03
// and credit/debit notes 07/08. It only checks shapes, formats and catalog membership; the arithmetic and the
// rules that relate fields to each other are checked by computeDocument. A key it does not know is dropped with an
// `unknown_field` warning, or refused inside `acciones` (src/core/unknown-fields.ts); what FacturadorPro clients
// send that we ignore on purpose is listed here as a field described as ignored. Amounts become Decimals; codes are
// normalised. Every field is described: this is the OpenAPI documentation
// integrators read.
import { z } from 'zod';
import {
  allowanceChargeCodes,
  currencies,
  detractionGoods,
  documentTypes,
  identityDocumentTypes,
  igvAffectations,
  iscSystems,
  itemProperties,
  legends,
  operationTypes,
  paymentMeans,
  priceTypes,
  relatedDocumentTypes,
} from '../catalogs/index.ts';
import { issuerBlockSchema } from '../issuer-block.ts';
import { refusingUnknownKeys, withAliases } from '../unknown-fields.ts';
import {
  amount,
  catalogCode,
  decimal,
  flag,
  isoDate,
  issueMomentFields,
  optional,
  percent,
  quantity,
  text,
  ubigeo,
  upperCode,
} from './primitives.ts';

const unitCode = () =>
  upperCode(
    /^[A-Z0-9]{1,3}$/,
    'Debe ser un código de unidad de medida del catálogo 03 (UN/ECE rec 20: NIU, ZZ, KGM…).',
  ).describe(
    'Unidad de medida, catálogo 03 de SUNAT (UN/ECE rec 20): `NIU` unidad (bienes), `ZZ` unidad (servicios), `KGM`, `LTR`, `GLL`, `BX`, `PK`… Se convierte a mayúsculas.',
  );

const currencyCode = () =>
  z
    .union([z.string(), z.number()], { error: 'Debe ser un código de moneda ISO 4217 (PEN, USD, EUR…).' })
    .transform((v, ctx) => {
      const code = String(v).trim().toUpperCase();
      if (!currencies.has(code)) {
        ctx.addIssue({
          code: 'custom',
          message: `La moneda "${String(v)}" no existe en el catálogo 02 de SUNAT (ISO 4217: PEN, USD, EUR…).`,
          params: { code: 'catalog_code_invalid', sunatRule: '3088' },
        });
        return z.NEVER;
      }
      return code;
    });

const documentNumberRef = () =>
  text(30, 'El número').describe('Serie y número del documento referido, con guion (p. ej. `F001-1042`, `T001-4581`).');

// ---------------------------------------------------------------------------------------------------------------
// Customer

export const customerSchema = z
  .object({
    codigo_tipo_documento_identidad: catalogCode(identityDocumentTypes, { sunatRule: '2015' }).describe(
      'Tipo de documento de identidad, catálogo 06: `6` RUC, `1` DNI, `4` carné de extranjería, `7` pasaporte, `0` doc. tributario no domiciliado, `A`–`G` otros; `-` sin documento (boletas a clientes varios).',
    ),
    numero_documento: text(15, 'El número de documento').describe(
      'Número del documento de identidad (RUC 11 dígitos, DNI 8 dígitos; `-` sin documento).',
    ),
    apellidos_y_nombres_o_razon_social: text(1500, 'El nombre').describe(
      'Apellidos y nombres o razón social del cliente.',
    ),
    nombre_comercial: optional(text(1500, 'El nombre comercial')).describe('Nombre comercial del cliente.'),
    codigo_pais: optional(
      upperCode(/^[A-Z]{2}$/, 'Debe ser un código de país ISO 3166-1 de 2 letras (PE, US…).'),
    ).describe('País ISO 3166-1 alfa-2 (`PE` por defecto).'),
    ubigeo: optional(ubigeo()).describe('Ubigeo INEI de 6 dígitos (envíelo como texto: `"040101"`).'),
    direccion: optional(text(1500, 'La dirección')).describe('Dirección del cliente (SUNAT la espera en facturas).'),
    correo_electronico: optional(text(1500, 'El correo')).describe(
      'Correo(s) del cliente, separados por comas; usado por `acciones.enviar_email`.',
    ),
    telefono: optional(text(100, 'El teléfono')).describe('Teléfono del cliente.'),
    codigo_tipo_direccion: optional(text(10, 'El tipo de dirección')).describe(
      'Tipo de dirección del cliente (tabla del sistema).',
    ),
  })
  .meta({
    id: 'DocumentCustomer',
    description: 'Cliente o receptor del comprobante (`datos_del_cliente_o_receptor`).',
  });

// ---------------------------------------------------------------------------------------------------------------
// Totals (all optional: the server fills what is missing and checks what is sent)

const totalField = (description: string) => optional(amount()).describe(description);

export const totalsSchema = z
  .object({
    total_exportacion: totalField('Σ valores de venta de líneas de exportación (afectación 40) → TaxSubtotal 9995.'),
    total_operaciones_gravadas: totalField(
      'Base imponible del IGV: Σ valores de líneas gravadas (10) − descuentos globales 02/04 + cargos 49 → TaxSubtotal 1000 (SUNAT 3277).',
    ),
    total_operaciones_inafectas: totalField('Σ valores de líneas inafectas (30) → TaxSubtotal 9998 (SUNAT 3274).'),
    total_operaciones_exoneradas: totalField('Σ valores de líneas exoneradas (20) → TaxSubtotal 9997 (SUNAT 3275).'),
    total_operaciones_gratuitas: totalField(
      'Σ valores referenciales de líneas gratuitas → TaxSubtotal 9996 (SUNAT 3276).',
    ),
    total_igv_operaciones_gratuitas: totalField(
      'IGV nocional de las líneas gratuitas gravadas (11–16) → TaxAmount 9996 (SUNAT 3302).',
    ),
    total_igv: totalField('IGV total → TaxAmount 1000.'),
    total_base_isc: totalField('Σ bases del ISC.'),
    total_isc: totalField('ISC total → TaxSubtotal 2000.'),
    total_base_otros_impuestos: totalField('Σ bases de otros tributos.'),
    total_otros_impuestos: totalField('Otros tributos → TaxSubtotal 9999.'),
    total_impuestos_bolsa_plastica: totalField(
      'ICBPER total (Σ bolsas × tarifa del año) → TaxSubtotal 7152 (SUNAT 3306).',
    ),
    total_impuestos: totalField(
      'TaxTotal/TaxAmount: IGV + IVAP + ISC + otros + ICBPER (nunca el IGV de gratuitas; SUNAT 3294).',
    ),
    total_valor: totalField(
      'Valor de venta (LegalMonetaryTotal/LineExtensionAmount): Σ líneas onerosas − 02 + 49 (SUNAT 3278).',
    ),
    subtotal_venta: totalField(
      'Precio de venta antes de cargos/descuentos que no afectan la base y anticipos (TaxInclusiveAmount, SUNAT 3279). Por defecto se calcula.',
    ),
    total_descuentos: totalField('Informativo: Σ de todos los descuentos (línea 00/01, globales 02/03/04).'),
    total_cargos: totalField('ChargeTotalAmount: Σ cargos 45/46/50 + cargos de línea 48 (SUNAT 3301).'),
    total_anticipos: totalField('PrepaidAmount: Σ `anticipos[].total` (SUNAT 2509).'),
    total_venta: totalField(
      'Importe total (PayableAmount): TaxInclusive + cargos − descuentos que no afectan la base − anticipos (SUNAT 3280). Base del monto en letras.',
    ),
    total_pendiente_pago: totalField(
      'Monto neto pendiente de pago en ventas al crédito (total − detracción − retención) = Σ cuotas (SUNAT 3319).',
    ),
  })
  .meta({
    id: 'DocumentTotals',
    description:
      'Totales del comprobante (`totales`). Todos son opcionales: el servidor calcula los que faltan y verifica los enviados con las reglas y tolerancias de SUNAT (±1 en casi todas).',
  });

// ---------------------------------------------------------------------------------------------------------------
// Allowances and charges (global and per line, same shape)

export const allowanceChargeSchema = z
  .object({
    codigo: catalogCode(allowanceChargeCodes, { sunatRule: '3071' }).describe(
      'Código del catálogo 53: línea `00`/`01` descuentos, `47`/`48` cargos; global `02`/`03` descuentos, `04`/`05`/`06` anticipos, `45` FISE, `46` propinas, `49`/`50` cargos.',
    ),
    descripcion: optional(text(250, 'La descripción')).describe('Descripción del descuento o cargo.'),
    factor: optional(
      decimal({
        min: { value: 0, inclusive: true, message: 'Debe ser mayor o igual a 0.' },
        integerDigits: 3,
        sunatRule: '3025',
      }),
    ).describe('Factor (0.10 = 10 %). Si se envía, monto = base × factor (±1; SUNAT 3307/3290).'),
    monto: optional(amount()).describe('Monto del descuento o cargo (2 decimales). Si falta, base × factor.'),
    base: optional(amount()).describe('Base sobre la que se aplica el factor. Si falta, la que corresponde al código.'),
    cantidad_sin_redondeo: optional(z.unknown()).describe('FacturadorPro (pro9): se ignora.'),
    global_distribucion: optional(z.unknown()).describe('FacturadorPro (pro9): se ignora.'),
  })
  .meta({ id: 'DocumentAllowanceCharge', description: 'Descuento o cargo (catálogo 53).' });

// ---------------------------------------------------------------------------------------------------------------
// Items

export const itemAttributeSchema = z
  .object({
    codigo: catalogCode(itemProperties).describe(
      'Código del catálogo 55 (p. ej. `7000` placa — gastos Art. 37 Renta, `5010` número de placa).',
    ),
    descripcion: optional(text(500, 'La descripción')).describe(
      'Nombre de la propiedad (por defecto, la del catálogo 55).',
    ),
    valor: optional(text(500, 'El valor')).describe(
      'Valor de la propiedad. Fechas (3005, 3059, 4002–4004, 4006): AAAA-MM-DD, se emite en `cac:UsabilityPeriod/cbc:StartDate` (SUNAT 3065); días 4005 y cantidad 3006: un número, en `DurationMeasure` / `ValueQuantity` (SUNAT 3135).',
    ),
    fecha_inicio: optional(isoDate()).describe('Inicio del periodo (AAAA-MM-DD).'),
    fecha_fin: optional(isoDate()).describe('Fin del periodo (AAAA-MM-DD).'),
    duracion: optional(
      decimal({ min: { value: 0, inclusive: true, message: 'Debe ser mayor o igual a 0.' } }),
    ).describe('Duración en días.'),
  })
  .meta({ id: 'DocumentItemAttribute', description: 'Dato adicional del ítem (`datos_adicionales[]`, catálogo 55).' });

export const itemSchema = z
  .object({
    codigo_interno: optional(text(30, 'El código interno')).describe('Código del producto en el sistema del emisor.'),
    descripcion: text(500, 'La descripción').describe('Descripción del ítem (máximo 500 caracteres, límite de SUNAT).'),
    nombre: optional(text(500, 'El nombre')).describe('Nombre del ítem (solo al crearlo en el catálogo).'),
    nombre_secundario: optional(text(500, 'El nombre secundario')).describe(
      'Nombre secundario (solo al crearlo en el catálogo).',
    ),
    codigo_tipo_item: optional(text(2, 'El tipo de ítem')).describe('`01` producto (por defecto), `02` servicio.'),
    codigo_producto_sunat: optional(
      z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine((s) => /^\d{8}$/.test(s), {
          message: 'El código de producto SUNAT (UNSPSC, catálogo 25) debe tener 8 dígitos.',
        }),
    ).describe('Código de producto SUNAT (UNSPSC, 8 dígitos). Obligatorio en exportaciones (SUNAT 3001).'),
    codigo_producto_gsl: optional(text(14, 'El código GS1')).describe('Código GTIN (GS1) del producto.'),
    unidad_de_medida: unitCode(),
    cantidad: quantity().describe('Cantidad (> 0; hasta 10 decimales).'),
    valor_unitario: optional(amount()).describe(
      'Valor unitario sin impuestos (hasta 10 decimales) → Price/PriceAmount. Si falta, se deriva de `precio_unitario`. En líneas gratuitas es 0.',
    ),
    codigo_tipo_precio: optional(catalogCode(priceTypes, { sunatRule: '2410' })).describe(
      'Catálogo 16: `01` precio unitario con impuestos (onerosa), `02` valor referencial (gratuita). Por defecto según la afectación.',
    ),
    precio_unitario: optional(amount()).describe(
      'Precio unitario con impuestos (→ AlternativeConditionPrice 01). Si falta, se calcula (total del ítem / cantidad).',
    ),
    codigo_tipo_afectacion_igv: catalogCode(igvAffectations, { sunatRule: '2040' }).describe(
      'Afectación del IGV, catálogo 07: `10` gravado, `11`–`16` gravado gratuito, `17` IVAP, `20` exonerado, `21` exonerado gratuito, `30` inafecto, `31`–`37` inafecto gratuito, `40` exportación.',
    ),
    total_base_igv: optional(amount()).describe(
      'Base del IGV de la línea (valor + ISC). En líneas gratuitas: valor referencial × cantidad (obligatorio si no hay `valor_unitario`).',
    ),
    porcentaje_igv: optional(percent()).describe('Tasa del IGV (18 por defecto; 10 Ley 31556; 4 para IVAP).'),
    total_igv: optional(amount()).describe('IGV de la línea = base × tasa (±1; SUNAT 3103).'),
    codigo_tipo_sistema_isc: optional(catalogCode(iscSystems, { sunatRule: '2041' })).describe(
      'Sistema del ISC, catálogo 08: `01` al valor, `02` monto fijo, `03` precio de venta al público.',
    ),
    total_base_isc: optional(amount()).describe('Base del ISC.'),
    porcentaje_isc: optional(percent()).describe('Tasa del ISC (%).'),
    total_isc: optional(amount()).describe('ISC de la línea.'),
    total_base_otros_impuestos: optional(amount()).describe('Base de otros tributos.'),
    porcentaje_otros_impuestos: optional(percent()).describe('Tasa de otros tributos (%).'),
    total_otros_impuestos: optional(amount()).describe('Otros tributos de la línea.'),
    total_impuestos_bolsa_plastica: optional(amount()).describe(
      'ICBPER de la línea = cantidad de bolsas × tarifa del año de emisión (0.50 desde 2023). Un valor > 0 marca la línea como bolsa plástica.',
    ),
    total_impuestos: optional(amount()).describe(
      'Impuestos de la línea: IGV + ISC + otros + ICBPER (0 o el ICBPER en líneas gratuitas; SUNAT 3292).',
    ),
    total_valor_item: optional(amount()).describe(
      'Valor de venta de la línea = valor unitario × cantidad − descuentos 00 + cargos 47 (SUNAT 3271; 0 en líneas gratuitas).',
    ),
    total_cargos: optional(amount()).describe('Σ cargos de la línea.'),
    total_descuentos: optional(amount()).describe('Σ descuentos de la línea.'),
    total_item: optional(amount()).describe('Total de la línea = valor + impuestos.'),
    datos_adicionales: optional(z.array(itemAttributeSchema)).describe('Propiedades adicionales (catálogo 55).'),
    descuentos: optional(z.array(allowanceChargeSchema)).describe(
      'Descuentos de la línea (`00` afecta la base, `01` no).',
    ),
    cargos: optional(z.array(allowanceChargeSchema)).describe('Cargos de la línea (`47` afecta la base, `48` no).'),
    informacion_adicional: optional(text(1500, 'La información adicional')).describe(
      'Texto impreso bajo la descripción.',
    ),
    lots: optional(z.array(z.unknown())).describe('Series/lotes (se guardan tal cual).'),
    actualizar_descripcion: optional(flag()).describe(
      'Actualizar la descripción del producto en el catálogo (por defecto sí).',
    ),
    nombre_producto_pdf: optional(text(5000, 'El nombre para el PDF')).describe('Nombre alternativo para el PDF.'),
    nombre_producto_xml: optional(text(500, 'El nombre para el XML')).describe(
      'Descripción alternativa para el XML (`cbc:Description`).',
    ),
    dato_adicional: optional(z.unknown()).describe('Dato adicional libre.'),
    warehouse_id: optional(z.unknown()).describe('Almacén de origen del stock.'),
    IdLoteSelected: optional(z.unknown()).describe('Lote a descontar.'),
    presentacion: optional(z.unknown()).describe('Presentación (múltiplo de la unidad).'),
  })
  .meta({
    id: 'DocumentItem',
    description:
      'Ítem del comprobante (`items[]`). Los totales de línea son opcionales: se calculan y, si se envían, se verifican.',
  });

// ---------------------------------------------------------------------------------------------------------------
// Other blocks

export const detractionSchema = z
  .object({
    codigo_tipo_detraccion: optional(catalogCode(detractionGoods, { sunatRule: '3033' })).describe(
      'Bien o servicio sujeto a detracción, catálogo 54 (p. ej. `037` demás servicios, `019` arrendamiento).',
    ),
    porcentaje: optional(percent()).describe('Tasa de detracción (%); por defecto la del catálogo 54.'),
    monto: optional(amount()).describe('Monto de la detracción en soles = total × tasa (redondeado; ±1).'),
    codigo_metodo_pago: optional(catalogCode(paymentMeans)).describe(
      'Medio de pago, catálogo 59 (`001` depósito en cuenta, por defecto).',
    ),
    cuenta_bancaria: optional(text(100, 'La cuenta')).describe(
      'Cuenta de detracciones del Banco de la Nación (obligatoria; SUNAT 3034).',
    ),
    detalle_viaje: optional(text(500, 'El detalle del viaje')).describe('1004: detalle del viaje.'),
    direccion_origen: optional(text(500, 'La dirección de origen')).describe('1004: dirección de origen.'),
    direccion_destino: optional(text(500, 'La dirección de destino')).describe('1004: dirección de destino.'),
    ubigeo_origen: optional(ubigeo()).describe('1004: ubigeo de origen (6 dígitos).'),
    ubigeo_destino: optional(ubigeo()).describe('1004: ubigeo de destino (6 dígitos).'),
    valor_referencial_carga_util: optional(amount()).describe('1004: valor referencial de la carga útil.'),
    valor_referencial_servicio_transporte: optional(amount()).describe(
      '1004: valor referencial del servicio de transporte.',
    ),
    valor_referencia_carga_efectiva: optional(amount()).describe('1004: valor referencial de la carga efectiva.'),
  })
  .meta({
    id: 'DocumentDetraction',
    description:
      'Detracción (operaciones 1001–1004): cuenta del Banco de la Nación, código del catálogo 54, tasa y monto en soles.',
  });

export const perceptionBlockSchema = z
  .object({
    codigo: optional(
      z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .pipe(
          z.string().refine((s) => ['51', '52', '53', '01', '02', '03', '1', '2', '3'].includes(s), {
            message: 'Debe ser 51/52/53 (catálogo 53) o 01/02/03 (régimen del catálogo 22).',
          }),
        ),
    ).describe(
      'Régimen: `51` venta interna 2 %, `52` combustible 1 %, `53` tasa especial 0.5 % (o `01`/`02`/`03` del catálogo 22).',
    ),
    porcentaje: optional(percent()).describe('Tasa (%); por defecto la del régimen.'),
    monto: optional(amount()).describe('Percepción en soles = base × tasa.'),
    base: optional(amount()).describe('Base en soles (por defecto el importe total).'),
  })
  .meta({
    id: 'DocumentInvoicePerception',
    description: 'Percepción dentro de la factura (operación 2001, solo al contado).',
  });

export const retentionSchema = z
  .object({
    codigo: optional(catalogCode(allowanceChargeCodes, { allowed: ['62'] })).describe('`62` retención del IGV.'),
    porcentaje: optional(percent()).describe('Tasa (%) — 3 % por defecto.'),
    monto: optional(amount()).describe('Monto retenido.'),
    base: optional(amount()).describe('Base de la retención (por defecto el importe total).'),
  })
  .meta({
    id: 'DocumentRetention',
    description: 'Retención del IGV practicada por el cliente (catálogo 53 código 62).',
  });

const withNumberAlias = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess((v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if ((o.numero === undefined || o.numero === null || o.numero === '') && o.numero_documento !== undefined) {
        return { ...o, numero: o.numero_documento };
      }
    }
    return v;
  }, z.object(shape));

/** `numero_documento` is read as `numero` (withNumberAlias): a known key of these blocks. */
const numberAliased = <T extends z.ZodType>(schema: T) => withAliases(schema, ['numero_documento']);

export const advanceSchema = numberAliased(
  withNumberAlias({
    numero: documentNumberRef(),
    codigo_tipo_documento: catalogCode(relatedDocumentTypes, { allowed: ['02', '03'], sunatRule: '2505' }).describe(
      '`02` factura de anticipo, `03` boleta de anticipo (catálogo 12).',
    ),
    monto: amount().describe('Valor (sin IGV) del anticipo deducido.'),
    total: amount().describe('Total (con IGV) del anticipo → PrepaidPayment/PaidAmount.'),
  }).meta({
    id: 'DocumentAdvance',
    description: 'Anticipo deducido (`anticipos[]`; alias `numero_documento` de `numero`).',
  }),
);

export const guideSchema = numberAliased(
  withNumberAlias({
    numero: documentNumberRef(),
    codigo_tipo_documento: catalogCode(documentTypes, { allowed: ['09', '31'], sunatRule: '4005' }).describe(
      '`09` guía de remisión remitente, `31` transportista.',
    ),
  }).meta({ id: 'DocumentGuide', description: 'Guía de remisión relacionada (`guias[]`).' }),
);

export const relatedSchema = numberAliased(
  withNumberAlias({
    numero: documentNumberRef(),
    codigo_tipo_documento: catalogCode(relatedDocumentTypes, { sunatRule: '4009' }).describe(
      'Catálogo 12 (`99` otros; SUNAT acepta 02–09 y 99).',
    ),
    monto: optional(amount()).describe('Monto del documento relacionado (informativo).'),
  }).meta({ id: 'DocumentRelated', description: 'Documento relacionado (`relacionados[]`).' }),
);

export const paymentSchema = z
  .object({
    codigo_metodo_pago: z
      .union([z.string(), z.number()], { error: 'Debe ser el código del método de pago (01 efectivo, 02 tarjeta…).' })
      .transform((v) => String(v).trim())
      .describe(
        'Método de pago (tabla del sistema: `01` efectivo, `02` tarjeta de crédito, `03` tarjeta de débito, `04` transferencia…).',
      ),
    codigo_destino_pago: optional(z.union([z.string(), z.number()]).transform((v) => String(v))).describe(
      'Destino: `cash` (caja abierta) o el id de una cuenta bancaria; puede ser null.',
    ),
    referencia: optional(text(250, 'La referencia')).describe('Referencia (voucher, operación).'),
    monto: optional(amount()).describe('Monto pagado (0 por defecto).'),
    pago_recibido: optional(amount()).describe('Monto recibido (para calcular el vuelto).'),
  })
  .meta({ id: 'DocumentPayment', description: 'Pago registrado (`pagos[]`; no se envía a SUNAT).' });

export const installmentSchema = z
  .object({
    fecha: isoDate().describe('Vencimiento de la cuota (AAAA-MM-DD), posterior a la emisión (SUNAT 3267).'),
    codigo_tipo_moneda: optional(currencyCode()).describe('Moneda de la cuota (la del comprobante; SUNAT 2071).'),
    monto: amount().describe('Monto de la cuota.'),
    codigo_metodo_de_pago: optional(z.union([z.string(), z.number()]).transform((v) => String(v))).describe(
      'Método de pago previsto.',
    ),
  })
  .meta({ id: 'DocumentInstallment', description: 'Cuota de una venta al crédito (`cuotas[]`).' });

export const legendSchema = z
  .object({
    codigo: catalogCode(legends, { sunatRule: '3027' }).describe(
      'Código del catálogo 52 (`1000` monto en letras — lo genera el servidor, `1002`, `2006`…).',
    ),
    valor: text(500, 'El texto de la leyenda').describe('Texto de la leyenda (máximo 500 caracteres; SUNAT 3006).'),
  })
  .meta({ id: 'DocumentLegend', description: 'Leyenda (`leyendas[]`, catálogo 52).' });

// Every key of acciones decides what happens to the document (whether it reaches SUNAT): an unknown one is refused.
export const actionsSchema = refusingUnknownKeys(
  z
    .object({
      enviar_email: optional(flag()).describe('Enviar el PDF/XML al correo del cliente (falso por defecto).'),
      enviar_xml_firmado: optional(flag()).describe(
        'Enviar a SUNAT al emitir (verdadero por defecto); `false` deja el comprobante Registrado (01).',
      ),
      formato_pdf: optional(
        z
          .string()
          .transform((s) => s.trim().toLowerCase())
          .refine((s) => ['a4', 'a5', 'ticket', 'ticket_58', 'ticket_50'].includes(s), {
            message: 'Debe ser a4, a5, ticket, ticket_58 o ticket_50.',
          }),
      ).describe('Formato del PDF: `a4` (por defecto), `a5`, `ticket` (80 mm), `ticket_58`, `ticket_50`.'),
      auto_print: optional(flag()).describe('Impresión automática (pasa tal cual).'),
      name_printer: optional(z.string()).describe('Impresora (pasa tal cual).'),
      client_public_ip: optional(z.string()).describe('IP del cliente (pasa tal cual).'),
    })
    .meta({
      id: 'DocumentActions',
      description:
        'Acciones al emitir (`acciones`). Una clave desconocida aquí es un 422 `unknown_field`: no se emite nada.',
    }),
);

export const affectedDocumentSchema = z
  .object({
    external_id: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
          message: 'Debe ser el external_id (UUID) de un comprobante emitido.',
        }),
    ).describe('external_id del comprobante afectado emitido en Facturo.'),
    serie_documento: optional(
      upperCode(/^[A-Z0-9]{4}$/, 'La serie del documento afectado debe tener 4 caracteres (F001, B001, 0001…).'),
    ).describe('Serie del documento afectado.'),
    numero_documento: optional(
      z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine((s) => /^\d{1,8}$/.test(s), {
          message: 'El número del documento afectado debe tener de 1 a 8 dígitos.',
        })
        .transform((s) => Number(s)),
    ).describe('Número del documento afectado.'),
    codigo_tipo_documento: optional(
      catalogCode(documentTypes, { allowed: ['01', '03', '12', '56'], sunatRule: '2116' }),
    ).describe('Tipo del documento afectado: `01` factura, `03` boleta, `12` ticket.'),
  })
  .meta({
    id: 'AffectedDocument',
    description: 'Documento que modifica la nota (`documento_afectado`): `external_id`, o serie, número y tipo.',
  });

// ---------------------------------------------------------------------------------------------------------------
// Root

/** numero_documento: "#" (the series' next number) or 1 to 8 digits above 0 (SUNAT 1001). */
export const documentNumber = () =>
  z
    .union([z.string(), z.number()], { error: 'Debe ser "#" (siguiente correlativo) o un número entero.' })
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (s === '#') return '#' as const;
      if (/^\d{1,8}$/.test(s) && Number(s) > 0) return Number(s);
      ctx.addIssue({
        code: 'custom',
        message:
          'El número debe ser "#" (siguiente correlativo) o un entero de 1 a 8 dígitos mayor que 0 (SUNAT 1001).',
        params: { code: 'number_invalid', sunatRule: '1001' },
      });
      return z.NEVER;
    });

export const documentBodySchema = z
  .object({
    serie_documento: upperCode(
      /^[A-Z0-9]{1,10}$/,
      'La serie debe ser alfanumérica (F001, B001, FC01, 0001…).',
    ).describe(
      'Serie (4 caracteres): `F###` facturas, `B###` boletas, `F###`/`B###` notas de facturas/boletas (p. ej. `FC01`, `BC01`), 4 dígitos para contingencia (`0001`).',
    ),
    numero_documento: documentNumber().describe(
      '`"#"` para el siguiente correlativo de la serie, o el número explícito (1–8 dígitos; `"00000003"` = 3).',
    ),
    ...issueMomentFields(' Facturas y sus notas, hasta N días atrás (3 por defecto).'),
    codigo_tipo_documento: catalogCode(documentTypes, {
      allowed: ['01', '03', '07', '08'],
      sunatRule: '1003',
    }).describe('Tipo de comprobante: `01` factura, `03` boleta de venta, `07` nota de crédito, `08` nota de débito.'),
    codigo_tipo_operacion: optional(catalogCode(operationTypes, { sunatRule: '3206' })).describe(
      'Tipo de operación, catálogo 51 (`0101` venta interna por defecto, `0200` exportación de bienes, `1001` sujeta a detracción, `2001` sujeta a percepción…). Solo 01/03.',
    ),
    fecha_de_vencimiento: optional(isoDate()).describe(
      'Fecha de vencimiento AAAA-MM-DD (por defecto la de emisión; 01/03).',
    ),
    codigo_tipo_moneda: currencyCode().describe('Moneda ISO 4217 (`PEN`, `USD`, `EUR`…); se convierte a mayúsculas.'),
    factor_tipo_de_cambio: optional(
      decimal({
        min: { value: 0, inclusive: false, message: 'El tipo de cambio debe ser mayor que 0.' },
        integerDigits: 4,
      }),
    ).describe('Tipo de cambio a soles (obligatorio en moneda extranjera con detracción o percepción).'),
    numero_orden_de_compra: optional(text(20, 'La orden de compra')).describe(
      'Orden de compra del cliente → `cac:OrderReference` (máx. 20).',
    ),
    informacion_adicional: optional(text(3000, 'La información adicional')).describe(
      'Texto para el PDF; convención `"Forma de pago:Efectivo|Caja: 1"`.',
    ),
    codigo_condicion_de_pago: optional(
      z.union([z.string(), z.number()], { error: 'Debe ser "01" (contado) o "02" (crédito).' }).transform((v, ctx) => {
        const code = String(v).trim().padStart(2, '0');
        if (code === '01' || code === '02' || code === '03') return code;
        ctx.addIssue({
          code: 'custom',
          message: `Condición de pago "${String(v)}" desconocida: use "01" (contado) o "02" (crédito).`,
          params: { code: 'catalog_code_invalid' },
        });
        return z.NEVER;
      }),
    ).describe('`01` contado (por defecto), `02` crédito (requiere `cuotas`). `03` se interpreta como crédito.'),
    pago_anticipado: optional(flag()).describe('Marca el comprobante como factura de anticipo.'),
    codigo_nota_venta: optional(z.union([z.string(), z.number()])).describe('Nota de venta vinculada.'),
    numero_de_placa: optional(text(20, 'La placa')).describe('Placa del vehículo (grifos).'),
    codigo_vendedor: optional(z.union([z.string(), z.number()])).describe('Id del vendedor (usuario del sistema).'),
    terminos_condiciones: optional(z.string()).describe('Términos y condiciones para el PDF.'),
    folio: optional(z.union([z.string(), z.number()])).describe('Folio.'),
    dato_adicional: optional(z.unknown()).describe('Dato adicional libre.'),
    es_itinerante: optional(flag()).describe('Venta realizada por emisor itinerante.'),
    codigo_consignado: optional(z.unknown()).describe('Consignatario.'),
    codigo_direccion_consignado: optional(z.unknown()).describe('Dirección del consignatario.'),
    consignado_ubigeo: optional(z.unknown()).describe('Ubigeo del consignatario.'),
    consignado_direccion: optional(z.unknown()).describe('Dirección del consignatario.'),
    hotel: optional(z.record(z.string(), z.unknown())).describe('Datos de hotel (claves en inglés; pasan tal cual).'),
    transport: optional(z.record(z.string(), z.unknown())).describe(
      'Datos de transporte de pasajeros (claves en inglés; pasan tal cual).',
    ),
    worker_full_name_tips: optional(z.string()).describe('Nombre del trabajador que recibe la propina.'),
    total_tips: optional(amount()).describe('Propina (no se suma al total).'),
    acciones: optional(actionsSchema),
    leyendas: optional(z.array(legendSchema)).describe(
      'Leyendas (catálogo 52). La 1000 (monto en letras) la genera siempre el servidor.',
    ),
    datos_del_cliente_o_receptor: customerSchema,
    totales: optional(totalsSchema),
    items: z
      .array(itemSchema)
      .min(1, { message: 'El comprobante debe tener al menos un ítem.' })
      .describe('Ítems del comprobante (1 a 999).'),
    cargos: optional(z.array(allowanceChargeSchema)).describe('Cargos globales (`45`, `46`, `49`, `50`).'),
    descuentos: optional(z.array(allowanceChargeSchema)).describe(
      'Descuentos globales (`02`, `03`, `04`/`05`/`06` por anticipos).',
    ),
    detraccion: optional(detractionSchema),
    percepcion: optional(perceptionBlockSchema),
    retencion: optional(retentionSchema),
    anticipos: optional(z.array(advanceSchema)).describe(
      'Anticipos deducidos (cada uno con su descuento global 04/05/06).',
    ),
    guias: optional(z.array(guideSchema)).describe('Guías de remisión relacionadas.'),
    relacionados: optional(z.array(relatedSchema)).describe('Otros documentos relacionados (catálogo 12).'),
    pagos: optional(z.array(paymentSchema)).describe('Pagos recibidos (no se envían a SUNAT).'),
    cuotas: optional(z.array(installmentSchema)).describe(
      'Cuotas de una venta al crédito (Σ = monto neto pendiente; SUNAT 3319).',
    ),
    codigo_tipo_nota: optional(z.union([z.string(), z.number()]).transform((v) => String(v).trim())).describe(
      'Notas: tipo de nota de crédito (catálogo 09: `01` anulación… `13` ajustes de cuotas) o de débito (catálogo 10: `01` intereses por mora, `02` aumento en el valor, `03` penalidades).',
    ),
    motivo_o_sustento_de_nota: optional(text(500, 'El motivo')).describe(
      'Notas: motivo o sustento (máximo 500 caracteres; SUNAT 2135/2136).',
    ),
    documento_afectado: optional(affectedDocumentSchema),
    datos_del_emisor: optional(issuerBlockSchema),
    offline_id: optional(z.union([z.string(), z.number()])).describe('Clave de idempotencia del cliente (opcional).'),
  })
  .meta({
    id: 'DocumentBody',
    description:
      'Cuerpo de POST /api/documents (dialecto FacturadorPro) para facturas 01, boletas 03 y notas 07/08. Importes como números o textos numéricos; los totales enviados se verifican con las reglas de SUNAT y los omitidos se calculan.',
  });

export type DocumentBody = z.output<typeof documentBodySchema>;
export type DocumentBodyInput = z.input<typeof documentBodySchema>;
export type ItemBody = z.output<typeof itemSchema>;
export type AllowanceChargeBody = z.output<typeof allowanceChargeSchema>;
