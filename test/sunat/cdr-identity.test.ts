// A CDR is ours only if it answers our document: the real-world CDR shapes (with and without a document hash)
// against the document we expect, one disagreement at a time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCdr } from '../../src/core/cdr.ts';
import { identifyCdr, type ExpectedDocument } from '../../src/core/cdr-identity.ts';
import { SUNAT_FIXTURES } from './helpers.ts';

const cdr = (name: string) => parseCdr(readFileSync(join(SUNAT_FIXTURES, 'cdr', name)));
// SUNAT 2016, no hash: F001-1 for customer 6-20587896411, processed 2016-05-25 08:22:48 Lima time.
const hashless = cdr('greenter-R-20600995805-01-F001-1.xml');
// An OSE's CDR: F001-1 with DocumentHash RwNDwdsWs4XMKM4BoTAf5MKh3T8=.
const hashed = cdr('efact-ose-F001-1.xml');
const sunat2016: ExpectedDocument = {
  serie: 'F001',
  number: 1,
  customerNumber: '20587896411',
  createdAt: new Date('2016-05-25T13:20:00Z'),
};

describe('with a document hash the answer is certain', () => {
  it('ours when the hash is our DigestValue', () => {
    expect(identifyCdr(hashed, { serie: 'F001', number: 1, hash: 'RwNDwdsWs4XMKM4BoTAf5MKh3T8=' })).toEqual({
      ours: true,
      basis: 'hash',
    });
  });

  it('another document when the hash differs, even with our number, customer and time', () => {
    const identity = identifyCdr(hashed, {
      serie: 'F001',
      number: 1,
      hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      customerNumber: '20000000001',
    });
    expect(identity.ours).toBe(false);
    expect(identity.ours === false && identity.reason).toMatch(/valor resumen es RwNDwdsWs4XMKM4BoTAf5MKh3T8=/);
  });

  it('another document when the number differs, whatever the hash', () => {
    expect(identifyCdr(hashed, { serie: 'F001', number: 2, hash: 'RwNDwdsWs4XMKM4BoTAf5MKh3T8=' })).toMatchObject({
      ours: false,
      reason: expect.stringContaining('F001-1'),
    });
    expect(identifyCdr(hashed, { serie: 'F002', number: 1, hash: 'RwNDwdsWs4XMKM4BoTAf5MKh3T8=' }).ours).toBe(false);
  });
});

describe('without a hash (older SUNAT CDRs) it is ours unless something it carries contradicts', () => {
  it('ours when number, customer and date agree (SUNAT pads the number: F001-00000001 in the description)', () => {
    expect(identifyCdr(hashless, sunat2016)).toEqual({ ours: true, basis: 'unrefuted' });
    expect(identifyCdr(hashless, { ...sunat2016, hash: 'bm90IGNhcnJpZWQgYnkgdGhpcyBDRFI=' })).toEqual({
      ours: true,
      basis: 'unrefuted',
    });
  });

  it('another document when it names another customer', () => {
    expect(identifyCdr(hashless, { ...sunat2016, customerNumber: '20100070970' })).toMatchObject({
      ours: false,
      reason: expect.stringContaining('6-20587896411'),
    });
  });

  it('another document when SUNAT registered the number before ours existed (beyond a 10-minute clock skew)', () => {
    expect(identifyCdr(hashless, { ...sunat2016, createdAt: new Date('2016-05-25T13:33:00Z') }).ours).toBe(false);
    expect(identifyCdr(hashless, { ...sunat2016, createdAt: new Date('2016-05-25T13:32:00Z') }).ours).toBe(true);
  });

  it('another document when it answers another number; none at all when it names no document', () => {
    expect(identifyCdr(hashless, { ...sunat2016, number: 11 }).ours).toBe(false);
    expect(identifyCdr({ ...hashless, reference: undefined, documentReferenceId: undefined }, sunat2016)).toEqual({
      ours: false,
      reason: 'la constancia no indica a qué comprobante responde',
    });
  });
});
