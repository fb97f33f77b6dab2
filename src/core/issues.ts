// What the core reports about a request body. Issues block the document (the HTTP layer answers
// 422); warnings record harmless normalisations and are returned with the accepted document.

/** What an issue (blocks the document) and a warning (recorded, harmless) both say. */
interface Finding {
  /** JSON path in the request body: 'items[2].total_igv', 'totales.total_venta', 'cuotas', '' for the body. */
  path: string;
  /** Stable snake_case code: 'validation_failed', 'totals_mismatch', 'series_invalid', ... (see ISSUE_CODES). */
  code: string;
  /** Spanish, human, shown by ERPs to users. */
  message: string;
  /**
   * For arithmetic issues, as decimal strings; for a figure a warning keeps within SUNAT's tolerance, ours and the
   * one sent.
   */
  expected?: string;
  received?: string;
  /**
   * SUNAT rule code when there is one, e.g. '3277'; on a warning, SUNAT's code when SUNAT itself would note the
   * same thing (an observation, 4000+) or demands what we emitted.
   */
  sunatRule?: string;
}

export type Issue = Finding;
export type Warning = Finding;

/**
 * Every code the document core emits, with its meaning (the source for docs/errors.md).
 * Issues first, then warnings.
 */
export const ISSUE_CODES = {
  validation_failed:
    'El cuerpo no cumple el esquema: falta un campo, sobra un elemento o un valor tiene un tipo o formato inválido.',
  unknown_field:
    'Clave desconocida dentro de `acciones`, que decide qué llega a SUNAT: se rechaza en lugar de ignorarla (no se firma, guarda, numera ni envía nada).',
  catalog_code_invalid:
    'Un código no existe en el catálogo SUNAT que corresponde (07, 51, 06, 02, 09, 10, 12, 16, 52, 53, 54, 59, 08…) o no es válido en ese lugar.',
  series_invalid:
    'La serie no tiene el formato del tipo de comprobante (F### facturas, B### boletas, F/B### notas, 4 dígitos contingencia). SUNAT 1001.',
  number_invalid: 'El número del comprobante no es "#" ni un entero de 1 a 8 dígitos. SUNAT 1001.',
  customer_ruc_invalid:
    'RUC del cliente con longitud distinta de 11 dígitos (SUNAT 2017) o con dígito verificador incorrecto (modo producción).',
  supplier_ruc_invalid:
    'RUC del proveedor de una retención ausente o sin 11 dígitos (SUNAT 2724), igual al del emisor (2620) o con dígito verificador incorrecto (modo producción).',
  customer_document_type_invalid:
    'El tipo de documento de identidad del cliente no está permitido para este comprobante u operación (SUNAT 2800).',
  customer_document_number_invalid:
    'Número de documento del cliente con formato inválido (DNI 8 dígitos, SUNAT 2801; otros 1–15 caracteres, SUNAT 2802).',
  totals_mismatch:
    'Un importe enviado difiere del calculado con las reglas aritméticas de SUNAT más allá de su tolerancia.',
  installments_mismatch: 'La suma de las cuotas no es el monto neto pendiente de pago. SUNAT 3319.',
  installments_invalid:
    'Cuotas o forma de pago inconsistentes donde SUNAT las valida (facturas y notas de crédito a un cliente con RUC): crédito sin cuotas (3249) o sin monto pendiente (3251), cuotas al contado (3252, y en cualquier comprobante: al contado no se emiten), fecha de cuota no posterior a la emisión (3267, facturas), moneda distinta (2071), cuota mayor al total (3266, facturas).',
  issue_date_out_of_range: 'Fecha de emisión futura o más antigua que el plazo permitido para facturas y sus notas.',
  detraction_required: 'Operación sujeta a detracción (1001–1004) sin bloque detraccion. SUNAT 3127.',
  detraction_not_allowed: 'Bloque detraccion en una operación no sujeta a detracción. SUNAT 3128.',
  detraction_account_required: 'Falta la cuenta del Banco de la Nación para la detracción. SUNAT 3034.',
  detraction_code_mismatch:
    'El código de bien o servicio de la detracción no corresponde al tipo de operación (1002→004, 1003→028, 1004→027). SUNAT 3129.',
  detraction_transport_required:
    'Detracción de transporte de carga (1004) sin ubigeos o direcciones de origen y destino.',
  exchange_rate_required: 'Se necesita factor_tipo_de_cambio para convertir a soles (detracción en moneda extranjera).',
  export_invalid:
    'Exportación (0200–0208) con líneas que no son afectación 40 (SUNAT 2642) o sin código de producto SUNAT (SUNAT 3001).',
  free_line_invalid:
    'Línea gratuita inconsistente: tipo de precio 02 exigido (3224/3234), valor unitario distinto de 0 (2640) o sin valor referencial.',
  price_type_invalid: 'Tipo de precio incompatible con la afectación (01 onerosa, 02 gratuita). SUNAT 3224/3234.',
  icbper_invalid:
    'Impuesto a las bolsas plásticas que no es cantidad × una tarifa anual (0.10–0.50), o cantidad de bolsas no entera. SUNAT 2892.',
  allowance_invalid:
    'Descuento o cargo incoherente: código en el nivel equivocado (4268/4291), monto distinto de base × factor (3307/3290), o descuento mayor que su base.',
  prepayment_mismatch: 'Anticipos sin descuento 04/05/06 equivalente, o al revés. SUNAT 3287/3282.',
  perception_invalid:
    'Percepción inconsistente: bloque percepcion fuera de la operación 2001 (o 2001 sin él; SUNAT 3093), venta al crédito (3308), base mayor al total (2797) o monto ≠ base × tasa (2798).',
  note_invalid:
    'Nota de crédito/débito sin documento afectado válido, tipo de nota incompatible o serie que no corresponde al documento afectado (SUNAT 2116/2117/2399/3259); nota de crédito o débito 11 con líneas que no son afectación 40 (2642) o 12 que no son 17 (2644), con tributos de cabecera que su tipo no admite (3107/3221), o nota 13 con importe total distinto de 0 (3315).',
  legend_duplicated: 'El mismo código de leyenda aparece más de una vez. SUNAT 3014.',
  too_many_lines: 'Más de 999 líneas. SUNAT 2023.',
  amount_out_of_range:
    'Un importe, cantidad o valor unitario (enviado o calculado) supera el formato de SUNAT: hasta 12 dígitos enteros (importes con 2 decimales; cantidades y valores unitarios con 10; cantidad: SUNAT 2025).',
  customer_name_invalid:
    'Nombre o razón social del cliente con menos de 3 caracteres (o que empieza con un espacio). SUNAT 2022.',
  amount_zero_invalid:
    'Un importe que SUNAT exige mayor que 0 resultaría 0.00: valor de una línea onerosa (3105) o referencial de una gratuita (2641), detracción (3037), cargo FISE 45 (3074) o su base (3092), IVAP de la línea (3111).',
  hotel_properties_required:
    'Operación de hospedaje (0202, 0205) sin las propiedades del ítem 4000–4009 que SUNAT exige. SUNAT 3136–3145.',
  item_property_invalid:
    'Propiedad del ítem (catálogo 55) cuyo valor no puede ir donde SUNAT lo lee: una fecha (3005, 3059, 4002, 4003, 4004, 4006 → cac:UsabilityPeriod/cbc:StartDate, SUNAT 3065) o un número (4005 días → DurationMeasure, 3006 → ValueQuantity, SUNAT 3135).',
  operation_products_required:
    'Factura de operación 0112 (gastos deducibles de persona natural) sin una línea 84121901 (crédito hipotecario) u 80131501 (arrendamiento). SUNAT 3181.',
  document_type_invalid:
    'El codigo_tipo_documento no es el del endpoint (09 en /api/dispatches, 31 en /api/dispatch-carrier…). SUNAT 1051.',
  transfer_date_invalid:
    'Fechas del traslado inconsistentes: inicio del traslado anterior a la emisión (SUNAT 3343); en transporte público, entrega de los bienes al transportista anterior a la emisión (3618) o posterior al inicio del traslado (3616).',
  transport_requirements_unmet:
    'La modalidad de traslado exige datos que faltan o que SUNAT rechaza: transportista con RUC en transporte público (2558/2485/2563/2560), conductor principal con documento, nombres y licencia (3357/2568/2569/2571/2572/3360) y placa del vehículo (2566) en transporte privado, con el indicador de vehículos del transportista o en la guía transportista; TUC con formato inválido (3355); indicadores incompatibles (3450/3451); conductores repetidos (3362).',
  dispatch_party_invalid:
    'Destinatario, remitente, proveedor o pagador que SUNAT rechaza: falta el destinatario (2757) o el remitente de la 31 (3383); debe ser el emisor (motivos 02, 04, 07: 2554) o no serlo (2555, 2560); debe tener RUC (motivos 06 y 17: 3417); número de documento con formato inválido (2758/3384/2724/3400).',
  ubigeo_invalid:
    'Ubigeo de partida o llegada que no existe en el catálogo INEI (departamento o provincia inexistentes). SUNAT 3363/3368. En `datos_del_emisor.ubigeo`: un ubigeo que no es un distrito del catálogo.',
  establishment_code_invalid:
    'El código de establecimiento (`datos_del_emisor.codigo_del_domicilio_fiscal`) no tiene 4 dígitos (0000: domicilio fiscal). SUNAT 4242.',
  plate_invalid:
    'Placa de vehículo que no son 6 a 8 letras mayúsculas y dígitos (sin solo ceros) tras quitar guiones y espacios. SUNAT 2567.',
  licence_invalid:
    'Licencia de conducir ausente (2572) o que no son 9 a 10 letras mayúsculas y dígitos (sin solo ceros). SUNAT 2573.',
  establishment_code_required:
    'Traslado entre establecimientos de la misma empresa (motivo 04) sin el código de establecimiento anexo de la partida o de la llegada. SUNAT 3365/3369.',
  related_document_invalid:
    'Documento relacionado al transporte que SUNAT rechaza: tipo no admitido en la guía (2692), número con formato inválido (3441), repetido (3340), emisor que no corresponde (3381/3442), tipo no admitido para el motivo (3445), constancia 49/80 fuera de importación o exportación (3352), demasiados documentos en la 31 (3345/3346).',
  customs_requirements_unmet:
    'Importación (08) o exportación (09) sin DAM o DS relacionada (3440), sin número de bultos (3419), con un puerto fuera del catálogo 63 (3459) o de otro ubigeo (3364), o sin código de establecimiento cuando no hay puerto (3365/3369).',
  motive_description_required: 'Motivo de traslado 13 (otros) sin descripcion_motivo_traslado. SUNAT 3457.',
  igv_rate_invalid:
    'Las líneas gravadas mezclan tasas de IGV, o su tasa no está vigente en la fecha de emisión (18 %; la de la Ley 31556 según el año: 10 % en 2022–2025, 10.5 % en 2026). SUNAT 3462.',
  mortgage_properties_required:
    'Línea de factura con código de producto 84121901 (crédito hipotecario) sin las propiedades del ítem 7001, 7004, 7005 (y 7003, 7006, 7007 si 7002 es 3). SUNAT 3150–3155.',
} as const;

