// The small parts the connection stands on: endpoints per tenant, file names, zip packing, the SOAP envelopes and
// their reader, SUNAT's message table, and the simulator's persistent store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  baseName,
  betaCredentials,
  cdrZipName,
  describeSunatCode,
  endpointFor,
  parseDocumentName,
  parseSummaryName,
  readZip,
  resolveSunatEndpoints,
  serviceForDocumentType,
  sunatMessage,
  zipDocument,
} from '../../src/sunat/index.ts';
import {
  faultEnvelope,
  faultSunatCode,
  parseSoapRequest,
  parseSoapResponse,
  requestEnvelope,
} from '../../src/sunat/soap.ts';
import { parseXml, XmlSyntaxError, childByLocal } from '../../src/sunat/xml.ts';
import { outcomeFromFault } from '../../src/sunat/outcomes.ts';
import { createFileStore } from '../../src/simulator/store.ts';
import { credentials, invoiceXml, sign, startSimulator } from './helpers.ts';

describe('endpoints per tenant', () => {
  it('SUNAT beta has no consult service; production has all three; the simulator serves the beta paths', () => {
    expect(resolveSunatEndpoints({ mode: 'beta' })).toEqual({
      invoices: 'https://e-beta.sunat.gob.pe/ol-ti-itcpfegem-beta/billService',
      otrosCpe: 'https://e-beta.sunat.gob.pe/ol-ti-itemision-otroscpe-gem-beta/billService',
    });
    expect(resolveSunatEndpoints({ mode: 'production' })).toEqual({
      invoices: 'https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService',
      otrosCpe: 'https://e-factura.sunat.gob.pe/ol-ti-itemision-otroscpe-gem/billService',
      consult: 'https://e-factura.sunat.gob.pe/ol-it-wsconscpegem/billConsultService',
    });
    expect(resolveSunatEndpoints({ mode: 'simulator', simulatorUrl: 'http://127.0.0.1:8089/' })).toEqual({
      invoices: 'http://127.0.0.1:8089/ol-ti-itcpfegem-beta/billService',
      otrosCpe: 'http://127.0.0.1:8089/ol-ti-itemision-otroscpe-gem-beta/billService',
      consult: 'http://127.0.0.1:8089/ol-it-wsconscpegem/billConsultService',
    });
  });

  it("an OSE's own URL replaces both send services", () => {
    const ose = resolveSunatEndpoints({
      mode: 'production',
      customUrl: 'https://ose.example/ol-ti-itcpfegem/billService',
      customConsultUrl: 'https://ose.example/consult',
    });
    expect(ose).toEqual({
      invoices: 'https://ose.example/ol-ti-itcpfegem/billService',
      otrosCpe: 'https://ose.example/ol-ti-itcpfegem/billService',
      consult: 'https://ose.example/consult',
    });
  });

  it('perceptions, retentions and reversals go to "otros CPE"; the rest to the invoice service', () => {
    expect(['01', '03', '07', '08', 'RC', 'RA'].map(serviceForDocumentType)).toEqual(Array(6).fill('invoices'));
    expect(['40', '20', 'RR'].map(serviceForDocumentType)).toEqual(Array(3).fill('otros-cpe'));
    expect(endpointFor(resolveSunatEndpoints({ mode: 'beta' }), 'consult')).toBeUndefined();
    expect(betaCredentials('20000000001')).toEqual({ username: '20000000001MODDATOS', password: 'moddatos' });
  });
});

describe('file names and zips', () => {
  it('reads SUNAT names and builds the CDR name', () => {
    expect(parseDocumentName('20000000001-01-F001-123.zip')).toEqual({
      base: '20000000001-01-F001-123',
      ruc: '20000000001',
      tipo: '01',
      serie: 'F001',
      numero: '123',
    });
    expect(parseDocumentName('20000000001-01-F001-123456789')).toBeUndefined();
    expect(parseSummaryName('20000000001-RC-20250115-1.xml')).toMatchObject({
      tipo: 'RC',
      date: '20250115',
      correlative: '1',
    });
    expect(cdrZipName('20000000001-01-F001-123.xml')).toBe('R-20000000001-01-F001-123.zip');
    expect(baseName('x.ZIP')).toBe('x');
  });

  it('zips the document as the only entry {base}.xml, byte for byte, the same bytes every time', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice>ñ</Invoice>';
    const zip = zipDocument('20000000001-01-F001-1.zip', xml);
    const entries = readZip(zip);
    expect(Object.keys(entries)).toEqual(['20000000001-01-F001-1.xml']);
    expect(Buffer.from(entries['20000000001-01-F001-1.xml']).toString('utf8')).toBe(xml);
    expect(zipDocument('20000000001-01-F001-1', xml).equals(zip)).toBe(true);
  });
});

