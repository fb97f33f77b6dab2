// SUNAT's code → message table. The bulk comes from the bundled assets/sunat/error-codes/CodeErrors.xml
// (greenter's copy of SUNAT's catalogue, MIT; see the SOURCE.md beside it), read once per process; the codes that
// list lacks (SUNAT's 2021 arithmetic rejections 3270–3330, the one-IGV-rate rule 3462 of 2022, observation 4367
// and the consult-service statuses) are added below with SUNAT's own wording (CatalogoErrores.xml of SUNAT's
// validation package).
import { join } from 'node:path';
import { normalizeSunatCode } from '../core/cdr.ts';
import { BundledAssetError, readBundledAsset, SUNAT_ASSETS_DIR } from './assets.ts';

export const DEFAULT_ERROR_CODES_PATH = join(SUNAT_ASSETS_DIR, 'error-codes', 'CodeErrors.xml');
const WHAT = 'el catálogo de errores de SUNAT';

const supplement: Record<string, string> = {
  '3270':
    'El precio unitario de la operación que está informando difiere de los cálculos realizados en base a la información remitida',
  '3271': 'El valor de venta por ítem difiere de los importes consignados.',
  '3272': 'La base imponible a nivel de línea difiere de la información consignada en el comprobante',
  '3273': 'La sumatoria del total valor de venta - Exportaciones de línea no corresponden al total',
  '3274': 'La sumatoria del total valor de venta - operaciones inafectas de línea no corresponden al total',
  '3275': 'La sumatoria del total valor de venta - operaciones exoneradas de línea no corresponden al total',
  '3276': 'La sumatoria del total valor de venta - operaciones gratuitas de línea no corresponden al total',
  '3277': 'La sumatoria del total valor de venta - operaciones gravadas de línea no corresponden al total',
  '3278': 'La sumatoria de valor de venta no corresponde a los importes consignados',
  '3279': 'La sumatoria del Total del valor de venta más los impuestos no concuerda con la base imponible',
  '3280': 'El importe total del comprobante no coincide con el valor calculado',
  '3282': "Si se informa descuentos globales por anticipo debe existir 'Total de anticipos' con monto mayor a cero",
  '3283': 'Si se utiliza la leyenda con código 2001, el total de operaciones exoneradas debe ser mayor a 0.00',
  '3284': 'Si se utiliza la leyenda con código 2002, el total de operaciones exoneradas debe ser mayor a 0.00',
  '3285': 'Si se utiliza la leyenda con código 2003, el total de operaciones exoneradas debe ser mayor a 0.00',
  '3287':
    "Si se informa 'Total de anticipos' debe consignar los descuentos globales por anticipo con monto mayor a cero",
  '3288': 'Debe consignar el Total Valor de Venta',
  '3289': 'Si se utiliza la leyenda con código 2008, el total de operaciones exoneradas debe ser mayor a 0.00',
  '3290': 'El valor de cargo/descuento por ítem difiere de los importes consignados.',
  '3291': 'El cálculo del IGV es Incorrecto',
  '3292': 'El importe total de impuestos por línea no coincide con la sumatoria de los impuestos por línea.',
  '3293': 'La sumatoria del total valor de venta - IVAP de línea no corresponden al total',
  '3294': 'La sumatoria de impuestos globales no corresponde al monto total de impuestos.',
  '3295': 'El importe del IVAP no corresponden al determinado por la informacion consignada.',
  '3296': 'La sumatoria del monto base - ISC de línea no corresponden al total',
  '3297': 'La sumatoria del monto base - Otros tributos de línea no corresponden al total',
  '3298': 'La sumatoria del total del importe del tributo ISC de línea no corresponden al total',
  '3299': 'La sumatoria del total del importe del tributo Otros tributos de línea no corresponden al total',
  '3300': 'La sumatoria consignados en descuentos globales no corresponden al total.',
  '3301': 'La sumatoria consignados en cargos globales no corresponden al total',
  '3302': 'La sumatoria de los IGV de operaciones gratuitas de la línea (codigo tributo 9996) no corresponden al total',
  '3303': 'El monto para el redondeo del Importe Total excede el valor permitido',
  '3304': 'La moneda del monto para el redondeo debe ser PEN',
  '3305': 'Debe consignar el Total Precio de Venta',
  '3306': 'La sumatoria del total del importe del tributo ICBPER de línea no corresponden al total',
  '3307': 'El valor de cargo/descuento global difiere de los importes consignados',
  '3308':
    'Solo debe consignar informacion de percepciones si el tipo de operación es 2001-Operación sujeta a Percepcion',
  '3309': 'Si forma de pago es Contado debe consignar un Payment Terms con indicador Percepcion',
  '3310': 'Debe consignar el Monto total incluido la percepcion',
  '3311': 'El Monto total incluido la percepción no cumple con el formato establecido',
  '3319': 'La suma de las cuotas debe ser igual al Monto neto pendiente de pago.',
  '3322': 'El valor debe ser 01 que corresponde a Emisión de Percepción Excepcional',
  '3323': "Solo se permite 1 documento relacionado cuando el Indicador de emisión excepcional es '01'",
  '3324':
    "Solo se permite '01' para el Tipo de documento relacionado cuando el valor del Indicador de emisión excepcional es '01'",
  '3330': 'Solo debe consignar informacion de percepciones si la forma de pago es "Contado"',
  '3461': 'El tipo de transaccion o el identificador de la cuota no debe repetirse en el comprobante',
  '3462':
    'La tasa del IGV debe ser la misma en todas las líneas o ítems del documento y debe corresponder con una tasa vigente.',
  '4367': 'El tipo de nota de crédito 04, 05 y 08 no debería estar vinculado a una boleta',
};

