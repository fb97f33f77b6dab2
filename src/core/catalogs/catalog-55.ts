// Catálogo 55 — códigos de identificación del concepto tributario (cac:AdditionalItemProperty/cbc:NameCode).
import { definePlainCatalog } from './catalog.ts';

export const itemProperties = definePlainCatalog('55', 'Propiedades del ítem', [
  ['3001', 'Detracciones: recursos hidrobiológicos - matrícula de la embarcación'],
  ['3002', 'Detracciones: recursos hidrobiológicos - nombre de la embarcación'],
  ['3003', 'Detracciones: recursos hidrobiológicos - tipo de especie vendida'],
  ['3004', 'Detracciones: recursos hidrobiológicos - lugar de descarga'],
  ['3005', 'Detracciones: recursos hidrobiológicos - fecha de descarga'],
  ['3006', 'Detracciones: recursos hidrobiológicos - cantidad de especie vendida'],
  ['3050', 'Transporte terrestre - número de asiento'],
  ['3051', 'Transporte terrestre - información de manifiesto de pasajeros'],
  ['3052', 'Transporte terrestre - número de documento de identidad del pasajero'],
  ['3053', 'Transporte terrestre - tipo de documento de identidad del pasajero'],
  ['3054', 'Transporte terrestre - nombres y apellidos del pasajero'],
  ['3055', 'Transporte terrestre - ciudad o lugar de destino - ubigeo'],
  ['3056', 'Transporte terrestre - ciudad o lugar de destino - dirección detallada'],
  ['3057', 'Transporte terrestre - ciudad o lugar de origen - ubigeo'],
  ['3058', 'Transporte terrestre - ciudad o lugar de origen - dirección detallada'],
  ['3059', 'Transporte terrestre - fecha de inicio programado'],
  ['3060', 'Transporte terrestre - hora de inicio programado'],
  ['4000', 'Beneficio hospedajes: código de país de emisión del pasaporte'],
  ['4001', 'Beneficio hospedajes: código de país de residencia del sujeto no domiciliado'],
  ['4002', 'Beneficio hospedajes: fecha de ingreso al país'],
  ['4003', 'Beneficio hospedajes: fecha de ingreso al establecimiento'],
  ['4004', 'Beneficio hospedajes: fecha de salida del establecimiento'],
  ['4005', 'Beneficio hospedajes: número de días de permanencia'],
  ['4006', 'Beneficio hospedajes: fecha de consumo'],
  ['4007', 'Beneficio hospedajes: nombres y apellidos del huésped'],
  ['4008', 'Beneficio hospedajes: tipo de documento de identidad del huésped'],
  ['4009', 'Beneficio hospedajes: número de documento de identidad del huésped'],
  ['4030', 'Carta porte aéreo: lugar de origen - código de ubigeo'],
  ['4031', 'Carta porte aéreo: lugar de origen - dirección detallada'],
  ['4032', 'Carta porte aéreo: lugar de destino - código de ubigeo'],
  ['4033', 'Carta porte aéreo: lugar de destino - dirección detallada'],
  ['4040', 'BVME transporte ferroviario: pasajero - apellidos y nombres'],
  ['4041', 'BVME transporte ferroviario: pasajero - tipo documento de identidad'],
  ['4042', 'BVME transporte ferroviario: ciudad o lugar de origen - código de ubigeo'],
  ['4043', 'BVME transporte ferroviario: ciudad o lugar de origen - dirección detallada'],
  ['4044', 'BVME transporte ferroviario: ciudad o lugar de destino - código de ubigeo'],
  ['4045', 'BVME transporte ferroviario: ciudad o lugar de destino - dirección detallada'],
  ['4046', 'BVME transporte ferroviario: número de asiento'],
  ['4047', 'BVME transporte ferroviario: hora programada de inicio de viaje'],
  ['4048', 'BVME transporte ferroviario: fecha programada de inicio de viaje'],
  ['4049', 'BVME transporte ferroviario: pasajero - número de documento de identidad'],
  ['4060', 'Regalía petrolera: decreto supremo de aprobación del contrato'],
  ['4061', 'Regalía petrolera: área de contrato (lote)'],
  ['4062', 'Regalía petrolera: periodo de pago - fecha de inicio'],
  ['4063', 'Regalía petrolera: periodo de pago - fecha de fin'],
  ['4064', 'Regalía petrolera: fecha de pago'],
  ['5000', 'Proveedores Estado: número de expediente'],
  ['5001', 'Proveedores Estado: código de unidad ejecutora'],
  ['5002', 'Proveedores Estado: N° de proceso de selección'],
  ['5003', 'Proveedores Estado: N° de contrato'],
  ['5010', 'Número de placa'],
  ['5011', 'Categoría'],
  ['5012', 'Marca'],
  ['5013', 'Modelo'],
  ['5014', 'Color'],
  ['5015', 'Motor'],
  ['5016', 'Combustible'],
  ['5017', 'Form. rodante'],
  ['5018', 'VIN'],
  ['5019', 'Serie/chasis'],
  ['5020', 'Año fabricación'],
  ['5021', 'Año modelo'],
  ['5022', 'Versión'],
  ['5023', 'Ejes'],
  ['5024', 'Asientos'],
  ['5025', 'Pasajeros'],
  ['5026', 'Ruedas'],
  ['5027', 'Carrocería'],
  ['5028', 'Potencia'],
  ['5029', 'Cilindros'],
  ['5030', 'Cilindrada'],
  ['5031', 'Peso bruto'],
  ['5032', 'Peso neto'],
  ['5033', 'Carga útil'],
  ['5034', 'Longitud'],
  ['5035', 'Altura'],
  ['5036', 'Ancho'],
  ['5060', 'Gas natural - lectura anterior'],
  ['5061', 'Gas natural - lectura actual'],
  ['5062', 'Gas natural - volumen consumido a condiciones de lectura'],
  ['5063', 'Gas natural - factor de corrección del volumen'],
  ['5064', 'Gas natural - volumen a condiciones estándares'],
  ['5065', 'Gas natural - volumen facturado'],
  ['5066', 'Gas natural - poder calorífico superior promedio del gas'],
  ['6000', 'Comercialización de oro: código único concesión minera'],
  ['6001', 'Comercialización de oro: N° declaración compromiso'],
  ['6002', 'Comercialización de oro: N° reg. especial comerci. oro'],
  ['6003', 'Comercialización de oro: N° resolución que autoriza planta de beneficio'],
  ['6004', 'Comercialización de oro: ley mineral (% concent. oro)'],
  ['6005', 'Comercialización de oro: naturaleza del mineral'],
  ['6006', 'Comercialización de oro: nombre del derecho minero'],
  ['7000', 'Gastos Art. 37 Renta: número de placa'],
  ['7001', 'Empresas del sistema financiero y cooperativas: tipo de préstamo'],
  ['7002', 'Empresas del sistema financiero y cooperativas: indicador de primera vivienda'],
  ['7003', 'Empresas del sistema financiero y cooperativas: partida registral'],
  ['7004', 'Empresas del sistema financiero y cooperativas: número de contrato'],
  ['7005', 'Empresas del sistema financiero y cooperativas: fecha de otorgamiento del crédito'],
  ['7006', 'Empresas del sistema financiero y cooperativas: dirección del predio - código de ubigeo'],
  ['7007', 'Empresas del sistema financiero y cooperativas: dirección del predio - dirección completa'],
  ['7008', 'Empresas del sistema financiero y cooperativas: dirección del predio - urbanización'],
  ['7009', 'Empresas del sistema financiero y cooperativas: dirección del predio - provincia'],
  ['7010', 'Empresas del sistema financiero y cooperativas: dirección del predio - distrito'],
  ['7011', 'Empresas del sistema financiero y cooperativas: dirección del predio - departamento'],
  ['7012', 'Empresas del sistema financiero y cooperativas: monto del crédito otorgado (capital)'],
  ['7013', 'Empresas del sistema de seguro: número de póliza'],
  ['7014', 'Empresas del sistema de seguro: fecha de inicio/término de vigencia de cobertura'],
  ['7015', 'Empresas del sistema de seguro: tipo de seguro'],
  ['7016', 'Empresas del sistema de seguro: suma asegurada / alcance de cobertura o monto'],
  ['7017', 'AFP: CUSPP'],
  ['7018', 'AFP: periodo'],
  ['7019', 'AFP: monto del interés moratorio'],
  ['7020', 'Subpartida nacional'],
  ['7021', 'Número de declaración aduanera (DAM)'],
]);

