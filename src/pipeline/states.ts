// FacturadorPro's state codes (state_types), which ERPs store and compare.
export const STATE_DESCRIPTIONS: Record<string, string> = {
  '01': 'Registrado',
  '03': 'Enviado',
  '05': 'Aceptado',
  '07': 'Observado',
  '09': 'Rechazado',
  '11': 'Anulado',
  '13': 'Por anular',
};

/** States SUNAT has answered for: a document in one of these is never sent again. */
export const FINAL_STATES = new Set(['05', '07', '09', '11', '13']);

export function stateDescription(code: string): string {
  return STATE_DESCRIPTIONS[code] ?? code;
}