/** Status codes of billConsultService (getStatusCdr / getStatus); they overlap other meanings in SUNAT's big catalogue. */
export const consultStatusMessages: Record<string, string> = {
  '0001': 'El comprobante existe y está aceptado.',
  '0002': 'El comprobante existe pero está rechazado.',
  '0003': 'El comprobante existe pero está de baja.',
  '0004': 'La constancia existe',
  '0005': 'El formato del tipo de comprobante no es válido.',
  '0006': 'El formato de la serie no es válido.',
  '0007': 'El número del comprobante debe ser mayor que cero.',
  '0008': 'El número de RUC no está inscrito en los registros de la SUNAT.',
  '0009': 'El tipo de comprobante debe ser (01, 07 o 08).',
  '0010': 'Sólo se puede consultar facturas, notas de crédito y débito electrónicas, cuya serie empieza con "F".',
  '0011': 'El comprobante de pago electrónico no existe.',
  '0012': 'El comprobante de pago electrónico no le pertenece.',
  '0013': 'El ticket no existe.',
  '0014': 'No se pudo obtener la constancia.',
};

let table: Map<string, string> | undefined;

function load(path: string): Map<string, string> {
  const text = readBundledAsset(path, WHAT).toString('utf8');
  const map = new Map<string, string>();
  const re = /<error\s+code="(\d+)"\s*>([\s\S]*?)<\/error>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) map.set(normalizeSunatCode(m[1]), decodeEntities(m[2]).trim());
  // A truncated or foreign file would otherwise turn every SUNAT answer into a bare code.
  if (map.size === 0) throw new BundledAssetError(path, WHAT, 'no contiene ningún <error code="…">');
  for (const [code, message] of Object.entries(supplement)) if (!map.has(code)) map.set(code, message);
  return map;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');
}

/** Reads the table from this file now, replacing the one in use (tests point it at other files). */
export function loadSunatErrorCodes(path: string = DEFAULT_ERROR_CODES_PATH): void {
  table = load(path);
}

/**
 * Called at process start: a missing or unreadable catalogue stops the start with a BundledAssetError naming
 * the file, instead of surfacing on the first SUNAT answer. Reads the file once per process.
 */
export function ensureSunatErrorCodes(): void {
  catalogue();
}

function catalogue(): Map<string, string> {
  table ??= load(DEFAULT_ERROR_CODES_PATH);
  return table;
}

/** SUNAT's message for a code ('0156', '156' and '2335' alike); undefined when the catalogue does not know it. */
export function describeSunatCode(code: string): string | undefined {
  return catalogue().get(normalizeSunatCode(code));
}

/** The message, or a neutral Spanish text naming the code when SUNAT answers a code the catalogue lacks. */
export function sunatMessage(code: string): string {
  return describeSunatCode(code) ?? `Código SUNAT ${normalizeSunatCode(code)}`;
}
