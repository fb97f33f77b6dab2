// Perception (POST /api/perceptions): the customer, the related documents and their figures
// (../other-cpe/figures.ts: perceived = round2(base in PEN × regime percent), our rule as SUNAT's XSL only checks
// the sums; net cashed = base in PEN + perceived, SUNATNetTotalCashed). Header: TotalInvoiceAmount = Σ perceived
// (2667), SUNATTotalCashed = Σ net cashed (2668); credit notes (07) and other perceptions (40) are listed but stay
// out of the sums.
import { hasRucFormat } from '../ruc.ts';
import type { DocumentContext } from '../invoice/context.ts';
import { issue, type Issue, type Warning } from '../issues.ts';
import { type Decimal, formatAmount } from '../money.ts';
import {
  checkRelatedNotLater,
  checkRucCheckDigit,
  computeOtherCpe,
  type Findings,
  relatedRow,
  voucherParty,
} from '../other-cpe/compute.ts';
import { type FigureRules, namedNet, relatedPayment } from '../other-cpe/figures.ts';
import { PERCEPTION_REGIMES } from './catalogs.ts';
import type { PerceptionBody } from './schema.ts';
import type { ComputedPerception, PerceivedDocument } from './types.ts';

type PerceivedDocumentBody = PerceptionBody['documentos'][number];

const PERCEPTION_FIGURES: FigureRules = {
  sign: 1,
  amountField: 'total_percibido',
  amountWord: 'percibido',
  totalRules: { amount: '2667', net: '2668', positive: '2683' },
  citesRule: false,
  noneCounted:
    'Ningún documento relacionado genera percepción (se requiere al menos una factura, boleta o nota de débito cobrada).',
  payment: { act: 'cobro' },
  exchange: { missing: '2715', pair: '2720' },
};

/** The customer's RUC, when it is one: 11 digits (SUNAT 2679) and, in production, a valid check digit. */
function checkReceiver(body: PerceptionBody, ctx: DocumentContext, f: Findings): void {
  const receiver = body.datos_del_cliente_o_receptor;
  if (receiver.codigo_tipo_documento_identidad !== '6') return;
  const path = 'datos_del_cliente_o_receptor.numero_documento';
  const ruc = receiver.numero_documento.trim();
  if (!hasRucFormat(ruc)) {
    const message = `El RUC del cliente debe tener 11 dígitos; se recibió "${ruc}" (SUNAT 2679).`;
    f.issues.push(issue(path, 'customer_ruc_invalid', message, { sunatRule: '2679' }));
  } else checkRucCheckDigit(ruc, 'del cliente', 'customer_ruc_invalid', path, ctx, f);
}

function perceivedDocument(
  d: PerceivedDocumentBody,
  i: number,
  issueDate: string,
  rate: Decimal,
  f: Findings,
): PerceivedDocument {
  const path = `documentos[${i}]`;
  const row: PerceivedDocument = relatedRow(d, '40');
  checkRelatedNotLater(d, issueDate, path, 'la percepción', f);
  // The perception, its payment and its exchange rate are dated the voucher's day unless the body says otherwise.
  const date = d.fecha_de_percepcion ?? issueDate;
  const at = { inSums: row.inSums, sentAmount: d.total_percibido, date, path };
  const paid = relatedPayment(d, at, rate, f, PERCEPTION_FIGURES);
  if (!paid) return row;
  row.payment = paid.payment;
  row.perception = namedNet(paid.figures, 'netCashed');
  return row;
}

export function computePerception(
  body: PerceptionBody,
  ctx: DocumentContext,
): { document?: ComputedPerception; issues: Issue[]; warnings: Warning[] } {
  return computeOtherCpe(body, ctx, {
    regimes: PERCEPTION_REGIMES,
    regimeOf: (b) => b.codigo_tipo_percepcion,
    checkParty: checkReceiver,
    row: perceivedDocument,
    figures: PERCEPTION_FIGURES,
    rowFigures: (d) => d.perception && { amount: d.perception.amount, net: d.perception.netCashed },
    document: (header, b, documents, totals) => ({
      ...header,
      kind: 'perception',
      documentType: '40',
      receiver: voucherParty(b.datos_del_cliente_o_receptor),
      totalPerceived: formatAmount(totals.amount),
      totalCashed: formatAmount(totals.net),
      documents,
    }),
  });
}