/**
 * Hospedaje (SUNAT 3136–3145): every line of a 0202 sale to a non-domiciled guest carries the item properties
 * 4000–4009; a 0205 package only 4000, 4007, 4008 and 4009. Property → SUNAT rule, in the XSL's order.
 */
const HOTEL_PROPERTIES: Readonly<Record<string, readonly (readonly [property: string, rule: string])[]>> = {
  '0202': [
    ['4009', '3136'],
    ['4008', '3137'],
    ['4000', '3138'],
    ['4007', '3139'],
    ['4001', '3140'],
    ['4002', '3141'],
    ['4003', '3142'],
    ['4004', '3143'],
    ['4006', '3144'],
    ['4005', '3145'],
  ],
  '0205': [
    ['4000', '3138'],
    ['4007', '3139'],
    ['4008', '3137'],
    ['4009', '3136'],
  ],
};

/** The hospedaje properties a line of this operation lacks, each with its SUNAT rule (none for other operations). */
export function missingHotelProperties(
  operation: string | undefined,
  present: readonly (string | undefined)[],
): (readonly [property: string, rule: string])[] {
  const required = operation ? HOTEL_PROPERTIES[operation] : undefined;
  return required ? required.filter(([property]) => !present.includes(property)) : [];
}

/** Where SUNAT reads a property's value when it is not cbc:Value. */
export type PropertyValueElement = 'startDate' | 'duration' | 'quantity';

