// The comunicación de baja (RA), the resumen diario (RC) and the resumen de reversiones (RR) at the simulator: the
// core's VoidedDocuments is XSD-valid and its signature holds (xmllint, xmlsec1), and SUNAT's RA/RC/RR rules answer
// through the ticket.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureErrors, xsdErrors } from '../golden/judges.ts';
import { buildSummaryXml } from '../../src/core/summaries/summary-xml.ts';
import { buildVoidedXml, type VoidedCommunication } from '../../src/core/summaries/voided-xml.ts';
import type { Issuer } from '../../src/core/index.ts';
import { getConsultStatus, getStatus, sendBill, sendSummary, zipDocument } from '../../src/sunat/index.ts';
import {
  credentials,
  fixtureText,
  invoiceXml,
  KEYS,
  perceptionXml,
  REPO_ROOT,
  sign,
  startSimulator,
} from './helpers.ts';

const XSD = join(REPO_ROOT, 'assets/sunat/xsd/2.0/maindoc/UBLPE-VoidedDocuments-1.0.xsd');
const issuer: Issuer = {
  ruc: '20000000001',
  razonSocial: 'EMPRESA EMISORA S.A.C.',
  address: {
    ubigeo: '150101',
    codigoEstablecimiento: '0000',
    direccion: 'AV. EJEMPLO 123',
    provincia: 'LIMA',
    departamento: 'LIMA',
    distrito: 'LIMA',
    codigoPais: 'PE',
  },
};

function ra(correlative: number, lines: VoidedCommunication['lines'], referenceDate = '2025-01-15'): string {
  return sign(
    buildVoidedXml({ id: `RA-20250120-${correlative}`, referenceDate, issueDate: '2025-01-20', lines }, issuer),
  );
}

const line = (number: number, documentType = '01', serie = 'F001') => ({
  documentType,
  serie,
  number,
  reason: 'Error en el RUC del cliente',
});

let sim: Awaited<ReturnType<typeof startSimulator>>;
const call = () => ({ endpoint: sim.endpoints.invoices, credentials, timeoutMs: 10_000 });

async function summarize(correlative: number, xml: string) {
  const base = `20000000001-RA-20250120-${correlative}`;
  const sent = await sendSummary({ ...call(), fileName: base, zip: zipDocument(base, xml) });
  if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
  return { ticket: sent.ticket, status: await getStatus({ ...call(), ticket: sent.ticket }) };
}

beforeAll(async () => {
  sim = await startSimulator();
  for (const n of [123, 124, 125]) {
    const base = `20000000001-01-F001-${n}`;
    const outcome = await sendBill({ ...call(), fileName: base, zip: zipDocument(base, sign(invoiceXml(n))) });
    expect(outcome.kind).toBe('accepted');
  }
});
afterAll(() => sim.close());

