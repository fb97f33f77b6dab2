// The issue-date default: a body without fecha_de_emision is issued on the context's Lima date (and, without a
// time either, at its Lima time); explicit dates keep every rule they had.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareDocument, type DocumentContext } from '../../src/core/index.ts';
import { preparePerception } from '../../src/core/perception/index.ts';
import { REPO_ROOT, shiftDate, testIssuer, TODAY } from '../fixtures/invoices.ts';

type Body = Record<string, any>;

const ctx: DocumentContext = { today: TODAY, timeNow: '14:07:33', issuer: testIssuer, mode: 'production' };

function example(path: string, patch: Body = {}): Body {
  return { ...JSON.parse(readFileSync(join(REPO_ROOT, 'examples', path), 'utf8')), ...patch };
}

function invoice(body: Body, context = ctx) {
  const r = prepareDocument(body, context);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.document;
}

function issuesOf(body: Body, prepare: typeof prepareDocument | typeof preparePerception = prepareDocument) {
  const r = prepare(body, ctx);
  return r.ok ? [] : r.issues.map((i) => ({ path: i.path, code: i.code }));
}

describe('invoices without fecha_de_emision', () => {
  it('are issued today at the current Lima time, due today', () => {
    const doc = invoice(example('invoices/01-taxed.json'));
    expect(doc).toMatchObject({ issueDate: TODAY, issueTime: '14:07:33', dueDate: TODAY });
  });

  it('treat null and "" as not sent, like every optional field', () => {
    expect(invoice(example('invoices/01-taxed.json', { fecha_de_emision: null, hora_de_emision: '' })).issueDate).toBe(
      TODAY,
    );
    expect(invoice(example('invoices/01-taxed.json', { fecha_de_emision: '' })).issueDate).toBe(TODAY);
  });

  it('keep a time that was sent, and use midnight when the caller has no clock', () => {
    expect(invoice(example('invoices/25-boleta.json', { hora_de_emision: '08:30' })).issueTime).toBe('08:30:00');
    expect(invoice(example('invoices/25-boleta.json'), { ...ctx, timeNow: undefined }).issueTime).toBe('00:00:00');
  });

  it('check cuota dates against the date the server chose (SUNAT 3267)', () => {
    const body = example('invoices/19-credit-payment.json');
    body.cuotas[0].fecha = TODAY;
    expect(issuesOf(body)).toContainEqual({ path: 'cuotas[0].fecha', code: 'installments_invalid' });
  });
});

describe('invoices with fecha_de_emision', () => {
  it('keep the date and time they send', () => {
    const yesterday = shiftDate(TODAY, -1);
    expect(
      invoice(example('invoices/01-taxed.json', { fecha_de_emision: yesterday, hora_de_emision: '09:15:00' })),
    ).toMatchObject({ issueDate: yesterday, issueTime: '09:15:00', dueDate: yesterday });
  });

  it('without hora_de_emision are issued at 00:00:00 (IssueTime is optional for SUNAT)', () => {
    expect(invoice(example('invoices/01-taxed.json', { fecha_de_emision: TODAY }))).toMatchObject({
      issueDate: TODAY,
      issueTime: '00:00:00',
    });
  });

  it('still refuse a future date and a factura dated too far back (SUNAT 2329, 2108)', () => {
    const at = (date: string) =>
      issuesOf(example('invoices/01-taxed.json', { fecha_de_emision: date, hora_de_emision: '10:00:00' }));
    expect(at(shiftDate(TODAY, 1))).toEqual([{ path: 'fecha_de_emision', code: 'issue_date_out_of_range' }]);
    expect(at(shiftDate(TODAY, -4))).toEqual([{ path: 'fecha_de_emision', code: 'issue_date_out_of_range' }]);
    expect(
      issuesOf(example('invoices/01-taxed.json', { fecha_de_emision: '2025-13-40', hora_de_emision: '10:00:00' })),
    ).toEqual([{ path: 'fecha_de_emision', code: 'validation_failed' }]);
  });
});

describe('perceptions', () => {
  function perception(body: Body) {
    const r = preparePerception(body, ctx);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return r.document;
  }

  it('without any date are issued, cashed, perceived and converted today, at the current Lima time', () => {
    const doc = perception(example('perceptions/02-usd.json'));
    expect(doc).toMatchObject({ issueDate: TODAY, issueTime: '14:07:33' });
    expect(doc.documents[0].payment?.date).toBe(TODAY);
    expect(doc.documents[0].perception).toMatchObject({ date: TODAY, exchangeRate: { date: TODAY } });
  });

  it('with an explicit date keep it, and its dates default to it (time 00:00:00, as before)', () => {
    const date = shiftDate(TODAY, -1);
    const doc = perception(example('perceptions/01-pen.json', { fecha_de_emision: date }));
    expect(doc).toMatchObject({ issueDate: date, issueTime: '00:00:00' });
    expect(doc.documents.map((d) => [d.payment?.date, d.perception?.date])).toEqual([
      [date, date],
      [date, date],
    ]);
  });

  it('refuse a future date and a related document dated after the voucher', () => {
    expect(
      issuesOf(example('perceptions/03-fuel.json', { fecha_de_emision: shiftDate(TODAY, 1) }), preparePerception),
    ).toEqual([{ path: 'fecha_de_emision', code: 'issue_date_out_of_range' }]);
    const body = example('perceptions/03-fuel.json');
    body.documentos[1].fecha_de_emision = shiftDate(TODAY, 1);
    expect(issuesOf(body, preparePerception)).toEqual([
      { path: 'documentos[1].fecha_de_emision', code: 'validation_failed' },
    ]);
  });
});
