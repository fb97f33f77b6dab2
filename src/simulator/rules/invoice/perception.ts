// A perception inside an invoice (operation 2001): the charge 51/52/53 and its PaymentTerms (2788–2798, 3093…).
import type { XmlElement } from '../../../sunat/xml.ts';
import type { Findings } from '../context.ts';
import { all, text } from '../xpath.ts';
import { type Shape, allowances } from './shape.ts';

export function perceptionInInvoice(root: XmlElement, s: Shape, f: Findings): void {
  if (!s.isInvoice) return;
  const perceptionCharges = allowances(root, '51', '52', '53');
  const perceptionTerms = all(root, 'cac:PaymentTerms').filter((t) => text(t, 'cbc:ID') === 'Percepcion');
  const formaPago = all(root, 'cac:PaymentTerms').filter((t) => text(t, 'cbc:ID') === 'FormaPago');
  if (s.operation === '2001') {
    if (formaPago.some((t) => text(t, 'cbc:PaymentMeansID') === 'Contado')) {
      f.check(perceptionCharges.length === 0, '3093', 'cbc:AllowanceChargeReasonCode');
      f.check(perceptionTerms.length === 0, '3309', 'cac:PaymentTerms/cbc:ID');
    }
    if (formaPago.some((t) => text(t, 'cbc:PaymentMeansID') !== 'Contado')) {
      f.check(perceptionCharges.length > 0, '3330', 'cbc:AllowanceChargeReasonCode');
      f.check(perceptionTerms.length > 0, '3330', 'cac:PaymentTerms/cbc:ID');
    }
  } else {
    f.check(perceptionCharges.length > 0, '3308', 'cbc:AllowanceChargeReasonCode'); // SUNAT 3308
    f.check(perceptionTerms.length > 0, '3308', 'cac:PaymentTerms/cbc:ID');
  }
  const secondCategory = allowances(root, '63');
  if (s.operation === '2002') f.check(secondCategory.length === 0, '3316', 'cbc:AllowanceChargeReasonCode');
  else f.check(secondCategory.length > 0, '3317', 'cbc:AllowanceChargeReasonCode', '63');
}
