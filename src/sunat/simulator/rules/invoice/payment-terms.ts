// FormaPago and cuotas (3244–3267, 3319, 3461), detracción terms and means (3033–3037, 3127–3129, 3208, 3034).
import type { XmlElement } from '../../../xml.ts';
import { DETRACTION_CODES, DETRACTION_OPERATIONS, PAYMENT_MEANS } from '../catalogs.ts';
import { type Findings, all, attr, exists, first, fmt, lt, ne, num, round, sum, text } from '../context.ts';
import { type Shape, twoDecimals, observeAttr } from './shape.ts';

export function paymentTerms(root: XmlElement, s: Shape, f: Findings): void {
  const terms = all(root, 'cac:PaymentTerms');
  const formaPago = terms.filter((t) => text(t, 'cbc:ID') === 'FormaPago');
  const means = (t: XmlElement) => text(t, 'cbc:PaymentMeansID');
  const customerScheme = attr(
    first(root, 'cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID'),
    'schemeID',
  );
  const payable = num(s.totals, 'cbc:PayableAmount');
  const issueDate = text(root, 'cbc:IssueDate');

  if (s.tipo === '01') {
    f.check(formaPago.length < 1, '3244', 'cac:PaymentTerms/cbc:ID'); // SUNAT 3244: FormaPago is mandatory
    f.check(
      formaPago.some((t) => means(t) === 'Contado') && formaPago.some((t) => means(t) === 'Credito'),
      '3247',
      'cac:PaymentTerms/cbc:ID',
    );
  }
  if (s.operation && DETRACTION_OPERATIONS.has(s.operation)) {
    f.check(!terms.some((t) => text(t, 'cbc:ID') === 'Detraccion'), '3127', 'cac:PaymentTerms/cbc:ID'); // SUNAT 3127
    f.check(
      !all(root, 'cac:PaymentMeans').some((m) => text(m, 'cbc:ID') === 'Detraccion'),
      '3034',
      'cac:PaymentMeans/cbc:ID',
    ); // SUNAT 3034
  }

  for (const t of terms) {
    const id = text(t, 'cbc:ID');
    const meansId = means(t);
    if (!(s.operation && DETRACTION_OPERATIONS.has(s.operation)))
      f.check(id === 'Detraccion', '3128', 'cac:PaymentTerms/cbc:ID', id); // SUNAT 3128
    f.check(
      meansId !== undefined && formaPago.filter((x) => means(x) === meansId).length > 1,
      '3248',
      'cbc:PaymentMeansID',
      meansId,
    ); // SUNAT 3248
    if (id === 'FormaPago') {
      f.check(all(t, 'cbc:PaymentMeansID').length > 1, '3461', 'cbc:PaymentMeansID');
      f.check(!meansId, '3245', 'cbc:PaymentMeansID');
      f.check(
        meansId !== undefined && meansId !== '' && !/^((Contado)|(Credito)|(Cuota[0-9]{3}))$/.test(meansId),
        '3246',
        'cbc:PaymentMeansID',
        meansId,
      ); // SUNAT 3246
      if (customerScheme === '6') {
        const amountText = text(t, 'cbc:Amount');
        const amount = num(t, 'cbc:Amount');
        const currency = attr(first(t, 'cbc:Amount'), 'currencyID');
        if (meansId === 'Credito') {
          f.check(!formaPago.some((x) => (means(x) ?? '').startsWith('Cuota')), '3249', 'cac:PaymentTerms/cbc:ID'); // SUNAT 3249
          f.check(amountText === undefined, '3251', 'cbc:Amount'); // SUNAT 3251
          f.check(!twoDecimals(amountText, true), '3250', 'cbc:Amount', amountText);
          f.check(lt(payable, amount), '3265', 'cbc:Amount', amountText); // SUNAT 3265
          f.check(currency !== undefined && s.currency !== currency, '2071', 'cbc:Amount/@currencyID', currency);
        }
        if ((meansId ?? '').startsWith('Cuota')) {
          const detail = `Error en ${meansId}`;
          f.check(!formaPago.some((x) => means(x) === 'Credito'), '3252', 'cac:PaymentTerms/cbc:ID', undefined, detail); // SUNAT 3252
          f.check(amountText === undefined, '3254', 'cbc:Amount', undefined, detail); // SUNAT 3254
          f.check(!twoDecimals(amountText, true), '3253', 'cbc:Amount', amountText, detail);
          f.check(lt(payable, amount), '3266', 'cbc:Amount', amountText, detail); // SUNAT 3266
          f.check(
            currency !== undefined && s.currency !== currency,
            '2071',
            'cbc:Amount/@currencyID',
            currency,
            detail,
          );
          const due = text(t, 'cbc:PaymentDueDate');
          f.check(due === undefined, '3256', 'cbc:PaymentDueDate', undefined, detail); // SUNAT 3256
          if (due !== undefined) {
            f.check(!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(due), '3255', 'cbc:PaymentDueDate', due, detail);
            f.check(issueDate !== undefined && issueDate >= due, '3267', 'cbc:PaymentDueDate', due, detail); // SUNAT 3267
          }
        }
      }
    }
    if (id === 'Detraccion') {
      const code = meansId;
      f.check(code === undefined, '3127', 'cbc:PaymentMeansID');
      f.check(code !== undefined && !DETRACTION_CODES[code], '3033', 'cbc:PaymentMeansID', code); // SUNAT 3033
      const expected =
        s.operation === '1002' ? '004' : s.operation === '1003' ? '028' : s.operation === '1004' ? '027' : undefined;
      f.check(expected !== undefined && code !== undefined && code !== expected, '3129', 'cbc:PaymentMeansID', code); // SUNAT 3129
      const amountText = text(t, 'cbc:Amount');
      f.check(amountText === undefined, '3035', 'cbc:Amount');
      f.check(amountText !== undefined && !twoDecimals(amountText, true), '3037', 'cbc:Amount', amountText);
      const currency = attr(first(t, 'cbc:Amount'), 'currencyID');
      f.check(currency !== undefined && currency !== 'PEN', '3208', 'cbc:Amount/@currencyID', currency); // SUNAT 3208
      const meansEl = first(t, 'cbc:PaymentMeansID');
      observeAttr(f, meansEl, 'schemeName', /^(Codigo de detraccion)$/, '4255');
      observeAttr(f, meansEl, 'schemeAgencyName', /^(PE:SUNAT)$/, '4256');
      observeAttr(f, meansEl, 'schemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo54)$/, '4257');
    }
    if (id === 'Percepcion') {
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
  }

  if (s.tipo === '01' && customerScheme === '6') {
    // SUNAT 3319: Σ cuotas = monto neto pendiente (Credito), compared at 5 decimals.
    const credit = round(sum(terms.filter((t) => means(t) === 'Credito').flatMap((t) => all(t, 'cbc:Amount'))), 5);
    const instalments = round(
      sum(terms.filter((t) => (means(t) ?? '').startsWith('Cuota')).flatMap((t) => all(t, 'cbc:Amount'))),
      5,
    );
    f.check(ne(credit, instalments), '3319', 'cbc:Amount', fmt(instalments));
  }

  for (const m of all(root, 'cac:PaymentMeans')) {
    if (text(m, 'cbc:ID') === 'Detraccion')
      f.check(!exists(m, 'cac:PayeeFinancialAccount/cbc:ID'), '3034', 'cac:PayeeFinancialAccount/cbc:ID'); // SUNAT 3034
    const code = text(m, 'cbc:PaymentMeansCode');
    f.check(code !== undefined && !PAYMENT_MEANS.has(code), '3174', 'cbc:PaymentMeansCode', code);
    const codeEl = first(m, 'cbc:PaymentMeansCode');
    observeAttr(f, codeEl, 'listName', /^(Medio de pago)$/, '4252');
    observeAttr(f, codeEl, 'listAgencyName', /^(PE:SUNAT)$/, '4251');
    observeAttr(f, codeEl, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo59)$/, '4253');
  }
}