/**
 * Properties whose value SUNAT reads from another element than cbc:Value (the XSL's existElement checks):
 * dates in cac:UsabilityPeriod/cbc:StartDate (SUNAT 3065: 3005, 3059, 4002, 4003, 4004, 4006), the days of stay
 * 4005 in cac:UsabilityPeriod/cbc:DurationMeasure and the quantity 3006 in cbc:ValueQuantity (SUNAT 3135).
 */
const VALUE_ELEMENTS: ReadonlyMap<string, { element: PropertyValueElement; rule: '3065' | '3135' }> = new Map([
  ['3005', { element: 'startDate', rule: '3065' }],
  ['3059', { element: 'startDate', rule: '3065' }],
  ['4002', { element: 'startDate', rule: '3065' }],
  ['4003', { element: 'startDate', rule: '3065' }],
  ['4004', { element: 'startDate', rule: '3065' }],
  ['4006', { element: 'startDate', rule: '3065' }],
  ['4005', { element: 'duration', rule: '3135' }],
  ['3006', { element: 'quantity', rule: '3135' }],
]);

/** The element and SUNAT rule of a property whose value is not cbc:Value (undefined for the others). */
export function propertyValueElement(
  code: string,
): { element: PropertyValueElement; rule: '3065' | '3135' } | undefined {
  return VALUE_ELEMENTS.get(code);
}

/** Properties whose cbc:Value is a catalog-04 country code (SUNAT 4280, an observation). */
export const COUNTRY_PROPERTIES: readonly string[] = ['4000', '4001'];

/** SUNAT 3181: a factura of operation 0112 has a line of mortgage-credit interest (84121901) or a lease (80131501). */
export const DEDUCTIBLE_EXPENSE_PRODUCTS: readonly string[] = ['84121901', '80131501'];
export const MORTGAGE_CREDIT_PRODUCT = '84121901';

/** [property, SUNAT rule, required on every 84121901 line (else only when 7002 is 3)], in the XSL's order. */
const MORTGAGE_PROPERTIES: readonly (readonly [property: string, rule: string, always: boolean])[] = [
  ['7001', '3150', true],
  ['7003', '3151', false],
  ['7004', '3152', true],
  ['7005', '3153', true],
  ['7006', '3154', false],
  ['7007', '3155', false],
];

/**
 * SUNAT 3150–3155 (facturas): the mortgage-credit properties a line of product 84121901 lacks, each with its rule;
 * 7003, 7006 and 7007 only when the first-home indicator 7002 is '3'. None for other products.
 */
export function missingMortgageProperties(
  productCode: string | undefined,
  present: readonly (string | undefined)[],
  firstHome: string | undefined,
): (readonly [property: string, rule: string])[] {
  if (productCode !== MORTGAGE_CREDIT_PRODUCT) return [];
  return MORTGAGE_PROPERTIES.filter(([p, , always]) => !present.includes(p) && (always || firstHome === '3')).map(
    ([p, rule]) => [p, rule] as const,
  );
}
