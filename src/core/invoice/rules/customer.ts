// Who may receive the document (SUNAT 2800 / 2017 / 2801 / 2802 / 2022; boletas observe a malformed DNI, 4207;
// notes check only a RUC's number).
// FacturadorPro's boleta > S/ 700 rule is not SUNAT's: only a warning.
import { identityDocumentTypes, operationTypes, type IdentityDocumentEntry } from '../../catalogs/index.ts';
import type { Decimal } from '../../money.ts';
import { hasRucFormat, isValidRuc } from '../../ruc.ts';
import { addIssue, addWarning, newFindings, type Findings } from '../findings.ts';
import type { FilledBody } from '../defaults.ts';

const PATH = 'datos_del_cliente_o_receptor';
/** Boletas above this amount (PEN) should identify the buyer (FacturadorPro's rule; SUNAT does not check it). */
export const BOLETA_IDENTITY_THRESHOLD_PEN = 700;

/** Boleta operations SUNAT refuses for a RUC customer (ValidaExprRegBoleta, 2800). */
const BOLETA_NO_RUC_OPERATIONS = new Set(['0200', '0201', '0203', '0204', '0205', '0206', '0207', '0208', '0401']);

export interface CustomerRuleInput {
  body: FilledBody;
  /** Group of the document: '01' facturas and their notes, '02' boletas and their notes. */
  group: '01' | '02';
  /** Importe total converted to PEN. */
  payablePen: Decimal;
  mode: 'demo' | 'production';
  /** Notes carry no operation type and SUNAT's note rules check no customer type (only the number's format). */
  isNote: boolean;
}

export function checkCustomer({ body, group, payablePen, mode, isNote }: CustomerRuleInput): Findings {
  const f = newFindings();
  const c = body.datos_del_cliente_o_receptor;
  const type = identityDocumentTypes.get(c.codigo_tipo_documento_identidad)!;
  const number = c.numero_documento.trim();

  checkCustomerNumber(f, type, number, { group, mode, isNote });

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
  // SUNAT 2800 (Factura XSL, PAS20191U210100194): exports 0200/0201/0204 refuse a RUC customer unless the document
  // carries legend 2008 (sale exonerated in the Tacna commercial zone).
  const tacnaZone = (body.leyendas ?? []).some((l) => l.codigo === '2008');
  if (isNote) {
    // SUNAT's NC/ND rules do not relate the customer's type to the affected document.
  } else if (group === '01') {
    if (operation?.rucNotAllowed && type.code === '6' && !tacnaZone)
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
    // SUNAT 2800 (boletas): exports other than 0202 and non-domiciled sales (0401) never to a RUC; 0112 only DNI/RUC.
    const operationCode = operation?.code;
    if (operationCode && BOLETA_NO_RUC_OPERATIONS.has(operationCode) && type.code === '6')
      refuse(`la operación ${operationCode} no admite clientes con RUC en una boleta`);
    else if (operationCode === '0112' && type.code !== '1' && type.code !== '6')
      refuse('la operación 0112 admite solo DNI (1) o RUC (6)');
    else if (payablePen.gt(BOLETA_IDENTITY_THRESHOLD_PEN) && !type.identifiesBuyer) {
      addWarning(
        f,
        typePath,
        'boleta_buyer_unidentified',
        `Boleta de más de S/ ${BOLETA_IDENTITY_THRESHOLD_PEN} sin identificar al comprador (DNI, carné de extranjería, RUC o pasaporte): SUNAT la acepta.`,
      );
    }
  }

  // SUNAT 2022: RegistrationName of 3 to 1,500 characters, not starting with a space; the debit-note rules take 2
  // (ND XSL, PAS20191U210100194: '^(?!\s*$).{2,999}$').
  const name = c.apellidos_y_nombres_o_razon_social.trim();
  const shortest = body.codigo_tipo_documento === '08' ? 2 : 3;
  if (name.length < shortest) {
    addIssue(
      f,
      `${PATH}.apellidos_y_nombres_o_razon_social`,
      'customer_name_invalid',
      `El nombre o razón social del cliente debe tener al menos ${shortest} caracteres; se recibió "${name}" (SUNAT 2022).`,
      { sunatRule: '2022' },
    );
  }
  return f;
}

/**
 * The number's format for its type: a RUC of 11 digits everywhere (2017) with its check digit (ours, production).
 * Facturas reject a DNI that is not 8 digits (2801) and other numbers beyond 1–15 characters (2802); boletas only
 * observe the DNI (4207). SUNAT's NC/ND rules check no number but a RUC's (2017; 2679 presence): a note accepts
 * any other number, with a warning when it does not look like its type.
 */
function checkCustomerNumber(
  f: Findings,
  type: IdentityDocumentEntry,
  number: string,
  doc: { group: '01' | '02'; mode: 'demo' | 'production'; isNote: boolean },
): void {
  const path = `${PATH}.numero_documento`;
  if (type.code === '6') {
    checkCustomerRuc(f, number, doc.mode);
    return;
  }
  if (type.pattern.test(number)) return;
  if (doc.isNote) {
    addWarning(
      f,
      path,
      'customer_document_number_unusual',
      `"${number}" no tiene el formato de ${type.label}: SUNAT no lo valida en notas de crédito o débito y se emite tal cual.`,
    );
  } else if (type.code === '1' && doc.group === '02') {
    // SUNAT's boleta rules only observe a DNI that is not 8 digits (4207).
    addWarning(
      f,
      path,
      'sunat_observation',
      `El DNI del cliente debe tener 8 dígitos; se recibió "${number}": SUNAT acepta la boleta con la observación 4207.`,
      '4207',
    );
  } else if (type.code === '1') {
    addIssue(
      f,
      path,
      'customer_document_number_invalid',
      `El DNI del cliente debe tener 8 dígitos; se recibió "${number}" (SUNAT 2801).`,
      { sunatRule: '2801' },
    );
  } else {
    addIssue(
      f,
      path,
      'customer_document_number_invalid',
      `Número de documento del cliente inválido para ${type.label}: de 1 a 15 caracteres sin espacios (SUNAT 2802).`,
      { sunatRule: '2802' },
    );
  }
}

function checkCustomerRuc(f: Findings, number: string, mode: 'demo' | 'production'): void {
  const path = `${PATH}.numero_documento`;
  if (!hasRucFormat(number)) {
    addIssue(
      f,
      path,
      'customer_ruc_invalid',
      `El RUC del cliente debe tener 11 dígitos; se recibió "${number}" (${number.length} caracteres) (SUNAT 2017).`,
      { sunatRule: '2017' },
    );
  } else if (!isValidRuc(number)) {
    const message = `El RUC del cliente ${number} no es válido: su dígito verificador no corresponde.`;
    if (mode === 'production') addIssue(f, path, 'customer_ruc_invalid', message);
    else addWarning(f, path, 'customer_ruc_check_digit', `${message} Se acepta en modo demo.`);
  }
}
