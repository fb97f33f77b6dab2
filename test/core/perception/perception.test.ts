// The perception core: every fixture computes to SUNAT's sums and builds an XSD-valid, signable
// Perception; the arithmetic rules reject what SUNAT would, naming the field.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildPerceptionXml,
  preparePerception,
  assignPerceptionNumber,
  type ComputedPerception,
} from '../../../src/core/perception/index.ts';
import { signXml } from '../../../src/core/signing.ts';
import { Decimal } from '../../../src/core/money.ts';
import { FIXTURES, XSD_DIR, substituteToday, testIssuer, TODAY } from '../../fixtures/invoices.ts';
import { signatureErrors, TEST_CERT, xsdErrors } from '../../golden/judges.ts';

const KEY = {
  privateKeyPem: readFileSync(join(TEST_CERT, '../test-key.pem'), 'utf8'),
  certificatePem: readFileSync(TEST_CERT, 'utf8'),
};
const XSD = join(XSD_DIR, '2.0/maindoc/UBLPE-Perception-1.0.xsd');
const ctx = { today: TODAY, issuer: testIssuer, mode: 'production' as const };

function body(name: string): Record<string, any> {
  return JSON.parse(substituteToday(readFileSync(join(FIXTURES, 'perceptions', name), 'utf8')));
}

function prepared(b: unknown): ComputedPerception {
  const r = preparePerception(b, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.document;
}

/** SUNAT 2667/2668 and the per-document rule, read back from the XML we emit. */
function sunatSums(xml: string) {
  const amounts = (tag: string) =>
    [...xml.matchAll(new RegExp(`<${tag}[^>]*>([^<]+)</${tag}>`, 'g'))].map((m) => new Decimal(m[1]));
  const header = amounts('cbc:TotalInvoiceAmount')[0];
  const cashed = amounts('sac:SUNATTotalCashed')[0];
  const perceived = amounts('sac:SUNATPerceptionAmount');
  const net = amounts('sac:SUNATNetTotalCashed');
  return {
    header,
    cashed,
    perceivedSum: perceived.reduce((a, b) => a.plus(b), new Decimal(0)),
    netSum: net.reduce((a, b) => a.plus(b), new Decimal(0)),
  };
}

describe('perception fixtures', () => {
  const names = readdirSync(join(FIXTURES, 'perceptions')).filter((f) => f.endsWith('.json'));
  for (const name of names) {
    it(`${name}: computes the sent figures and builds a valid, signed Perception`, () => {
      const b = body(name);
      const doc = assignPerceptionNumber(prepared(b), 7);
      expect(doc.totalPerceived).toBe(new Decimal(b.totales.total_percibido).toFixed(2));
      expect(doc.totalCashed).toBe(new Decimal(b.totales.total_pagado).toFixed(2));
      // The same body without any computed figure gives the same figures (the server fills them).
      const stripped = structuredClone(b);
      delete stripped.totales;
      for (const d of stripped.documentos) {
        delete d.total_percibido;
        delete d.total_a_pagar;
        delete d.total_pagado;
      }
      expect(assignPerceptionNumber(prepared(stripped), 7)).toEqual(doc);

      const signed = signXml(buildPerceptionXml(doc, testIssuer), KEY, { assumeCanonical: true });
      expect(xsdErrors(signed.xml, XSD)).toBe('');
      expect(signatureErrors(signed.xml, KEY.certificatePem)).toBe('');
      const sums = sunatSums(signed.xml);
      expect(sums.header.eq(sums.perceivedSum)).toBe(true); // 2667
      expect(sums.cashed.eq(sums.netSum)).toBe(true); // 2668
      expect(signed.xml).toContain(`<cbc:ID>P001-7</cbc:ID>`);
    });
  }

  it('converts a USD document with its exchange rate: perceived = round2(round2(paid × rate) × 2 %)', () => {
    const doc = prepared(body('02-usd.json'));
    const d = doc.documents[0];
    expect(d.perception).toMatchObject({
      basePen: '10765.23',
      amount: '215.30',
      netCashed: '10980.53',
      exchangeRate: { source: 'USD', target: 'PEN', rate: '3.745000' },
    });
  });
});

describe('perception rules', () => {
  it("rejects amounts perceived at another rate than the regime's (invalid fixture 13)", () => {
    const raw = substituteToday(readFileSync(join(FIXTURES, 'invalid/13-perception-wrong-percent.json'), 'utf8'));
    const r = preparePerception(JSON.parse(raw), ctx);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues[0]).toMatchObject({ path: 'documentos[0].total_percibido', code: 'totals_mismatch' });
  });

  it('rejects header totals that are not the sums (2667/2668)', () => {
    const b = body('01-pen.json');
    b.totales.total_percibido = 60;
    const r = preparePerception(b, ctx);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues).toContainEqual(
        expect.objectContaining({
          path: 'totales.total_percibido',
          code: 'totals_mismatch',
          sunatRule: '2667',
          expected: '54.31',
        }),
      );
  });

  it('requires the exchange rate for a document not in soles, and an unknown regime is a catalog error', () => {
    const b = body('02-usd.json');
    delete b.documentos[0].tipo_de_cambio;
    const r = preparePerception(b, ctx);
    expect(!r.ok && r.issues[0].path).toBe('documentos[0].tipo_de_cambio');
    const c = body('01-pen.json');
    c.codigo_tipo_percepcion = '09';
    const r2 = preparePerception(c, ctx);
    expect(!r2.ok && r2.issues[0]).toMatchObject({ path: 'codigo_tipo_percepcion', code: 'catalog_code_invalid' });
  });

  it('refuses a series that is not P### and a payment larger than the document', () => {
    const b = body('01-pen.json');
    b.serie_documento = 'F001';
    const r = preparePerception(b, ctx);
    expect(!r.ok && r.issues[0].path).toBe('serie_documento');
    const c = body('01-pen.json');
    c.documentos[0].pagos[0].total_pago = 99999;
    const r2 = preparePerception(c, ctx);
    expect(!r2.ok && r2.issues.map((i) => i.path)).toContain('documentos[0].pagos[0].total_pago');
  });
});