describe('SOAP envelopes', () => {
  it('writes WS-Security UsernameToken (PasswordText) and escapes values', () => {
    const envelope = requestEnvelope('sendBill', { username: '20000000001MODDATOS', password: 'a<b&"c' }, [
      ['fileName', 'x.zip'],
      ['contentFile', 'QUJD'],
    ]);
    const request = parseSoapRequest(envelope);
    expect(request).toEqual({
      operation: 'sendBill',
      username: '20000000001MODDATOS',
      password: 'a<b&"c',
      hasSecurityHeader: true,
      params: { fileName: 'x.zip', contentFile: 'QUJD' },
    });
    expect(envelope).toContain(
      'Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText"',
    );
  });

  it('reads answers by local name whatever the prefixes', () => {
    const answer =
      '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns0:getStatusResponse xmlns:ns0="http://service.sunat.gob.pe"><status><statusCode>0004</statusCode></status></ns0:getStatusResponse></S:Body></S:Envelope>';
    const parsed = parseSoapResponse(answer);
    expect(parsed.kind).toBe('response');
    if (parsed.kind === 'response')
      expect(childByLocal(childByLocal(parsed.element, 'status'), 'statusCode')?.text).toBe('0004');
  });

  it('takes the fault code from faultcode, else from faultstring, and the message from the catalogue when absent', () => {
    expect(faultSunatCode({ faultcode: 'soap-env:Client.2800', faultstring: 'x' })).toBe('2800');
    expect(faultSunatCode({ faultcode: 'soap-env:Client', faultstring: 'Error 156: zip' })).toBe('0156');
    expect(
      faultSunatCode({ faultcode: 'soap-env:Server', faultstring: 'ticket: 1623742208882 sin código' }),
    ).toBeUndefined();
    const parsed = parseSoapResponse(faultEnvelope('0111', ''));
    if (parsed.kind !== 'fault') throw new Error('expected a fault');
    expect(outcomeFromFault(parsed.fault)).toMatchObject({
      kind: 'exception',
      code: '0111',
      description: 'No tiene el perfil para enviar comprobantes electronicos',
    });
  });
});

describe('the XML reader', () => {
  it('resolves namespaces, decodes entities and CDATA', () => {
    const root = parseXml(
      '<?xml version="1.0"?><a:r xmlns:a="urn:a" xmlns="urn:d"><x k="&quot;1&quot;">A &amp; B &#241;</x><y><![CDATA[<no> & tags]]></y></a:r>',
    );
    expect(root).toMatchObject({ local: 'r', ns: 'urn:a' });
    expect(root.children[0]).toMatchObject({ local: 'x', ns: 'urn:d', text: 'A & B ñ', attrs: { k: '"1"' } });
    expect(root.children[1].text).toBe('<no> & tags');
  });

  it.each([
    ['<a><b></a>', /no corresponde/],
    ['<a>', /Falta cerrar/],
    ['<a/><b/>', /Más de un elemento raíz/],
    ['<p:a/>', /Prefijo no declarado/],
    ['<a>x & y</a>', /sin escapar/],
    ['<a>&nbsp;</a>', /Entidad desconocida/],
    ['<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', /DOCTYPE/],
    ['<a b="1" b="2"/>', /repetido/],
  ])('refuses %s', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(XmlSyntaxError);
    expect(() => parseXml(xml)).toThrow(message);
  });
});

describe("SUNAT's messages", () => {
  it('come from CodeErrors.xml, with the newer codes it lacks added', () => {
    expect(describeSunatCode('2335')).toBe('El documento electrónico ingresado ha sido alterado');
    expect(describeSunatCode('156')).toBe('El archivo ZIP esta corrupto');
    expect(describeSunatCode('3277')).toBe(
      'La sumatoria del total valor de venta - operaciones gravadas de línea no corresponden al total',
    );
    expect(sunatMessage('9876')).toBe('Código SUNAT 9876');
  });
});

describe('a simulator restarted on the same data file remembers', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('what it registered (an identical resend gets the same CDR) and how often each file arrived', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'facturo-sim-'));
    dirs.push(dir);
    const dataFile = join(dir, 'sunat.jsonl');
    const base = '20000000001-01-F001-77';
    const zip = zipDocument(base, sign(invoiceXml(77)));

    const first = await startSimulator({ dataFile });
    const sent = await (await import('../../src/sunat/index.ts')).sendBill({
      endpoint: first.endpoints.invoices,
      credentials,
      fileName: base,
      zip,
      timeoutMs: 10_000,
    });
    await first.close();

    const second = await startSimulator({ dataFile });
    try {
      const again = await (await import('../../src/sunat/index.ts')).sendBill({
        endpoint: second.endpoints.invoices,
        credentials,
        fileName: base,
        zip,
        timeoutMs: 10_000,
      });
      expect(again.cdrZip!.equals(sent.cdrZip!)).toBe(true);
      expect(second.simulator.stats().documents).toEqual([
        expect.objectContaining({ fileName: base, receipts: 2, registered: true }),
      ]);
      expect(createFileStore(dataFile).documents()).toHaveLength(1);
    } finally {
      await second.close();
    }
    // Both servers' receipts reached the file: the first's through the descriptor it closed on stop.
    expect(createFileStore(dataFile).receipts().get(base)?.count).toBe(2);
  });

  it('a store closed and changed again reopens its file: nothing written after close is lost', () => {
    const dir = mkdtempSync(join(tmpdir(), 'facturo-sim-'));
    dirs.push(dir);
    const dataFile = join(dir, 'sunat.jsonl');
    const store = createFileStore(dataFile);
    store.recordReceipt('20000000001-01-F001-1.zip', new Date('2026-01-01T00:00:00Z'));
    store.close?.();
    store.recordReceipt('20000000001-01-F001-1.zip', new Date('2026-01-01T00:00:01Z'));
    store.close?.();
    store.close?.(); // twice: harmless
    expect(createFileStore(dataFile).receipts().get('20000000001-01-F001-1.zip')?.count).toBe(2);
  });
});