describe('VoidedDocuments (RA)', () => {
  it('is XSD-valid and its signature verifies with xmlsec1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ra-'));
    const path = join(dir, '20000000001-RA-20250120-1.xml');
    writeFileSync(path, ra(1, [line(123), line(7, '07', 'FC01')]));
    expect(xsdErrors(readFileSync(path), XSD)).toBe('');
    expect(signatureErrors(readFileSync(path), readFileSync(join(KEYS, 'test-cert.pem'), 'utf8'))).toBe('');
  });

  it('voids an accepted factura: ticket → 0 with a CDR, consult answers 0003, a second RA is 2323', async () => {
    const first = await summarize(1, ra(1, [line(123)]));
    expect(first.status).toMatchObject({ kind: 'done', statusCode: '0', outcome: { kind: 'accepted', code: '0' } });
    const consult = { endpoint: sim.endpoints.consult!, credentials, ruc: '20000000001', tipo: '01', serie: 'F001' };
    expect(await getConsultStatus({ ...consult, numero: 123 })).toMatchObject({ statusCode: '0003', state: 'voided' });
    const again = await summarize(2, ra(2, [line(123)]));
    expect(again.status).toMatchObject({ kind: 'done', statusCode: '99', outcome: { code: '2323' } });
  });

  it('the same RA file sent again (a lost answer) gets the same ticket', async () => {
    const xml = ra(3, [line(124)]);
    const base = '20000000001-RA-20250120-3';
    const a = await sendSummary({ ...call(), fileName: base, zip: zipDocument(base, xml) });
    const b = await sendSummary({ ...call(), fileName: base, zip: zipDocument(base, xml) });
    expect(a).toEqual(b);
    const other = ra(3, [line(125)]);
    const c = await sendSummary({ ...call(), fileName: base, zip: zipDocument(base, other) });
    if (c.kind !== 'ticket') throw new Error(JSON.stringify(c));
    expect(await getStatus({ ...call(), ticket: c.ticket })).toMatchObject({
      statusCode: '99',
      outcome: { code: '2324' },
    });
  });

  it.each([
    ['a boleta (2308)', [line(1, '03', 'B001')], '2015-01-15', '2308'],
    ['an unregistered factura (2105)', [line(999)], '2025-01-15', '2105'],
    ['a reference date that is not the issue date (2375)', [line(125)], '2025-01-14', '2375'],
  ])('refuses %s', async (_name, lines, reference, code) => {
    const n = 10 + Number(code.slice(-2));
    const { status } = await summarize(n, ra(n, lines, reference));
    expect(status).toMatchObject({ kind: 'done', statusCode: '99', outcome: { kind: 'rejected', code } });
  });

  it('refuses a factura issued more than 7 days before (2957)', async () => {
    const late = await startSimulator({ now: () => new Date('2025-01-25T15:00:00Z') });
    try {
      const base = '20000000001-01-F001-200';
      const c = { endpoint: late.endpoints.invoices, credentials, timeoutMs: 10_000 };
      await sendBill({ ...c, fileName: base, zip: zipDocument(base, sign(invoiceXml(200))) });
      const name = '20000000001-RA-20250125-1';
      const xml = sign(
        buildVoidedXml(
          { id: 'RA-20250125-1', referenceDate: '2025-01-15', issueDate: '2025-01-25', lines: [line(200)] },
          issuer,
        ),
      );
      const sent = await sendSummary({ ...c, fileName: name, zip: zipDocument(name, xml) });
      if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
      expect(await getStatus({ ...c, ticket: sent.ticket })).toMatchObject({
        statusCode: '99',
        outcome: { code: '2957' },
      });
    } finally {
      await late.close();
    }
  });

  it('getStatus answers 98 for the configured while, then the CDR', async () => {
    let now = new Date('2025-01-20T15:00:00Z');
    const slow = await startSimulator({ now: () => now, summaryPendingMs: 60_000 });
    try {
      const c = { endpoint: slow.endpoints.invoices, credentials, timeoutMs: 10_000 };
      const base = '20000000001-RC-20250115-1';
      const xml = sign(fixtureText('documents', '20000000001-RC-20250115-1.unsigned.xml'));
      const sent = await sendSummary({ ...c, fileName: base, zip: zipDocument(base, xml) });
      if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
      expect(await getStatus({ ...c, ticket: sent.ticket })).toEqual({ kind: 'pending', statusCode: '98' });
      now = new Date(now.getTime() + 61_000);
      expect(await getStatus({ ...c, ticket: sent.ticket })).toMatchObject({ kind: 'done', statusCode: '0' });
    } finally {
      await slow.close();
    }
  });
});

