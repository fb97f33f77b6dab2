// The CDR as SUNAT and OSEs really send it: read into code, description, notes and reference whatever the shape,
// and found inside whatever zip it comes in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CdrError, classifySunatCode, normalizeSunatCode, parseCdr, parseNote } from '../../src/core/cdr.ts';
import { readZip, unzipCdr, ZipError, zipEntries } from '../../src/sunat/zip.ts';
import { outcomeFromCdrZip } from '../../src/sunat/outcomes.ts';
import { SUNAT_FIXTURES } from './helpers.ts';

const cdrBytes = (name: string) => readFileSync(join(SUNAT_FIXTURES, 'cdr', name));

describe('parseCdr on real-world shapes', () => {
  it('reads a SUNAT CDR of 2016 (ISO-8859-1, ar: prefix, no notes) as accepted', () => {
    const cdr = parseCdr(cdrBytes('greenter-R-20600995805-01-F001-1.xml'));
    expect(cdr).toMatchObject({
      code: '0',
      description: 'La Factura numero F001-00000001, ha sido aceptada',
      notes: [],
      reference: 'F001-1',
      id: '201656892705188',
      issueDate: '2016-05-25',
      issueTime: '08:22:48',
      senderId: '20131312955',
      receiverId: '20600995805',
      recipientId: '6-20587896411',
      outcome: 'accepted',
    });
  });

  it('reads a recent CDR: datetime in IssueDate, unprefixed ds:Signature, notes AFTER cac:Signature → observed', () => {
    const cdr = parseCdr(cdrBytes('sunat-recent-observed-notes-after-signature.xml'));
    expect(cdr.code).toBe('0');
    expect(cdr.outcome).toBe('observed');
    expect(cdr.issueDate).toBe('2024-11-24');
    expect(cdr.issueTime).toBe('00:00:00'); // an explicit IssueTime wins over the time inside IssueDate
    expect(cdr.notes).toHaveLength(2);
    expect(cdr.observations.map((o) => o.code)).toEqual(['4252', '4255']);
    expect(cdr.observations[0].message).toMatch(/^El dato ingresado como atributo @listName es incorrecto\./);
    expect(cdr.reference).toBe('F001-587');
  });

  it('reads an older CDR with the notes BEFORE cac:Signature the same way', () => {
    const cdr = parseCdr(cdrBytes('sunat-2018-observed-notes-before-signature.xml'));
    expect(cdr.outcome).toBe('observed');
    expect(cdr.observations).toEqual([{ code: '4287', message: expect.stringContaining('precio unitario') }]);
    expect(cdr.reference).toBe('F001-00000587');
  });

  it('reads a production-style rejection CDR (code in ResponseCode, detail in Description)', () => {
    const cdr = parseCdr(cdrBytes('sunat-rejected-2800.xml'));
    expect(cdr.code).toBe('2800');
    expect(cdr.outcome).toBe('rejected');
    expect(cdr.description).toContain('INFO : 2800 (nodo: "cbc:ID/schemeID" valor: "7")');
    expect(cdr.issueDate).toBe('2021-06-15');
    expect(cdr.issueTime).toBe('02:30:08'); // taken from the datetime in IssueDate when IssueTime is absent
  });

  it('reads an OSE CDR (UBL 2.1 style: default cbc namespace, PartyLegalEntity/CompanyID, DocumentHash)', () => {
    const cdr = parseCdr(cdrBytes('efact-ose-F001-1.xml'));
    expect(cdr).toMatchObject({
      code: '0',
      description: 'La Factura F001-1 ha sido aceptada.',
      reference: 'F001-1',
      senderId: '20000000003',
      receiverId: '20000000001',
      recipientId: '20000000001',
      documentHash: 'RwNDwdsWs4XMKM4BoTAf5MKh3T8=',
      issueTime: '16:50:40.00272',
      outcome: 'accepted',
    });
  });

  it('reads the document hash also where it stands directly under DocumentReference', () => {
    const text = cdrBytes('greenter-R-20600995805-01-F001-1.xml')
      .toString('latin1')
      .replace(
        '<cbc:ID>F001-1</cbc:ID>',
        '<cbc:ID>F001-1</cbc:ID><cbc:DocumentHash>RwNDwdsWs4XMKM4BoTAf5MKh3T8=</cbc:DocumentHash>',
      );
    expect(parseCdr(text)).toMatchObject({
      documentReferenceId: 'F001-1',
      documentHash: 'RwNDwdsWs4XMKM4BoTAf5MKh3T8=',
    });
    expect(parseCdr(cdrBytes('greenter-R-20600995805-01-F001-1.xml')).documentHash).toBeUndefined();
  });

  it('reads a CDR whose root is in the default namespace', () => {
    const cdr = parseCdr(cdrBytes('default-namespace-root.xml'));
    expect(cdr.reference).toBe('RA-20170719-01');
    expect(cdr.outcome).toBe('accepted');
  });

  it('refuses what is not a CDR with a CdrError', () => {
    expect(() => parseCdr('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')).toThrow(
      CdrError,
    );
    expect(() =>
      parseCdr(
        '<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"></ar:ApplicationResponse>',
      ),
    ).toThrow(/ResponseCode/);
    expect(() => parseCdr('<ar:ApplicationResponse')).toThrow(CdrError);
    expect(() => parseCdr('')).toThrow(CdrError);
    expect(() => parseCdr('<!DOCTYPE x [<!ENTITY e "x">]><ApplicationResponse/>')).toThrow(/DOCTYPE/);
  });
});

