// FormaPago and cuotas (3244–3267, 3319, 3461) of facturas and credit notes (boletas and debit notes: none), the
// perception's terms (2788/3310/3311) and the payment means (3174); the detraction's blocks are in detraction.ts.
// Checked in the XSL's order, term by term.
import type { XmlElement } from '../../../sunat/xml.ts';
import { PAYMENT_MEANS } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { all, attr, first, num, sum, text } from '../xpath.ts';
import { fmt, lt, ne, round } from '../numbers.ts';
import { detractionAccount, detractionOnlyWhereSubject, detractionRequired, detractionTerm } from './detraction.ts';
import { type Shape, observeAttr, twoDecimals } from './shape.ts';

/** What every FormaPago check reads once. */
interface Terms {
  all: XmlElement[];
  formaPago: XmlElement[];
  /** SUNAT checks the amounts of FormaPago only for a RUC customer. */
  rucCustomer: boolean;
  payable: ReturnType<typeof num>;
  issueDate: string | undefined;
}

const means = (t: XmlElement) => text(t, 'cbc:PaymentMeansID');

export function paymentTerms(root: XmlElement, s: Shape, f: Findings): void {
  const terms = termsOf(root, s);
  if (s.tipo === '01') formaPagoPresence(terms, f);
  detractionRequired(root, s, f);
  for (const t of terms.all) {
    const id = text(t, 'cbc:ID');
    detractionOnlyWhereSubject(t, s, f);
    repeatedMeans(t, terms, f);
    // The Boleta XSL reads no FormaPago (RS 193-2020 is the factura's).
    if (id === 'FormaPago' && s.tipo === '01') formaPagoTerm(t, terms, s, f);
    if (id === 'Detraccion') detractionTerm(t, s, f);
    if (id === 'Percepcion') perceptionTerm(t, f);
  }
  if (s.tipo === '01' && terms.rucCustomer) instalmentsSum(terms, f);
  for (const m of all(root, 'cac:PaymentMeans')) {
    detractionAccount(m, f);
    paymentMeansCode(m, f);
  }
}

/** SUNAT 3248: a FormaPago means (Contado, Credito, CuotaNNN) once. */
function repeatedMeans(t: XmlElement, terms: Terms, f: Findings): void {
  const meansId = means(t);
  f.check(
    meansId !== undefined && terms.formaPago.filter((x) => means(x) === meansId).length > 1,
    '3248',
    'cbc:PaymentMeansID',
    meansId,
  );
}

function termsOf(root: XmlElement, s: Shape): Terms {
  const terms = all(root, 'cac:PaymentTerms');
  const customerId = first(root, 'cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID');
  return {
    all: terms,
    formaPago: terms.filter((t) => text(t, 'cbc:ID') === 'FormaPago'),
    rucCustomer: attr(customerId, 'schemeID') === '6',
    payable: num(s.totals, 'cbc:PayableAmount'),
    issueDate: text(root, 'cbc:IssueDate'),
  };
}

/** SUNAT 3244: a factura declares FormaPago; 3247: not Contado and Credito at once. */
function formaPagoPresence(terms: Terms, f: Findings): void {
  f.check(terms.formaPago.length < 1, '3244', 'cac:PaymentTerms/cbc:ID');
  f.check(
    terms.formaPago.some((t) => means(t) === 'Contado') && terms.formaPago.some((t) => means(t) === 'Credito'),
    '3247',
    'cac:PaymentTerms/cbc:ID',
  );
}

function formaPagoTerm(t: XmlElement, terms: Terms, s: Shape, f: Findings): void {
  const meansId = means(t);
  const invoice = s.tipo === '01';
  if (invoice) f.check(all(t, 'cbc:PaymentMeansID').length > 1, '3461', 'cbc:PaymentMeansID');
  f.check(!meansId, '3245', 'cbc:PaymentMeansID');
  // SUNAT 3246: a credit note's FormaPago is Credito or its cuotas, never Contado (NC XSL).
  const pattern = invoice ? /^((Contado)|(Credito)|(Cuota[0-9]{3}))$/ : /^((Credito)|(Cuota[0-9]{3}))$/;
  f.check(meansId !== undefined && meansId !== '' && !pattern.test(meansId), '3246', 'cbc:PaymentMeansID', meansId);
  if (!terms.rucCustomer) return;
  if (meansId === 'Credito') creditTerm(t, terms, s, f);
  if ((meansId ?? '').startsWith('Cuota')) instalmentTerm(t, terms, s, f);
}

/**
 * A credit note's FormaPago (NC XSL): the format of each term; to a RUC customer, Credito and cuotas as on a factura
 * but without caps or due-date comparison; an NC 13 declares FormaPago (3257) and its cuotas sum the Credito (3319).
 */
