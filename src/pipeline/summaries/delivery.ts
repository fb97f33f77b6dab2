// How a company's boletas reach SUNAT (company.boleta_delivery): 'individual' (sendBill, one by one) or
// 'summary' (declared by resumen diario; a boleta stays 01 until its summary is accepted, then 05).
import type { Company } from '../../platform/http/tenant-context.ts';

export const BOLETA_DELIVERIES = ['individual', 'summary'] as const;

/** Boletas (03) and their notes (07/08 of a B series) go by daily summary when the company says so. */
export function declaredBySummary(
  company: Pick<Company, 'boletaDelivery'>,
  identity: { documentType: string; series: string },
): boolean {
  return company.boletaDelivery === 'summary' && isBoletaLike(identity.documentType, identity.series);
}

export function isBoletaLike(documentType: string, serie: string): boolean {
  return ['03', '07', '08'].includes(documentType) && serie.startsWith('B');
}
