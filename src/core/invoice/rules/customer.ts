// Who may receive the document (SUNAT 2800 / 2017 / 2801 / 2802; FacturadorPro's boleta > S/ 700 rule).
import { identityDocumentTypes, operationTypes } from '../../catalogs/index.ts';
import type { Decimal } from '../../money.ts';
import { hasRucFormat, isValidRuc } from '../../ruc.ts';
import { addIssue, addWarning, newFindings, type Findings } from '../findings.ts';
import type { FilledBody } from '../defaults.ts';

const PATH = 'datos_del_cliente_o_receptor';
/** Boletas above this amount (PEN) must identify the buyer (FacturadorPro; SUNAT's boleta rules). */
export const BOLETA_IDENTITY_THRESHOLD_PEN = 700;

export interface CustomerRuleInput {
  body: FilledBody;
  /** Group of the document: '01' facturas and their notes, '02' boletas and their notes. */
  group: '01' | '02';
  /** Importe total converted to PEN. */
  payablePen: Decimal;
  mode: 'demo' | 'production';
  /** Notes do not carry the affected document's operation type: only DNI and "sin documento" are refused there. */
  isNote: boolean;
}

export function checkCustomer({ body, group, payablePen, mode, isNote }: CustomerRuleInput): Findings {
  const f = newFindings();
  const c = body.datos_del_cliente_o_receptor;
  const type = identityDocumentTypes.get(c.codigo_tipo_documento_identidad)!;
  const number = c.numero_documento.trim();

  // Number format for the declared type.
  if (type.code === '6') {
    if (!hasRucFormat(number)) {
      addIssue(
        f,
        `${PATH}.numero_documento`,
        'customer_ruc_invalid',
        `El RUC del cliente debe tener 11 dígitos; se recibió "${number}" (${number.length} caracteres) (SUNAT 2017).`,
        { sunatRule: '2017' },
      );
    } else if (!isValidRuc(number)) {
      const message = `El RUC del cliente ${number} no es válido: su dígito verificador no corresponde.`;
      if (mode === 'production') addIssue(f, `${PATH}.numero_documento`, 'customer_ruc_invalid', message);
      else addWarning(f, `${PATH}.numero_documento`, 'customer_ruc_check_digit', `${message} Se acepta en modo demo.`);
    }
  } else if (type.code === '1') {
    if (!/^\d{8}$/.test(number)) {
      addIssue(
        f,
        `${PATH}.numero_documento`,
        'customer_document_number_invalid',
        `El DNI del cliente debe tener 8 dígitos; se recibió "${number}" (SUNAT 2801).`,
        { sunatRule: '2801' },
      );
    }
  } else if (!type.pattern.test(number)) {
    addIssue(
      f,
      `${PATH}.numero_documento`,
      'customer_document_number_invalid',
      `Número de documento del cliente inválido para ${type.label}: de 1 a 15 caracteres sin espacios (SUNAT 2802).`,
      { sunatRule: '2802' },
    );
  }

  // Allowed document types (SUNAT 2800).
  const operation = body.codigo_tipo_operacion ? operationTypes.get(body.codigo_tipo_operacion) : undefined;
  const typePath = `${PATH}.codigo_tipo_documento_identidad`;
  const refuse = (why: string) =>
    addIssue(
      f,
      typePath,
      'customer_document_type_invalid',
      `El tipo doc. identidad ${type.label} del cliente no es válido: ${why} (SUNAT 2800).`,
      { sunatRule: '2800' },
    );
  if (group === '01' && isNote) {
    if (type.code === '1' || type.code === '-')
      refuse('una nota de una factura requiere el RUC (o el documento del no domiciliado) del cliente');
  } else if (group === '01') {
    if (operation?.rucNotAllowed && type.code === '6')
      refuse(`la operación ${operation.code} (${operation.description}) no admite clientes con RUC`);
    else if (operation?.anyCustomerDocument) {
      // exports and non-domiciled buyers: any catalog-06 type
    } else if (operation?.facturaCustomerTypes) {
      if (!operation.facturaCustomerTypes.includes(type.code))
        refuse(`la operación ${operation.code} admite solo ${operation.facturaCustomerTypes.join(', ')}`);
    } else if (type.code !== '6') {
      refuse('una factura (y sus notas) requiere un cliente con RUC (tipo 6)');
    }
  } else {
    if (operation?.exportation && operation.rucNotAllowed && type.code === '6')
      refuse(`la operación ${operation.code} no admite clientes con RUC`);
    else if (payablePen.gt(BOLETA_IDENTITY_THRESHOLD_PEN) && !type.identifiesBuyer) {
      refuse(
        `una boleta de más de S/ ${BOLETA_IDENTITY_THRESHOLD_PEN} debe identificar al comprador con DNI, carné de extranjería, RUC o pasaporte (1, 4, 6 o 7)`,
      );
    }
  }
  return f;
}