export function creditNoteTerms(root: XmlElement, s: Shape, f: Findings): void {
  const terms = termsOf(root, s);
  const nc13 = text(root, 'cac:DiscrepancyResponse/cbc:ResponseCode') === '13';
  if (nc13) f.check(terms.formaPago.length < 1, '3257', 'cac:PaymentTerms/cbc:ID');
  for (const t of terms.formaPago) {
    repeatedMeans(t, terms, f);
    formaPagoTerm(t, terms, s, f);
  }
  if (nc13 && terms.rucCustomer && terms.formaPago.some((t) => means(t) === 'Credito')) instalmentsSum(terms, f);
}

/** Credito: at least one cuota (3249), its amount (3251/3250) ≤ the total (3265), in the document currency (2071). */
function creditTerm(t: XmlElement, terms: Terms, s: Shape, f: Findings): void {
  const amountText = text(t, 'cbc:Amount');
  const currency = attr(first(t, 'cbc:Amount'), 'currencyID');
  f.check(!terms.formaPago.some((x) => (means(x) ?? '').startsWith('Cuota')), '3249', 'cac:PaymentTerms/cbc:ID');
  f.check(amountText === undefined, '3251', 'cbc:Amount');
  f.check(!twoDecimals(amountText, true), '3250', 'cbc:Amount', amountText);
  if (s.tipo === '01') f.check(lt(terms.payable, num(t, 'cbc:Amount')), '3265', 'cbc:Amount', amountText);
  f.check(currency !== undefined && s.currency !== currency, '2071', 'cbc:Amount/@currencyID', currency);
}

/** CuotaNNN: needs Credito (3252), an amount (3254/3253) ≤ the total (3266), a due date after the issue (3256/3267). */
function instalmentTerm(t: XmlElement, terms: Terms, s: Shape, f: Findings): void {
  const detail = `Error en ${means(t)}`;
  const amountText = text(t, 'cbc:Amount');
  const currency = attr(first(t, 'cbc:Amount'), 'currencyID');
  f.check(!terms.formaPago.some((x) => means(x) === 'Credito'), '3252', 'cac:PaymentTerms/cbc:ID', undefined, detail);
  f.check(amountText === undefined, '3254', 'cbc:Amount', undefined, detail);
  f.check(!twoDecimals(amountText, true), '3253', 'cbc:Amount', amountText, detail);
  if (s.tipo === '01') f.check(lt(terms.payable, num(t, 'cbc:Amount')), '3266', 'cbc:Amount', amountText, detail);
  f.check(currency !== undefined && s.currency !== currency, '2071', 'cbc:Amount/@currencyID', currency, detail);
  const due = text(t, 'cbc:PaymentDueDate');
  f.check(due === undefined, '3256', 'cbc:PaymentDueDate', undefined, detail);
  if (due === undefined) return;
  f.check(!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(due), '3255', 'cbc:PaymentDueDate', due, detail);
  // SUNAT 3267 (Factura XSL; the NC rules check only the date's format).
  if (s.tipo === '01')
    f.check(terms.issueDate !== undefined && terms.issueDate >= due, '3267', 'cbc:PaymentDueDate', due, detail);
}

/** SUNAT 3319: Σ cuotas = monto neto pendiente (Credito), compared at 5 decimals. */
function instalmentsSum(terms: Terms, f: Findings): void {
  const amounts = (pick: (id: string) => boolean) =>
    round(sum(terms.all.filter((t) => pick(means(t) ?? '')).flatMap((t) => all(t, 'cbc:Amount'))), 5);
  const credit = amounts((id) => id === 'Credito');
  const instalments = amounts((id) => id.startsWith('Cuota'));
  f.check(ne(credit, instalments), '3319', 'cbc:Amount', fmt(instalments));
}

/** The perception's terms: an amount (3310/3311) in PEN (2788). */
function perceptionTerm(t: XmlElement, f: Findings): void {
  const amountText = text(t, 'cbc:Amount');
  f.check(amountText === undefined, '3310', 'cbc:Amount');
  f.check(amountText !== undefined && !twoDecimals(amountText, true), '3311', 'cbc:Amount', amountText);
  const currency = attr(first(t, 'cbc:Amount'), 'currencyID');
  f.check(
    amountText !== undefined && currency !== undefined && currency !== 'PEN',
    '2788',
    'cbc:Amount/@currencyID',
    currency,
  );
}

/** SUNAT 3174: PaymentMeansCode of catalog 59, with its optional attributes (42xx). */
function paymentMeansCode(m: XmlElement, f: Findings): void {
  const code = text(m, 'cbc:PaymentMeansCode');
  f.check(code !== undefined && !PAYMENT_MEANS.has(code), '3174', 'cbc:PaymentMeansCode', code);
  const codeEl = first(m, 'cbc:PaymentMeansCode');
  observeAttr(f, codeEl, 'listName', /^(Medio de pago)$/, '4252');
  observeAttr(f, codeEl, 'listAgencyName', /^(PE:SUNAT)$/, '4251');
  observeAttr(f, codeEl, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo59)$/, '4253');
}