describe('SUNAT code ranges', () => {
  it.each([
    ['0', [], 'accepted'],
    ['0', ['4252'], 'observed'],
    ['4252', [], 'observed'],
    ['2335', [], 'rejected'],
    ['3999', [], 'rejected'],
    ['2000', [], 'rejected'],
    ['1999', [], 'exception'],
    ['0100', [], 'exception'],
    ['1033', [], 'exception'],
    ['HTTP', [], 'unknown'],
  ] as const)('%s with notes %j is %s', (code, notes, kind) => {
    expect(classifySunatCode(code, notes)).toBe(kind);
  });

  it('normalizes codes the way SUNAT writes them', () => {
    expect(normalizeSunatCode('156')).toBe('0156');
    expect(normalizeSunatCode('0000')).toBe('0');
    expect(normalizeSunatCode('2335')).toBe('2335');
  });

  it('splits a note into its code and message', () => {
    expect(parseNote('4252 - El dato… - INFO: 4252')).toEqual({ code: '4252', message: 'El dato… - INFO: 4252' });
    expect(parseNote('Observación 4287: precio')).toEqual({ code: '4287', message: 'precio' });
    expect(parseNote('texto libre')).toBeUndefined();
  });
});

describe('unzipCdr is tolerant of untidy zips', () => {
  const xml = cdrBytes('greenter-R-20600995805-01-F001-1.xml');

  it('skips a dummy directory entry', () => {
    const zip = zipEntries({ 'dummy/': new Uint8Array(0), 'R-20600995805-01-F001-1.xml': xml });
    expect(unzipCdr(zip)).toEqual({ name: 'R-20600995805-01-F001-1.xml', xml });
  });

  it('prefers the R- entry among several and ignores non-XML entries', () => {
    const zip = zipEntries({ dummy: 'x', 'readme.xml': '<a/>', 'sub/R-20600995805-01-F001-1.xml': xml });
    expect(unzipCdr(zip).name).toBe('R-20600995805-01-F001-1.xml');
  });

  it('unwraps a zip nested in the zip', () => {
    const inner = zipEntries({ 'R-20600995805-01-F001-1.xml': xml });
    const outer = zipEntries({ 'dummy/': new Uint8Array(0), 'R-20600995805-01-F001-1.zip': inner });
    expect(unzipCdr(outer).xml.equals(xml)).toBe(true);
    const outcome = outcomeFromCdrZip(outer);
    expect(outcome).toMatchObject({ kind: 'accepted', code: '0', source: 'cdr' });
    expect(outcome.cdr?.reference).toBe('F001-1');
    expect(outcome.cdrZip?.equals(outer)).toBe(true); // stored as received
  });

  it('reports a zip without XML and a corrupt zip as ZipError', () => {
    expect(() => unzipCdr(zipEntries({ 'dummy/': new Uint8Array(0) }))).toThrow(ZipError);
    expect(() => unzipCdr(Buffer.from('not a zip at all'))).toThrow(ZipError);
    expect(() => readZip(Buffer.from('PK\u0003\u0004garbage'))).toThrow(ZipError);
  });

  it('turns an unreadable CDR zip into an unknown outcome instead of an exception', () => {
    const outcome = outcomeFromCdrZip(Buffer.from('garbage'));
    expect(outcome).toMatchObject({ kind: 'unknown', code: 'CDR_INVALID', source: 'transport' });
    const notCdr = outcomeFromCdrZip(zipEntries({ 'R-x.xml': '<Invoice/>' }));
    expect(notCdr.code).toBe('CDR_INVALID');
  });
});
