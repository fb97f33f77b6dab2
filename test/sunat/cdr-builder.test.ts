// How the simulator signs its CDRs (cdr-builder.ts): with its key, as production SUNAT does — XMLDSig that xmlsec1
// and libxml2's canonicalisation verify — or in SUNAT beta's manner (the fast stand-in): the very same CDR, digest
// included, with beta's placeholder texts in the only two places the key fills.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCdr } from '../../src/core/cdr.ts';
import { verifyXmlSignature } from '../../src/core/signing.ts';
import { unzipCdr } from '../../src/sunat/index.ts';
import {
  BETA_CERTIFICATE,
  BETA_SIGNATURE_VALUE,
  type CdrContent,
  signedCdrZip,
} from '../../src/simulator/cdr-builder.ts';
import { xmlsecVerifies } from '../golden/judges.ts';
import { testKey } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'facturo-cdr-builder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const accepted: CdrContent = {
  id: '1732471019381',
  at: new Date('2025-01-20T15:00:00Z'),
  receiverRuc: '20000000001',
  reference: 'F001-587',
  code: '0',
  description: 'La Factura numero F001-587, ha sido aceptada',
  notes: [],
  recipient: '6-20100070970',
  documentHash: 'Y2XmB/q+k+BiyTb4aamyJdlizbs=',
};
// A rejection with notes whose texts read like attributes to a careless scan.
const rejected: CdrContent = {
  ...accepted,
  code: '2800',
  description: "El dato ingresado en el tipo de documento de identidad del receptor no esta permitido. value='x'",
  notes: ['4252 - El dato ingresado como atributo @listName es incorrecto. - INFO: 4252 (nodo: "a" valor: \'b\')'],
};

const cdrXml = (content: CdrContent, signature: 'key' | 'beta') =>
  unzipCdr(signedCdrZip(content, testKey, '20000000001-01-F001-587', signature)).xml.toString('utf8');

function xmlsec(xml: string, name: string) {
  const path = join(dir, `${name}.xml`);
  writeFileSync(path, xml);
  return xmlsecVerifies(path);
}

const between = (xml: string, tag: string) => new RegExp(`<ds:${tag}>([^<]*)</ds:${tag}>`).exec(xml)?.[1];

describe("the simulator's CDR signature", () => {
  it.each([
    ['accepted', accepted],
    ['rejected, with notes', rejected],
  ])('with its key (%s): xmlsec1 and libxml2 verify it', (name, content) => {
    const xml = cdrXml(content, 'key');
    expect(xmlsec(xml, `key-${name.length}`)).toMatchObject({ ok: true });
    expect(verifyXmlSignature(xml)).toMatchObject({ valid: true, signatureId: 'SignSUNAT' });
  });

  it.each([
    ['accepted', accepted],
    ['rejected, with notes', rejected],
  ])(
    "in beta's manner (%s): the key-signed CDR with beta's two placeholder texts, its digest the CDR's own",
    (name, content) => {
      const signed = cdrXml(content, 'key');
      const beta = cdrXml(content, 'beta');
      expect(between(beta, 'SignatureValue')).toBe(BETA_SIGNATURE_VALUE);
      expect(between(beta, 'X509Certificate')).toBe(BETA_CERTIFICATE);
      // The DigestValue is the same as in the CDR xmlsec1 verified above: beta's digest is true.
      expect(between(beta, 'DigestValue')).toBe(between(signed, 'DigestValue'));
      expect(
        beta
          .replace(BETA_SIGNATURE_VALUE, between(signed, 'SignatureValue')!)
          .replace(BETA_CERTIFICATE, between(signed, 'X509Certificate')!),
      ).toBe(signed);
      // Nothing can verify it, as nothing can verify SUNAT beta's own CDRs.
      expect(verifyXmlSignature(beta)).toMatchObject({ valid: false, code: '2098' });
      expect(xmlsec(beta, `beta-${name.length}`).ok).toBe(false);
    },
  );

  it('reads the same either way: our CDR reader takes what SUNAT answered, not who signed it', () => {
    expect(parseCdr(cdrXml(accepted, 'beta'))).toEqual(parseCdr(cdrXml(accepted, 'key')));
  });
});
