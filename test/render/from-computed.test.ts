// printModelFromComputed: the PDF of a document the core computed, the UBL carried and the key signed says
// exactly what that document says — same figures, same QR, same hash.
import { afterAll, describe, expect, it } from 'vitest';
import { assignNumber, prepareDocument } from '../../src/core/index.ts';
import { formatAmount, printModelFromComputed, renderPdf, SUNAT_CONSULTATION_URL } from '../../src/render/index.ts';
import { invoiceFixtureNames, loadInvoiceFixture, testContext, testIssuer } from '../fixtures/invoices.ts';
import { issuedDocument } from './models.ts';
import { cleanup, decodeQrOnPage, pdfPages, readPdf } from './pdf-tools.ts';

afterAll(cleanup);

const shown = (v: unknown): string | undefined =>
  v === undefined || Number(v) === 0 ? undefined : formatAmount(String(v));

describe.each(invoiceFixtureNames())('invoices/%s.json issued and printed', (name) => {
  it("prints the fixture's figures, the amount in words and the signature's hash", async () => {
    const { document, digestValue, model } = issuedDocument(name);
    const t = loadInvoiceFixture(name).totales;
    expect(model.totals.total).toBe(formatAmount(String(t.total_venta)));
    expect(model.totals.taxed).toBe(shown(t.total_operaciones_gravadas));
    expect(model.totals.exonerated).toBe(shown(t.total_operaciones_exoneradas));
    expect(model.totals.unaffected).toBe(shown(t.total_operaciones_inafectas));
    expect(model.totals.export).toBe(shown(t.total_exportacion));
    expect(model.totals.free).toBe(shown(t.total_operaciones_gratuitas));
    expect(model.totals.icbper).toBe(shown(t.total_impuestos_bolsa_plastica));
    expect(model.totals.advances).toBe(shown(t.total_anticipos));
    expect(model.totals.charges).toBe(shown(t.total_cargos));
    expect(model.lines).toHaveLength(document.lines.length);
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);

    const text = readPdf(await renderPdf(model, 'a4'));
    for (const s of [
      `${document.series}-${document.number}`,
      `R.U.C. N° ${testIssuer.ruc}`,
      document.customer.name,
      `${model.currency.symbol} ${model.totals.total}`,
      document.amountInWords,
      `Valor resumen: ${digestValue}`,
    ]) {
      expect(text.has(s), s).toBe(true);
    }
    for (const line of document.lines) expect(text.has(line.description), line.description).toBe(true);
  });
});

