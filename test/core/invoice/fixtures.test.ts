// Every valid fixture computes to exactly the figures of test/fixtures/requests/index.json (ground truth), with and without the
// client's totals: the server fills what is omitted and obtains the same cents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareDocument, type ComputedDocument } from '../../../src/core/index.ts';
import {
  FIXTURES,
  invoiceFixtureNames,
  loadInvoiceFixture,
  testContext,
  withoutTotals,
} from '../../fixtures/invoices.ts';

interface IndexEntry {
  file: string;
  key_figures: Record<string, number>;
}
const index: IndexEntry[] = JSON.parse(readFileSync(join(FIXTURES, 'index.json'), 'utf8'));
const keyFigures = new Map(
  index.filter((e) => e.file.startsWith('invoices/')).map((e) => [e.file.slice(9, -5), e.key_figures]),
);

const money = (n: number) => n.toFixed(2);

function compute(body: unknown): ComputedDocument {
  const r = prepareDocument(body, testContext());
  if (!r.ok) throw new Error(`unexpected issues: ${JSON.stringify(r.issues)}`);
  return r.document;
}

describe('valid fixtures compute to the README figures', () => {
  for (const name of invoiceFixtureNames()) {
    it(name, () => {
      const doc = compute(loadInvoiceFixture(name));
      const k = keyFigures.get(name)!;
      expect(k, `index.json lists ${name}`).toBeDefined();
      expect(doc.totals.value).toBe(money(k.total_valor));
      expect(doc.totals.igv).toBe(money(k.total_igv));
      expect(doc.totals.taxes).toBe(money(k.total_impuestos));
      expect(doc.totals.payable).toBe(money(k.total_venta));
      // subtotal_venta is listed only when it differs from total_venta.
      expect(doc.totals.taxInclusive).toBe(money(k.subtotal_venta ?? k.total_venta));
    });
  }
});

describe('the same bodies without totales and line totals give the same figures', () => {
  for (const name of invoiceFixtureNames()) {
    it(name, () => {
      const full = compute(loadInvoiceFixture(name));
      const stripped = compute(withoutTotals(loadInvoiceFixture(name)));
      expect(stripped.totals).toEqual(full.totals);
      expect(stripped.lines).toEqual(full.lines);
      expect(stripped.taxSubtotals).toEqual(full.taxSubtotals);
      expect(stripped.allowanceCharges).toEqual(full.allowanceCharges);
      expect(stripped.legends).toEqual(full.legends);
    });
  }
  it('also without precio_unitario: the price is the 3270 formula, round2(total / cantidad)', () => {
    for (const name of invoiceFixtureNames()) {
      const body = withoutTotals(loadInvoiceFixture(name));
      for (const item of body.items) delete item.precio_unitario;
      const doc = compute(body);
      const full = compute(loadInvoiceFixture(name));
      expect(
        doc.lines.map((l) => l.unitPrice),
        name,
      ).toEqual(full.lines.map((l) => l.unitPrice));
    }
  });
});

