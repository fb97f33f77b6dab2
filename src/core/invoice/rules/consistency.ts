// Rules that relate lines to the operation: operations allowed per document type (catalog 51 flags), exports (0200–0208) only with afectación 40 (2642) and a UNSPSC
// product code (3001); afectación 40 only in exports; IVAP (17) never mixed with other codes, free ones included (2644);
// at most 999 lines (2023); a foreign currency without exchange rate is worth a warning.
import { missingHotelProperties, operationTypes } from '../../catalogs/index.ts';
import { joinPath } from '../../issues.ts';
import { addIssue, addWarning, newFindings, type Findings } from '../findings.ts';
import type { FilledBody } from '../defaults.ts';

export const MAX_LINES = 999;

export function checkConsistency(body: FilledBody): Findings {
  const f = newFindings();
  if (body.items.length > MAX_LINES) {
    addIssue(
      f,
      'items',
      'too_many_lines',
      `Un comprobante admite como máximo ${MAX_LINES} líneas; se recibieron ${body.items.length} (SUNAT 2023).`,
      { sunatRule: '2023' },
    );
  }
  const operation = body.codigo_tipo_operacion ? operationTypes.get(body.codigo_tipo_operacion) : undefined;
  const isNote = body.codigo_tipo_documento === '07' || body.codigo_tipo_documento === '08';
  // Catalog 51 says which operations each document may declare (SUNAT cat_51.xml factura/boleta flags).
  const documentName = { '01': 'facturas', '03': 'boletas' }[body.codigo_tipo_documento as '01' | '03'];
  const allowed = body.codigo_tipo_documento === '01' ? operation?.factura : operation?.boleta;
  if (operation && documentName && !allowed) {
    addIssue(
      f,
      'codigo_tipo_operacion',
      'catalog_code_invalid',
      `La operación ${operation.code} (${operation.description}) no se admite en ${documentName} (SUNAT 3206).`,
      { sunatRule: '3206' },
    );
  }
  body.items.forEach((item, i) => {
    const p = joinPath('items', i);
    const code = item.codigo_tipo_afectacion_igv;
    if (operation?.exportation) {
      if (code !== '40') {
        addIssue(
          f,
          joinPath(p, 'codigo_tipo_afectacion_igv'),
          'export_invalid',
          `En una exportación (${operation.code}) todas las líneas son afectación 40; se recibió ${code} (SUNAT 2642).`,
          { sunatRule: '2642' },
        );
      }
      if (!item.codigo_producto_sunat) {
        addIssue(
          f,
          joinPath(p, 'codigo_producto_sunat'),
          'export_invalid',
          'En una exportación cada línea necesita el código de producto SUNAT (UNSPSC, 8 dígitos) (SUNAT 3001).',
          { sunatRule: '3001' },
        );
      }
    } else if (code === '40' && !isNote) {
      addIssue(
        f,
        joinPath(p, 'codigo_tipo_afectacion_igv'),
        'export_invalid',
        `La afectación 40 (exportación) requiere un tipo de operación de exportación (0200–0208); la operación es ${body.codigo_tipo_operacion}.`,
      );
    }
  });
  // Hospedaje (SUNAT 3136–3145): every line of 0202/0205 carries the item properties of catalog 55.
  body.items.forEach((item, i) => {
    const operationCode = isNote ? undefined : body.codigo_tipo_operacion;
    const missing = missingHotelProperties(
      operationCode,
      (item.datos_adicionales ?? []).map((a) => a.codigo),
    );
    if (missing.length === 0) return;
    addIssue(
      f,
      joinPath(joinPath('items', i), 'datos_adicionales'),
      'hotel_properties_required',
      `La operación ${operationCode} (hospedaje) exige en cada línea las propiedades ${missing.map(([p]) => p).join(', ')} del catálogo 55 (SUNAT ${missing.map(([, r]) => r).join(', ')}).`,
      { sunatRule: missing[0][1] },
    );
  });
  const codes = new Set(body.items.map((i) => i.codigo_tipo_afectacion_igv));
  // SUNAT 2644: an IVAP line (17) with a base excludes every line of another affectation, free ones included.
  if (codes.has('17') && [...codes].some((c) => c !== '17')) {
    const i = body.items.findIndex((it) => it.codigo_tipo_afectacion_igv !== '17');
    addIssue(
      f,
      joinPath(joinPath('items', i), 'codigo_tipo_afectacion_igv'),
      'catalog_code_invalid',
      'Un comprobante con IVAP (17) no puede tener líneas de otra afectación, ni gratuitas (SUNAT 2644).',
      { sunatRule: '2644' },
    );
  }
  if (body.codigo_tipo_documento === '07' && (body.anticipos?.length ?? 0) > 0) {
    addIssue(
      f,
      'anticipos',
      'validation_failed',
      'Una nota de crédito no deduce anticipos (UBL CreditNote no tiene PrepaidPayment).',
    );
  }
  if (body.informacion_adicional && body.informacion_adicional.length > 500) {
    addWarning(
      f,
      'informacion_adicional',
      'value_normalized',
      'La información adicional supera 500 caracteres: se imprime en el PDF pero no se incluye en el XML.',
    );
  }
  if (body.codigo_tipo_moneda !== 'PEN' && !body.factor_tipo_de_cambio) {
    addWarning(
      f,
      'factor_tipo_de_cambio',
      'exchange_rate_missing',
      `Comprobante en ${body.codigo_tipo_moneda} sin factor_tipo_de_cambio.`,
    );
  }
  return f;
}