describe('SummaryDocuments (RC)', () => {
  const boleta = {
    documentType: '03',
    serie: 'B001',
    number: 10,
    condition: '1' as const,
    customerDocType: '1',
    customerDocNumber: '44556677',
    currency: 'PEN',
    total: '128.00',
    taxed: '100.00',
    exonerated: '0.00',
    unaffected: '0.00',
    exportation: '0.00',
    free: '0.00',
    igv: '18.00',
    igvPercent: '18',
    isc: '0.00',
    icbper: '10.00',
  };
  const note = {
    ...boleta,
    documentType: '07',
    serie: 'BC01',
    number: 1,
    affected: { documentType: '03', serie: 'B001', number: 10 },
  };

  it('is XSD-valid, signed and accepted; a boleta voided (ConditionCode 3) cannot be voided again (2987); a factura line is 2308', async () => {
    const xml = sign(
      buildSummaryXml(
        { id: 'RC-20250120-1', referenceDate: '2025-01-15', issueDate: '2025-01-20', lines: [boleta, note] },
        issuer,
      ),
    );
    const dir = mkdtempSync(join(tmpdir(), 'rc-'));
    const path = join(dir, 'rc.xml');
    writeFileSync(path, xml);
    const xsd = join(REPO_ROOT, 'assets/sunat/xsd/2.0/maindoc/UBLPE-SummaryDocuments-1.0.xsd');
    expect(xsdErrors(readFileSync(path), xsd)).toBe('');
    expect(signatureErrors(readFileSync(path), readFileSync(join(KEYS, 'test-cert.pem'), 'utf8'))).toBe('');
    const base = '20000000001-RC-20250120-1';
    const sent = await sendSummary({ ...call(), fileName: base, zip: zipDocument(base, xml) });
    if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
    expect(await getStatus({ ...call(), ticket: sent.ticket })).toMatchObject({ statusCode: '0' });

    const voidXml = (id: string) =>
      sign(
        buildSummaryXml(
          { id, referenceDate: '2025-01-15', issueDate: '2025-01-20', lines: [{ ...boleta, condition: '3' }] },
          issuer,
        ),
      );
    for (const [n, code] of [
      [2, '0'],
      [3, '2987'],
    ] as const) {
      const name = `20000000001-RC-20250120-${n}`;
      const t = await sendSummary({ ...call(), fileName: name, zip: zipDocument(name, voidXml(`RC-20250120-${n}`)) });
      if (t.kind !== 'ticket') throw new Error(JSON.stringify(t));
      expect(await getStatus({ ...call(), ticket: t.ticket })).toMatchObject({ outcome: { code } });
    }
    const bad = sign(
      buildSummaryXml(
        {
          id: 'RC-20250120-4',
          referenceDate: '2025-01-15',
          issueDate: '2025-01-20',
          lines: [{ ...boleta, serie: 'F001', documentType: '01' }],
        },
        issuer,
      ),
    );
    const name = '20000000001-RC-20250120-4';
    const t = await sendSummary({ ...call(), fileName: name, zip: zipDocument(name, bad) });
    if (t.kind !== 'ticket') throw new Error(JSON.stringify(t));
    expect(await getStatus({ ...call(), ticket: t.ticket })).toMatchObject({
      statusCode: '99',
      outcome: { code: '2308' },
    });
  });
});

describe('SummaryDocuments (RC): every line names its IGV rate (SUNAT 2992)', () => {
  const line = (number: number, igvPercent: string, igv: string) => ({
    documentType: '03',
    serie: 'B001',
    number,
    condition: '1' as const,
    customerDocType: '1',
    customerDocNumber: '44556677',
    currency: 'PEN',
    total: (100 + Number(igv)).toFixed(2),
    taxed: '100.00',
    exonerated: '0.00',
    unaffected: '0.00',
    exportation: '0.00',
    free: '0.00',
    igv,
    igvPercent,
    isc: '0.00',
    icbper: '0.00',
  });
  const rc = (id: string) =>
    buildSummaryXml(
      {
        id,
        referenceDate: '2025-01-15',
        issueDate: '2025-01-20',
        lines: [line(20, '18', '18.00'), line(21, '10', '10.00'), line(22, '10.5', '10.50')],
      },
      issuer,
    );

  it('writes cbc:Percent before cac:TaxScheme in each IGV subtotal, XSD-valid, and the simulator accepts it', async () => {
    const xml = rc('RC-20250120-7');
    const percents = [...xml.matchAll(/<cbc:Percent>([^<]+)<\/cbc:Percent>\s*<cac:TaxScheme>\s*<cbc:ID>1000</g)];
    expect(percents.map((m) => m[1])).toEqual(['18.00', '10.00', '10.50']);
    const xsd = join(REPO_ROOT, 'assets/sunat/xsd/2.0/maindoc/UBLPE-SummaryDocuments-1.0.xsd');
    expect(xsdErrors(xml, xsd)).toBe('');
    const name = '20000000001-RC-20250120-7';
    const sent = await sendSummary({ ...call(), fileName: name, zip: zipDocument(name, sign(xml)) });
    if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
    expect(await getStatus({ ...call(), ticket: sent.ticket })).toMatchObject({ statusCode: '0' });
  });

  it('an RC line without it is rejected with 2992, naming the line', async () => {
    const xml = rc('RC-20250120-8');
    // The second line loses its rate, as every summary did before February 2026.
    let seen = 0;
    const stripped = xml.replace(/<cbc:Percent>[^<]+<\/cbc:Percent>/g, (m) => (++seen === 2 ? '' : m));
    const name = '20000000001-RC-20250120-8';
    const sent = await sendSummary({ ...call(), fileName: name, zip: zipDocument(name, sign(stripped)) });
    if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
    const status = await getStatus({ ...call(), ticket: sent.ticket });
    expect(status).toMatchObject({ statusCode: '99', outcome: { code: '2992' } });
    expect(JSON.stringify(status)).toContain('Error en la linea: 2. Tasa del tributo faltante para código 1000.');
  });
});