describe('other README figures', () => {
  const doc = (name: string) => compute(loadInvoiceFixture(name));
  it('03 free: gratuitas 68.30, IGV referencial 12.30, legend 1002, payable 0.00', () => {
    const d = doc('03-free-of-charge');
    expect(d.totals.free).toBe('68.30');
    expect(d.totals.freeIgv).toBe('12.30');
    expect(d.totals.payable).toBe('0.00');
    expect(d.legends.map((l) => l.code)).toEqual(['1000', '1002']);
    expect(d.lines.every((l) => l.priceType === '02' && l.unitValue === '0.00')).toBe(true);
  });
  it('08 bag: ICBPER 2.00 (4 bags × 0.50) inside total_impuestos and total_venta', () => {
    const d = doc('08-bag-tax');
    expect(d.totals.icbper).toBe('2.00');
    expect(d.lines[2].icbper).toEqual({ bags: '4', rate: '0.50', amount: '2.00' });
    expect(d.taxSubtotals.find((s) => s.scheme === '7152')).toEqual({ scheme: '7152', taxAmount: '2.00' });
  });
  it('10 charge 50: 56.70 = 5 % of total_valor (half-up tie 56.695)', () => {
    const d = doc('10-global-charge');
    expect(d.totals.chargeTotal).toBe('56.70');
    expect(d.allowanceCharges).toEqual([
      {
        charge: true,
        code: '50',
        description: 'Cargo por entrega urgente en planta',
        factor: '0.05',
        amount: '56.70',
        base: '1133.90',
        currency: 'PEN',
      },
    ]);
  });
  it('11 mixed: gratuitas 9.84, IGV referencial 1.77 not in total_igv', () => {
    const d = doc('11-taxed-and-free');
    expect([d.totals.free, d.totals.freeIgv, d.totals.igv]).toEqual(['9.84', '1.77', '39.90']);
    expect(d.legends.map((l) => l.code)).toEqual(['1000']);
  });
  it('12 exonerated + bag: exoneradas 434.85, ICBPER 1.50', () => {
    const d = doc('12-exonerated-and-bag');
    expect([d.totals.exonerated, d.totals.icbper]).toEqual(['434.85', '1.50']);
  });
  it('13 detraction: 785.15 (10 % of 7851.48), pending 7066.33 = 3533.16 + 3533.17, legend 2006', () => {
    const d = doc('13-detraction');
    expect(d.detraction).toEqual({
      code: '019',
      percent: '10',
      amount: '785.15',
      paymentMeansCode: '001',
      account: '00-051-184327',
    });
    expect(d.totals.pending).toBe('7066.33');
    expect(d.installments.map((c) => c.amount)).toEqual(['3533.16', '3533.17']);
    expect(d.paymentForm).toBe('Credito');
    expect(d.legends.map((l) => l.code)).toEqual(['1000', '2006']);
  });
  it('14 discounts: line 00 58.96 + 27.12, global 02 41.90; gravadas 1354.81; total_descuentos 127.98', () => {
    const d = doc('14-global-and-line-discount');
    expect(d.lines[0].allowanceCharges[0].amount).toBe('58.96');
    expect(d.lines[2].allowanceCharges[0].amount).toBe('27.12');
    expect(d.lines[2].igv).toBe('92.75'); // half-up tie 92.745
    expect(d.allowanceCharges[0].amount).toBe('41.90');
    expect(d.totals.taxed).toBe('1354.81');
    expect(d.totals.discountTotal).toBe('127.98');
  });
  it('15 advances: gravadas 42118.64, IGV 7581.36, TaxInclusive 71000.00, anticipos 21300.00, payable 49700.00', () => {
    const d = doc('15-advances');
    expect(d.totals.taxed).toBe('42118.64');
    expect(d.totals.prepaid).toBe('21300.00');
    expect(d.advances).toEqual([
      { number: 'F001-1042', documentType: '02', value: '12033.90', total: '14200.00' },
      { number: 'F001-1079', documentType: '02', value: '6016.95', total: '7100.00' },
    ]);
  });
  it('17 discount 02: 35.98 on base 719.50 (tie 35.975); gravadas 683.52', () => {
    const d = doc('17-global-discount');
    expect([d.allowanceCharges[0].amount, d.allowanceCharges[0].base, d.totals.taxed]).toEqual([
      '35.98',
      '719.50',
      '683.52',
    ]);
  });
  it('19 credit: cuotas 1023.59 + 1023.59 + 1023.61 = 3070.79', () => {
    const d = doc('19-credit-payment');
    expect(d.installments.map((c) => [c.id, c.amount])).toEqual([
      ['Cuota001', '1023.59'],
      ['Cuota002', '1023.59'],
      ['Cuota003', '1023.61'],
    ]);
    expect(d.lines[1].igv).toBe('164.75'); // tie 164.745
  });
  it('21 payments: 200.00 cash + 274.20 (destination null) = total_venta', () => {
    const d = doc('21-payments');
    expect(d.payments).toEqual([
      { methodCode: '01', destination: 'cash', reference: 'Caja 1', amount: '200.00' },
      { methodCode: '03', reference: 'Voucher 004512', amount: '274.20' },
    ]);
  });
  it('23 export: exportación 12407.93 USD; a line with no tax keeps price = value (5.785)', () => {
    const d = doc('23-export');
    expect(d.totals.exportation).toBe('12407.93');
    expect(d.lines[0].unitPrice).toBe('5.785');
    expect(d.lines[1].value).toBe('4424.63'); // tie 4424.625
  });
  it('29 ISC: base 150.51, ISC 37.63, IGV base 188.14, gravadas stays Σ values 268.31', () => {
    const d = doc('29-isc');
    expect(d.lines[0].isc).toEqual({ systemCode: '01', base: '150.51', percent: '25', amount: '37.63' });
    expect(d.lines[0].igvBase).toBe('188.14');
    expect([d.totals.iscBase, d.totals.isc, d.totals.taxed]).toEqual(['150.51', '37.63', '268.31']);
  });
  it('30 discount 03: 4.96 = 2 % of TaxInclusive 248.02 → AllowanceTotalAmount; payable 243.06', () => {
    const d = doc('30-global-discount-no-base');
    expect([d.totals.allowanceTotal, d.totals.taxInclusive, d.totals.payable]).toEqual(['4.96', '248.02', '243.06']);
  });
  it('06 / 28 half-up ties on line values: 165.255 → 165.26, 380.085 → 380.09', () => {
    expect(doc('06-contingency').lines[0].value).toBe('165.26');
    expect(doc('28-observations-and-purchase-order').lines[1].value).toBe('380.09');
  });
  it('every fixture is accepted without warnings (they are already normalised) but porcentaje_igv 18 on lines without IGV', () => {
    for (const name of invoiceFixtureNames()) {
      const r = prepareDocument(loadInvoiceFixture(name), testContext());
      // FacturadorPro sends porcentaje_igv 18 on exonerated/unaffected/export lines: SUNAT 3101 wants 0.00 there.
      const others = r.ok && r.warnings.filter((w) => !(w.code === 'value_adjusted' && w.sunatRule === '3101'));
      expect(others, name).toEqual([]);
    }
  });
  it('a line without IGV gets Percent 0.00 and a warning citing SUNAT 3101', () => {
    const r = prepareDocument(loadInvoiceFixture('07-unaffected'), testContext());
    if (!r.ok) throw new Error('07-unaffected refused');
    expect(r.document.lines.every((l) => Number(l.igvPercent) === 0)).toBe(true);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ path: 'items[0].porcentaje_igv', code: 'value_adjusted', sunatRule: '3101' }),
    );
  });
});
