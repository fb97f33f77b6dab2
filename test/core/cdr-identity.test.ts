// The one rule every CDR is judged by (src/core/cdr-identity.ts), whether a send, the recovery or the company's
// consult brought it: it must name our document (RUC, type, series-number) and, when it carries a document hash,
// that hash must be ours. A CDR for another document is never ours.
import { describe, expect, it } from 'vitest';
import type { CdrResponse } from '../../src/core/cdr.ts';
import { identifyCdr, type ExpectedDocument } from '../../src/core/cdr-identity.ts';

const HASH = 'RwNDwdsWs4XMKM4BoTAf5MKh3T8=';

function cdr(overrides: Partial<CdrResponse> = {}): CdrResponse {
  return {
    code: '0',
    description: 'La Factura numero F001-587, ha sido aceptada',
    notes: [],
    observations: [],
    reference: 'F001-587',
    id: '1700000000000',
    issueDate: '2025-06-20',
    issueTime: '10:00:00',
    responseDate: '2025-06-20',
    responseTime: '10:00:05',
    senderId: '20131312955',
    receiverId: '20000000001',
    recipientId: '6-20100070970',
    documentReferenceId: 'F001-587',
    documentTypeCode: '01',
    documentHash: HASH,
    outcome: 'accepted',
    ...overrides,
  };
}

const ours: ExpectedDocument = {
  ruc: '20000000001',
  documentType: '01',
  serie: 'F001',
  number: 587,
  hash: HASH,
  customerNumber: '20100070970',
  createdAt: new Date('2025-06-20T14:59:00Z'),
};

const reasonOf = (c: CdrResponse, e: ExpectedDocument = ours) => {
  const identity = identifyCdr(c, e);
  return identity.ours ? undefined : identity.reason;
};

describe('a CDR that names our document', () => {
  it('is ours when its hash is our DigestValue (whitespace aside)', () => {
    expect(identifyCdr(cdr({ documentHash: ` ${HASH}\n` }), ours)).toEqual({ ours: true, basis: 'hash' });
  });

  it('is ours with SUNAT’s padded number and a typed recipient', () => {
    const padded = cdr({ reference: 'F001-00000587', documentReferenceId: 'f001-587', receiverId: '6-20000000001' });
    expect(identifyCdr(padded, ours)).toEqual({ ours: true, basis: 'hash' });
  });

  it('is ours without a hash when nothing it carries contradicts ours (older SUNAT CDRs)', () => {
    expect(identifyCdr(cdr({ documentHash: undefined }), ours)).toEqual({ ours: true, basis: 'unrefuted' });
  });

  it('is ours without a hash when it names neither RUC nor type', () => {
    const bare = cdr({ documentHash: undefined, receiverId: undefined, documentTypeCode: undefined });
    expect(identifyCdr(bare, ours)).toEqual({ ours: true, basis: 'unrefuted' });
  });
});

describe('a CDR for another document is never ours', () => {
  it('when its hash is another DigestValue', () => {
    expect(reasonOf(cdr({ documentHash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' }))).toMatch(/valor resumen es AAAA/);
  });

  it('when it carries a hash and we have none to compare it with', () => {
    expect(reasonOf(cdr(), { ...ours, hash: undefined })).toMatch(/otro documento/);
  });

  it('when it names no document', () => {
    expect(reasonOf(cdr({ reference: undefined, documentReferenceId: undefined }))).toMatch(/no indica/);
  });

  it('when it names another series-number, in either place', () => {
    expect(reasonOf(cdr({ reference: 'F001-588' }))).toMatch(/F001-588/);
    expect(reasonOf(cdr({ documentReferenceId: 'F002-587' }))).toMatch(/F002-587/);
  });

  it('when it is addressed to another RUC', () => {
    expect(reasonOf(cdr({ receiverId: '20999999999' }))).toMatch(/RUC 20999999999/);
  });

  it('when it answers another document type', () => {
    expect(reasonOf(cdr({ documentTypeCode: '03' }))).toMatch(/tipo 03/);
  });

  it('without a hash, when it names another customer', () => {
    expect(reasonOf(cdr({ documentHash: undefined, recipientId: '6-20555555555' }))).toMatch(/emitido a/);
  });

  it('without a hash, when SUNAT registered the number before our document existed', () => {
    const older = cdr({ documentHash: undefined, responseDate: '2025-06-19' });
    expect(reasonOf(older)).toMatch(/antes de que este comprobante existiera/);
  });
});