describe('VoidedDocuments as a resumen de reversiones (RR, "otros CPE")', () => {
  const otros = () => ({ endpoint: sim.endpoints.otrosCpe, credentials, timeoutMs: 10_000 });
  const reason = 'Error en el monto percibido';
  const rr = (n: number, lines: VoidedCommunication['lines']) =>
    sign(
      buildVoidedXml({ id: `RR-20250120-${n}`, referenceDate: '2025-01-20', issueDate: '2025-01-20', lines }, issuer),
    );

  async function revert(n: number, lines: VoidedCommunication['lines'], on = otros()) {
    const base = `20000000001-RR-20250120-${n}`;
    const sent = await sendSummary({ ...on, fileName: base, zip: zipDocument(base, rr(n, lines)) });
    if (sent.kind !== 'ticket') return { sent };
    return { sent, status: await getStatus({ ...on, ticket: sent.ticket }) };
  }

  beforeAll(async () => {
    const base = '20000000001-40-P001-31';
    const outcome = await sendBill({ ...otros(), fileName: base, zip: zipDocument(base, sign(perceptionXml(31))) });
    expect(outcome.kind).toBe('accepted');
  });

  it('reverts an accepted perception (0 with a CDR); a second RR of it is 2323', async () => {
    const first = await revert(1, [{ documentType: '40', serie: 'P001', number: 31, reason }]);
    expect(first.status).toMatchObject({
      kind: 'done',
      statusCode: '0',
      outcome: { kind: 'accepted', code: '0', description: expect.stringContaining('Resumen de reversiones RR-') },
    });
    const again = await revert(2, [{ documentType: '40', serie: 'P001', number: 31, reason }]);
    expect(again.status).toMatchObject({ statusCode: '99', outcome: { code: '2323' } });
  });

  it('is taken by the "otros CPE" service only (0302 on the invoice service)', async () => {
    const { sent } = await revert(3, [{ documentType: '40', serie: 'P001', number: 31, reason }], call());
    expect(sent).toMatchObject({ kind: 'failed', outcome: { code: '0302' } });
  });

  it.each([
    ['a factura (2308)', { documentType: '01', serie: 'F001', number: 123 }, '2308'],
    ['a retention outside an R series (2674)', { documentType: '20', serie: 'F001', number: 1 }, '2674'],
    ['a perception outside a P series (2675)', { documentType: '40', serie: 'R001', number: 1 }, '2675'],
    ['a perception SUNAT never received (2105)', { documentType: '40', serie: 'P001', number: 999 }, '2105'],
  ])('refuses %s', async (_name, doc, code) => {
    const n = 10 + Number(code.slice(-2));
    const { status } = await revert(n, [{ ...doc, reason }]);
    expect(status).toMatchObject({ kind: 'done', statusCode: '99', outcome: { kind: 'rejected', code } });
  });
});
