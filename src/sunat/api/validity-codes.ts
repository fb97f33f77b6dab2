// The codes of SUNAT's consulta integrada de validez and what they mean (SUNAT's "Manual de consulta integrada de
// comprobante de pago por servicio web"; FacturadorPro names the same codes): the document's state (estadoCp),
// the issuer's taxpayer state (estadoRuc) and the condition of its fiscal address (condDomiRuc).

export const DOCUMENT_STATES: Readonly<Record<string, string>> = {
  '0': 'NO EXISTE',
  '1': 'ACEPTADO',
  '2': 'ANULADO',
  '3': 'AUTORIZADO',
  '4': 'NO AUTORIZADO',
};

export const TAXPAYER_STATES: Readonly<Record<string, string>> = {
  '00': 'ACTIVO',
  '01': 'BAJA PROVISIONAL',
  '02': 'BAJA PROV. POR OFICIO',
  '03': 'SUSPENSION TEMPORAL',
  '10': 'BAJA DEFINITIVA',
  '11': 'BAJA DE OFICIO',
  '12': 'BAJA MULT.INSCR. Y OTROS',
  '20': 'NUM. INTERNO IDENTIF.',
  '21': 'OTROS OBLIGADOS',
  '22': 'INHABILITADO-VENT.UNICA',
  '30': 'ANULACION - ERROR SUNAT',
};

export const ADDRESS_CONDITIONS: Readonly<Record<string, string>> = {
  '00': 'HABIDO',
  '01': 'NO HALLADO SE MUDO DE DOMICILIO',
  '02': 'NO HALLADO FALLECIO',
  '03': 'NO HALLADO NO EXISTE DOMICILIO',
  '04': 'NO HALLADO CERRADO',
  '05': 'NO HALLADO NRO.PUERTA NO EXISTE',
  '06': 'NO HALLADO DESTINATARIO DESCONOCIDO',
  '07': 'NO HALLADO RECHAZADO',
  '08': 'NO HALLADO OTROS MOTIVOS',
  '09': 'PENDIENTE',
  '10': 'NO APLICABLE',
  '11': 'POR VERIFICAR',
  '12': 'NO HABIDO',
  '20': 'NO HALLADO',
  '21': 'NO EXISTE LA DIRECCION DECLARADA',
  '22': 'DOMICILIO CERRADO',
  '23': 'NEGATIVA RECEPCION X PERSONA CAPAZ',
  '24': 'AUSENCIA DE PERSONA CAPAZ',
  '25': 'NO APLICABLE X TRAMITE DE REVERSION',
  '40': 'DEVUELTO',
};

/**
 * The document types the consulta integrada answers for (its codComp): electronic and printed facturas (01),
 * boletas (03), liquidaciones de compra (04), credit and debit notes (07, 08), recibos por honorarios (R1) and their
 * credit notes (R7).
 */
export const VALIDITY_DOCUMENT_TYPES = ['01', '03', '04', '07', '08', 'R1', 'R7'] as const;