export const WARNING_CODES = {
  issuer_field_differs:
    'Un dato de `datos_del_emisor` (ubigeo, dirección, país, correo, teléfono) difiere del establecimiento registrado: el comprobante lleva el registrado.',
  unknown_field:
    'Una clave que el esquema no conoce se ignoró; el mensaje sugiere la clave conocida más parecida ("¿Quiso decir …?").',
  value_normalized:
    'Un valor se normalizó sin cambiar su significado (mayúsculas, ceros a la izquierda, número como texto…).',
  empty_value_ignored: 'Un texto vacío se trató como campo ausente.',
  default_applied:
    'Un campo ausente tomó su valor por defecto (codigo_pais PE, fecha de vencimiento = emisión, operación 0101…).',
  amount_rounded: 'Un importe con más de 2 decimales (o un valor unitario con más de 10) se redondeó.',
  legend_added: 'Se agregó una leyenda obligatoria (2006 detracción, 1002 transferencia gratuita).',
  legend_replaced: 'La leyenda 1000 enviada se reemplazó por el monto en letras calculado del total.',
  customer_ruc_check_digit: 'RUC del cliente con dígito verificador incorrecto (modo demo: se acepta).',
  customer_document_number_unusual:
    'Nota de crédito o débito con un número de documento del cliente que no tiene el formato de su tipo (DNI de 8 dígitos…): SUNAT no lo valida en notas; se emite tal cual.',
  exchange_rate_missing: 'Comprobante en moneda extranjera sin factor_tipo_de_cambio.',
  detraction_percent_differs: 'El porcentaje de detracción difiere del de catálogo 54.',
  detraction_below_threshold: 'Detracción en una operación que no supera S/ 700.',
  prepayment_discount_added: 'Se generó el descuento global 04/05/06 de cada anticipo.',
  total_within_tolerance:
    'Un importe enviado difiere del calculado, pero dentro de la tolerancia de SUNAT (±1): se emitió el enviado (expected/received). En total_venta la diferencia va en cbc:PayableRoundingAmount y el PDF la imprime como "Redondeo".',
  informational_total_differs:
    'Un total que SUNAT no valida (total_item, total_descuentos, total_cargos de línea, total_pendiente_pago) difiere del calculado: se informa y se usa el indicado en el mensaje.',
  igv_rate_unusual:
    'Una sola tasa de IGV distinta de la general en un año cuya tasa especial de la Ley 31556 no está codificada (desde 2027): se acepta sin poder verificarla (SUNAT 3462).',
  sunat_observation:
    'Se acepta lo que SUNAT acepta con una observación (código en sunat_rule): ICBPER a la tarifa de otro año (4318), DNI de una boleta que no tiene 8 dígitos (4207), cargo o descuento en el nivel equivocado (4268 línea, 4291 global), descuentos o cargos que la aritmética de las notas de boletas no considera más allá de ±1.00 (4299 base, 4300 base IVAP, 4312 total), precio unitario enviado distinto del calculado en boletas y notas de débito de boletas (4287), nota de crédito 04/05/08 de una boleta (4367), hospedaje: país 4000/4001 fuera del catálogo 04 (4280), días 4005 que no son un entero de 1–4 dígitos (4281), ingreso 4003 posterior a la salida 4004 (4282).',
  value_adjusted:
    'Se emitió el valor que SUNAT exige en lugar del enviado, con la misma intención: porcentaje_igv 0 en líneas exoneradas, inafectas o de exportación (SUNAT 3101).',
  payment_terms_unchecked:
    'Forma de pago o cuotas que SUNAT valida solo en facturas y notas de crédito a un cliente con RUC (3249, 3251, 3252, 3254, 3265–3267, 3319, 2071): en boletas, sus notas, notas de débito o clientes sin RUC se acepta y se emite tal como se envió.',
  due_date_before_issue:
    'La fecha de vencimiento es anterior a la de emisión: SUNAT solo valida su formato; se emite tal cual.',
  value_ignored:
    'Se recibió un dato que la guía no emite porque SUNAT lo rechazaría en ese caso (FacturadorPro lo descarta igual): conductor y vehículo en transporte público sin indicador (3354/3455), transportista en transporte privado (3347), código de establecimiento de un punto que no es de un RUC o del motivo 18 (3410/3416), puerto fuera de importación y exportación, destinatario del motivo 04 (es el emisor).',
  ubigeo_not_in_catalog:
    'Ubigeo de un distrito que el catálogo INEI incluido no conoce en una provincia existente, o de un departamento o provincia: SUNAT lo rechaza (3363/3368) salvo que sea un distrito creado después del catálogo; se emite tal cual.',
  boleta_buyer_unidentified:
    'Boleta de más de S/ 700 sin identificar al comprador: SUNAT la acepta (la regla es de FacturadorPro); conviene identificarlo.',
} as const;

export type IssueCode = keyof typeof ISSUE_CODES;
export type WarningCode = keyof typeof WARNING_CODES;

export function issue(
  path: string,
  code: IssueCode,
  message: string,
  extra: Omit<Issue, 'path' | 'code' | 'message'> = {},
): Issue {
  return { path, code, message, ...extra };
}

export function warning(path: string, code: WarningCode, message: string, sunatRule?: string): Warning {
  return sunatRule ? { path, code, message, sunatRule } : { path, code, message };
}

/** Joins a parent path and a key or index the way the contract writes paths: `items[1].total_igv`. */
export function joinPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/** `['items', 2, 'total_igv']` → `items[2].total_igv` (the contract's notation for a field's path). */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out = joinPath(out, typeof key === 'number' ? key : String(key));
  return out;
}