describe('what the mapper takes from the computed document', () => {
  it('a detraction invoice on credit: instalments, pending amount and the SPOT notice; the QR scans', async () => {
    const { model, qrText } = issuedDocument('13-detraction');
    expect(model.paymentTerms).toEqual({
      condition: 'Crédito',
      instalments: [
        { label: 'Cuota 001', dueDate: '2025-07-16', amount: '3,533.16' },
        { label: 'Cuota 002', dueDate: '2025-08-15', amount: '3,533.17' },
      ],
      payments: undefined,
    });
    expect(model.totals.pendingPayment).toBe('7,066.33');
    expect(model.detraction).toEqual({
      goodsOrService: '019 - Arrendamiento de bienes muebles',
      percent: '10',
      amount: '785.15',
      account: '00-051-184327',
      paymentMethod: '001 - Depósito en cuenta',
    });
    expect(model.legends?.map((l) => l.code)).toEqual(['2006']);
    const pdf = await renderPdf(model, 'a4');
    expect(decodeQrOnPage(pdf, pdfPages(pdf).length)).toEqual([qrText]);
  });

  it('a free invoice: the referential value as unit value, nothing to pay, legend 1002', () => {
    const { model } = issuedDocument('03-free-of-charge');
    expect(model.lines[0]).toMatchObject({ unitValue: '4.20', unitPrice: '0.00', amount: '0.00' });
    expect(model.lines[0].details).toContain('Transferencia gratuita — valor referencial');
    expect(model.totals).toMatchObject({ free: '68.30', total: '0.00' });
    expect(model.totals.igv).toBeUndefined();
    expect(model.legends?.map((l) => l.code)).toContain('1002');
  });

  it('a credit note: the affected document and the catalog-09 reason', () => {
    const { model } = issuedDocument('26-credit-note', 31);
    expect(model.note).toEqual({
      affectedDocumentLabel: 'FACTURA ELECTRÓNICA',
      affectedDocumentNumber: 'F001-1288',
      affectedDocumentDate: undefined,
      noteType: '01 - Anulación de la operación',
      reason: 'Anulación de la operación: pedido duplicado por el cliente',
    });
    expect(model.paymentTerms).toBeUndefined();
  });

  it('a debit note names the catalog-10 type', () => {
    expect(issuedDocument('27-debit-note', 8).model.note?.noteType).toBe('01 - Intereses por mora');
  });

  it('the plate and item information under the description; purchase order and informacion_adicional pairs', () => {
    expect(issuedDocument('18-plate').model.lines.map((l) => l.details)).toEqual([
      ['Gastos Art. 37 Renta: Número de Placa: BXK-718'],
      ['Número de Placa: BXK-718'],
    ]);
    const obs = issuedDocument('28-observations-and-purchase-order').model;
    expect(obs.purchaseOrder).toBe('OC-2025-00871');
    expect(obs.additionalInformation).toEqual([
      { label: 'Forma de pago', value: 'Transferencia BCP' },
      { label: 'Vendedor', value: 'M. Salazar Ñique' },
      { label: 'Entrega', value: 'Almacén N° 3 — turno mañana; ref. "Puerta B" & <rampa 2>' },
    ]);
  });

  it('advances, guides and related documents with their catalog names', () => {
    const advances = issuedDocument('15-advances').model;
    expect(advances.totals).toMatchObject({ subtotal: '71,000.00', advances: '21,300.00', total: '49,700.00' });
    expect(advances.advances?.map((a) => a.amount)).toEqual(['14,200.00', '7,100.00']);
    expect(issuedDocument('24-guide-extra-field').model.guides?.[0]).toMatchObject({
      label: 'Guía de remisión remitente',
    });
    expect(issuedDocument('16-related-document').model.relatedDocuments?.map((r) => r.label)).toEqual([
      'Otros',
      'Otros',
    ]);
  });

  it('a foreign-currency invoice prints its currency and exchange rate', () => {
    const { model } = issuedDocument('04-dollars');
    expect(model.currency).toEqual({ code: 'USD', symbol: 'US$', name: 'DÓLARES AMERICANOS' });
    expect(model.exchangeRate).toBe('3.752');
  });

  it("a voided or rejected document carries a watermark; the consultation URL defaults to SUNAT's", () => {
    expect(issuedDocument('01-taxed', 57, { state: '11' }).model.watermark).toBe('ANULADO');
    expect(issuedDocument('01-taxed', 57, { state: '09' }).model.watermark).toBe('RECHAZADO');
    const accepted = issuedDocument('01-taxed', 57, { state: '05' }).model;
    expect(accepted.watermark).toBeUndefined();
    expect(accepted.consultationUrl).toBe(SUNAT_CONSULTATION_URL);
  });

  it('refuses a document that has no number yet', () => {
    const prepared = prepareDocument(loadInvoiceFixture('01-taxed'), testContext());
    if (!prepared.ok) throw new Error('fixture 01 must be valid');
    expect(() => printModelFromComputed(prepared.document, testIssuer, { hash: 'x', qrText: 'x' })).toThrow(
      /no number/,
    );
    expect(
      printModelFromComputed(assignNumber(prepared.document, 9), testIssuer, { hash: 'x', qrText: 'x' }).number,
    ).toBe('9');
  });
});
