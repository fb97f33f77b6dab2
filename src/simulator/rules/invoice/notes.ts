// Notes: the discrepancy response (type 2128/3203, reason 2135/2136, NC 04/05/08 on a boleta observed 4367).
import type { XmlElement } from '../../../sunat/xml.ts';
import type { Findings } from '../context.ts';
import { all, text } from '../xpath.ts';
import type { Shape } from './shape.ts';

export function discrepancy(root: XmlElement, s: Shape, f: Findings): void {
  const responses = all(root, 'cac:DiscrepancyResponse/cbc:ResponseCode');
  f.check(responses.length === 0 || text(responses[0]) === '', '2128', 'cac:DiscrepancyResponse/cbc:ResponseCode');
  f.check(responses.length > 1, '3203', 'cac:DiscrepancyResponse/cbc:ResponseCode');
  const description = text(root, 'cac:DiscrepancyResponse/cbc:Description');
  f.check(description === undefined || description === '', '2136', 'cac:DiscrepancyResponse/cbc:Description');
  if (description) f.check(description.length > 500, '2135', 'cac:DiscrepancyResponse/cbc:Description', description);
  const affected = text(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID');
  f.check(!affected, '2524', 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID');
  if (affected)
    f.check(
      !/^([FB][A-Z0-9]{3}|S[A-Z0-9]{3}|[0-9]{4}|E001|EB01)-[0-9]{1,8}$/.test(affected),
      '2117',
      'cac:InvoiceDocumentReference/cbc:ID',
      affected,
    );
  // SUNAT 4367 (NC, observation): a credit note 04, 05 or 08 "no debería estar vinculado a una boleta".
  const affectedTypes = all(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode');
  if (s.tipo === '07' && ['04', '05', '08'].includes(text(responses[0]) ?? ''))
    f.check(
      affectedTypes.some((t) => text(t) === '03'),
      '4367',
      'cac:DiscrepancyResponse/cbc:ResponseCode',
      text(responses[0]),
      undefined,
      false,
    );
  if (s.tipo === '07' && text(responses[0]) === '13') {
    const type = text(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode');
    f.check(type !== '01', '3259', 'cac:InvoiceDocumentReference/cbc:DocumentTypeCode', type);
  }
}
