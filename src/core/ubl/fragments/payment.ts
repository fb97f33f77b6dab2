// Payment blocks (sunat.md §1.7, §1.8, §1.12): detraction means and terms (always PEN), perception terms (PEN),
// FormaPago Contado / Credito + Cuota### and the advances' PrepaidPayment.
import type { ComputedDocument } from '../../invoice/types.ts';
import { formatPercent } from '../../money.ts';
import type { XmlWriter } from '../xml-writer.ts';
import { A } from './attributes.ts';

export function writePaymentMeans(w: XmlWriter, doc: ComputedDocument): void {
  const d = doc.detraction;
  if (!d) return;
  w.open('cac:PaymentMeans')
    .leaf('cbc:ID', 'Detraccion')
    .leaf('cbc:PaymentMeansCode', d.paymentMeansCode)
    .open('cac:PayeeFinancialAccount')
    .leaf('cbc:ID', d.account)
    .close()
    .close();
}

export function writePaymentTerms(w: XmlWriter, doc: ComputedDocument): void {
  const pen = A.currency('PEN');
  if (doc.detraction) {
    const d = doc.detraction;
    w.open('cac:PaymentTerms')
      .leaf('cbc:ID', 'Detraccion')
      .leaf('cbc:PaymentMeansID', d.code)
      .leaf('cbc:PaymentPercent', formatPercent(d.percent))
      // SUNAT 3208: the detraction amount is always in soles.
      .leaf('cbc:Amount', d.amount, pen)
      .close();
  }
  if (doc.perception) {
    w.open('cac:PaymentTerms')
      .leaf('cbc:ID', 'Percepcion')
      .leaf('cbc:Amount', doc.perception.totalWithPerception, pen)
      .close();
  }
  if (doc.paymentForm === 'Contado') {
    w.open('cac:PaymentTerms').leaf('cbc:ID', 'FormaPago').leaf('cbc:PaymentMeansID', 'Contado').close();
  } else if (doc.paymentForm === 'Credito') {
    const cur = A.currency(doc.currency);
    w.open('cac:PaymentTerms')
      .leaf('cbc:ID', 'FormaPago')
      .leaf('cbc:PaymentMeansID', 'Credito')
      .leaf('cbc:Amount', doc.totals.pending, cur)
      .close();
    for (const c of doc.installments) {
      w.open('cac:PaymentTerms')
        .leaf('cbc:ID', 'FormaPago')
        .leaf('cbc:PaymentMeansID', c.id)
        .leaf('cbc:Amount', c.amount, A.currency(c.currency))
        .leaf('cbc:PaymentDueDate', c.dueDate)
        .close();
    }
  }
}

export function writePrepaidPayments(w: XmlWriter, doc: ComputedDocument): void {
  const cur = A.currency(doc.currency);
  doc.advances.forEach((a, i) => {
    w.open('cac:PrepaidPayment')
      .leaf('cbc:ID', String(i + 1), A.advancePayment)
      .leaf('cbc:PaidAmount', a.total, cur)
      .close();
  });
}
