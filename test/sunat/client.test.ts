// The real SOAP client against the simulator over real HTTP: every answer SUNAT can give becomes the right outcome
// value, and every way the exchange can fail becomes 'unknown' (never a thrown error).
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  getConsultStatus,
  getStatus,
  getStatusCdr,
  sendBill,
  sendSummary,
  zipDocument,
  zipEntries,
  unzipCdr,
  type SendOutcome,
} from '../../src/sunat/index.ts';
import { parseCdr } from '../../src/core/cdr.ts';
import type { SimulatorStats } from '../../src/simulator/index.ts';
import { credentials, fixtureText, invoiceXml, perceptionXml, sign, startSimulator } from './helpers.ts';

type Sim = Awaited<ReturnType<typeof startSimulator>>;
let sim: Sim;
let number = 1000;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});
// A request a test's client gave up on (timeout, abort) is still answered by the simulator when its latency ends,
// and registers its document then: each test starts once those have landed, so no counter carries over.
beforeEach(async () => {
  await sim.simulator.settled();
  sim.simulator.reset();
});

function send(
  fileBase: string,
  zip: Uint8Array,
  extra: { timeoutMs?: number; signal?: AbortSignal; endpoint?: string; username?: string; password?: string } = {},
): Promise<SendOutcome> {
  return sendBill({
    endpoint: extra.endpoint ?? sim.endpoints.invoices,
    credentials: { username: extra.username ?? credentials.username, password: extra.password ?? credentials.password },
    fileName: fileBase,
    zip,
    timeoutMs: extra.timeoutMs ?? 10_000,
    signal: extra.signal,
  });
}

/** A fresh, correctly signed illustrative invoice (F001-123's content) with its own number. */
function invoice(mutate: (xml: string) => string = (x) => x) {
  const n = number++;
  const base = `20000000001-01-F001-${n}`;
  const xml = sign(mutate(invoiceXml(n)));
  return { n, base, xml, zip: zipDocument(base, xml) };
}

describe('accepted, observed, rejected', () => {
  it('a correct invoice is accepted with code 0 and the CDR zip as SUNAT sent it', async () => {
    const doc = invoice();
    const outcome = await send(doc.base, doc.zip);
    expect(outcome).toMatchObject({
      kind: 'accepted',
      code: '0',
      description: `La Factura numero F001-${doc.n}, ha sido aceptada`,
      notes: [],
      source: 'cdr',
      httpStatus: 200,
    });
    const cdr = unzipCdr(outcome.cdrZip!);
    expect(cdr.name).toBe(`R-${doc.base}.xml`);
    expect(parseCdr(cdr.xml)).toMatchObject({
      code: '0',
      reference: `F001-${doc.n}`,
      receiverId: '20000000001',
      recipientId: '6-20100070970',
    });
  });

  it('wrong optional list attributes are observations: accepted with code 0 and the notes kept', async () => {
    const doc = invoice((x) =>
      x.replace('listName="Tipo de Documento"', 'listName="SUNAT:Identificador de Tipo de Documento"'),
    );
    const outcome = await send(doc.base, doc.zip);
    expect(outcome.kind).toBe('observed');
    expect(outcome.code).toBe('0');
    expect(outcome.notes).toHaveLength(1);
    expect(outcome.notes[0]).toMatch(/^4252 - El dato ingresado como atributo @listName es incorrecto\./);
    expect(outcome.cdr?.observations[0].code).toBe('4252');
  });

  it('an ISO-8859-1 document (xbuilder writes them) is read in its own encoding and accepted', async () => {
    const n = number++;
    const base = `20000000001-01-F001-${n}`;
    const text = invoiceXml(n)
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
      .replace('PRODUCTO A', 'PRODUCTO AÑEJO ÑANDÚ');
    const latin1 = Buffer.from(sign(text), 'latin1');
    expect(latin1.includes(Buffer.from('Ñ', 'utf8'))).toBe(false); // really latin1 bytes
    expect(await send(base, zipDocument(base, latin1))).toMatchObject({ kind: 'accepted', code: '0' });
  });

  it('a rule violation is a rejection; beta style answers with a SOAP fault Client.<code>', async () => {
    // SUNAT 3103: the line IGV is not base × rate.
    const doc = invoice((x) =>
      x.replace(
        /(<cac:InvoiceLine>[\s\S]*?<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">200\.00<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="PEN">)36\.00/,
        '$140.00',
      ),
    );
    const outcome = await send(doc.base, doc.zip);
    expect(outcome).toMatchObject({ kind: 'rejected', code: '3103', source: 'fault', httpStatus: 500 });
    expect(outcome.description).toMatch(
      /^El producto del factor y monto base de la afectación del IGV\/IVAP no corresponde/,
    );
    expect(outcome.cdrZip).toBeUndefined();
  });

  it('production style answers a rejection with a CDR carrying the code', async () => {
    const prod = await startSimulator({ rejectionStyle: 'cdr' });
    try {
      const n = number++;
      const base = `20000000001-01-F001-${n}`;
      const xml = sign(
        invoiceXml(n).replace(
          '<cbc:ID schemeID="6" schemeName="Documento de Identidad" schemeAgencyName="PE:SUNAT"\n         schemeURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06">20100070970</cbc:ID>',
          '<cbc:ID schemeID="6">2010007097</cbc:ID>',
        ),
      );
      const outcome = await sendBill({
        endpoint: prod.endpoints.invoices,
        credentials,
        fileName: base,
        zip: zipDocument(base, xml),
        timeoutMs: 10_000,
      });
      expect(outcome).toMatchObject({ kind: 'rejected', code: '2017', source: 'cdr', httpStatus: 200 });
      expect(outcome.cdr?.outcome).toBe('rejected');
      expect(outcome.description).toContain('El numero de documento de identidad del receptor debe ser  RUC');
    } finally {
      await prod.close();
    }
  });
});

describe('each exception family (0100–1999: not processed, the number stays free)', () => {
  it('01xx authentication: wrong SOL password', async () => {
    const doc = invoice();
    expect(await send(doc.base, doc.zip, { password: 'secreto' })).toMatchObject({
      kind: 'exception',
      code: '0102',
      description: 'Usuario o contraseña incorrectos',
    });
  });

  it('01xx authentication: a user that is not RUC+MODDATOS on beta', async () => {
    const doc = invoice();
    expect((await send(doc.base, doc.zip, { username: 'ADMIN' })).code).toBe('0102');
  });

  it('0154 with production-like accounts when the user RUC is not the file RUC', async () => {
    const prod = await startSimulator({
      credentials: {
        kind: 'accounts',
        accounts: [{ username: '20999999999FACTURA', password: 'clave' }],
        requireMatchingRuc: true,
      },
    });
    try {
      const doc = invoice();
      const outcome = await sendBill({
        endpoint: prod.endpoints.invoices,
        credentials: { username: '20999999999FACTURA', password: 'clave' },
        fileName: doc.base,
        zip: doc.zip,
        timeoutMs: 10_000,
      });
      expect(outcome).toMatchObject({ kind: 'exception', code: '0154' });
    } finally {
      await prod.close();
    }
  });

  it('015x: zip name, empty zip, corrupt zip, no XML, two XML, XML name ≠ zip name', async () => {
    const doc = invoice();
    expect((await send('20000000001-01-F001', doc.zip)).code).toBe('0151');
    expect((await send('20000000001-RC-20250115-1', doc.zip)).code).toBe('0152');
    expect((await send(doc.base, zipEntries({ 'dir/': new Uint8Array(0) }))).code).toBe('0155');
    expect(await send(doc.base, Buffer.from('this is not a zip'))).toMatchObject({ kind: 'exception', code: '0156' });
    expect((await send(doc.base, zipEntries({ 'readme.txt': 'hola' }))).code).toBe('0157');
    expect(
      (await send(doc.base, zipEntries({ [`${doc.base}.xml`]: doc.xml, '20000000001-01-F001-999999.xml': doc.xml })))
        .code,
    ).toBe('0158');
    expect((await send(doc.base, zipEntries({ 'factura.xml': doc.xml }))).code).toBe('0159');
    expect((await send(doc.base, zipEntries({ [`${doc.base}.xml`]: '' }))).code).toBe('0160');
    expect((await send(doc.base, zipEntries({ '20000000001-01-F001-999999.xml': doc.xml }))).code).toBe('0161');
  });

  it('a zip whose deflated entry is corrupt is 0156, and the next document is read and accepted', async () => {
    const doc = invoice();
    const zip = Buffer.from(doc.zip);
    // The entry's data starts after the local header (30 bytes), its name and its extra field; a first byte whose
    // block type is 11 is invalid deflate, which zlib refuses (the zip reader's engine, zlib-engine.ts).
    zip[30 + zip.readUInt16LE(26) + zip.readUInt16LE(28)] = 0b111;
    expect(await send(doc.base, zip)).toMatchObject({ kind: 'exception', code: '0156' });
    const next = invoice();
    expect(await send(next.base, next.zip)).toMatchObject({ kind: 'accepted', code: '0' });
  });

  it('0306: unparsable XML, and XML the XSD refuses', async () => {
    const broken = invoice();
    expect(await send(broken.base, zipDocument(broken.base, '<Invoice><cbc:ID>'))).toMatchObject({
      kind: 'exception',
      code: '0306',
    });
    const invalid = invoice((x) => x.replace('<cbc:IssueTime>', '<cbc:Foo>1</cbc:Foo><cbc:IssueTime>'));
    const outcome = await send(invalid.base, invalid.zip);
    expect(outcome).toMatchObject({ kind: 'exception', code: '0306' });
    expect(outcome.description).toContain('Foo');
  });

  it('1034/1035/1036/1003: the file name must name the document inside', async () => {
    const doc = invoice();
    const as = (base: string) => send(base, zipDocument(base, doc.xml));
    expect((await as(`20000000002-01-F001-${doc.n}`)).code).toBe('1034');
    expect((await as(`20000000001-01-F002-${doc.n}`)).code).toBe('1035');
    expect((await as(`20000000001-01-F001-${doc.n + 1}`)).code).toBe('1036');
    expect((await as(`20000000001-03-F001-${doc.n}`)).code).toBe('1003');
  });

  it('a perception sent to the invoice service is refused; the "otros CPE" service takes it', async () => {
    const xml = sign(perceptionXml(7));
    const base = '20000000001-40-P001-7';
    expect((await send(base, zipDocument(base, xml))).code).toBe('0302');
    const outcome = await send(base, zipDocument(base, xml), { endpoint: sim.endpoints.otrosCpe });
    expect(outcome).toMatchObject({
      kind: 'accepted',
      code: '0',
      description: 'El Comprobante de Percepcion numero P001-7, ha sido aceptado',
    });
  });

  it('the same number again: identical content gets the stored CDR, other content 1033', async () => {
    const doc = invoice();
    const first = await send(doc.base, doc.zip);
    const again = await send(doc.base, doc.zip);
    expect(again.kind).toBe('accepted');
    expect(again.cdrZip!.equals(first.cdrZip!)).toBe(true);
    const other = sign(invoiceXml(doc.n).replace('OC-2025-0001', 'OC-2025-0002'));
    expect(await send(doc.base, zipDocument(doc.base, other))).toMatchObject({
      kind: 'exception',
      code: '1033',
      description: expect.stringMatching(/^El comprobante fue registrado previamente con otros datos/),
    });
    expect(sim.simulator.stats()).toMatchObject({ accepted: 1, duplicates: 1, conflicts: 1 });
  });
});

describe('transport failures are unknown outcomes', () => {
  it('a timeout: the client gives up, the simulator still registers the document', async () => {
    sim.simulator.faults.add({ fault: { kind: 'latency', ms: 600 } });
    const doc = invoice();
    const outcome = await send(doc.base, doc.zip, { timeoutMs: 150 });
    expect(outcome).toMatchObject({ kind: 'unknown', code: 'TIMEOUT', source: 'transport' });
    await sim.simulator.settled(); // the held request has been processed, however long that took
    const found = await getStatusCdr({
      endpoint: sim.endpoints.consult!,
      credentials,
      ruc: '20000000001',
      tipo: '01',
      serie: 'F001',
      numero: doc.n,
    });
    expect(found.kind).toBe('found');
  });

  it('HTTP 503 and HTTP 500 pages, an empty 200, a malformed 200', async () => {
    sim.simulator.faults.add({ fault: { kind: 'http-status', status: 503 } });
    sim.simulator.faults.add({
      fault: { kind: 'http-status', status: 500, body: '<html>Internal Server Error</html>' },
    });
    sim.simulator.faults.add({ fault: { kind: 'empty-200' } });
    sim.simulator.faults.add({ fault: { kind: 'malformed-200' } });
    const doc = invoice();
    expect(await send(doc.base, doc.zip)).toMatchObject({ kind: 'unknown', code: 'HTTP_503', httpStatus: 503 });
    expect(await send(doc.base, doc.zip)).toMatchObject({ kind: 'unknown', code: 'HTTP_500', httpStatus: 500 });
    expect(await send(doc.base, doc.zip)).toMatchObject({ kind: 'unknown', code: 'EMPTY_RESPONSE', httpStatus: 200 });
    expect(await send(doc.base, doc.zip)).toMatchObject({ kind: 'unknown', code: 'INVALID_RESPONSE', httpStatus: 200 });
    // N times, then the simulator recovers.
    expect((await send(doc.base, doc.zip)).kind).toBe('accepted');
    expect(sim.simulator.stats().faultsInjected).toBe(4);
  });

  it('a cut connection (simulator down) and a refused connection', async () => {
    sim.simulator.faults.add({ fault: { kind: 'reset' } });
    const doc = invoice();
    expect(await send(doc.base, doc.zip)).toMatchObject({ kind: 'unknown', code: 'NETWORK' });
    const port = await freePort();
    expect(
      await send(doc.base, doc.zip, { endpoint: `http://127.0.0.1:${port}/ol-ti-itcpfegem-beta/billService` }),
    ).toMatchObject({ kind: 'unknown', code: 'NETWORK' });
  });

  it("the caller's abort signal", async () => {
    sim.simulator.faults.add({ fault: { kind: 'latency', ms: 500 } });
    const doc = invoice();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await send(doc.base, doc.zip, { signal: controller.signal })).toMatchObject({
      kind: 'unknown',
      code: 'ABORTED',
    });
  });

  it('an HTTP 404 (wrong URL) is an exception: nothing was processed', async () => {
    const doc = invoice();
    expect(await send(doc.base, doc.zip, { endpoint: `${sim.url}/ol-ti-itcpfegem-beta/billServicio` })).toMatchObject({
      kind: 'exception',
      code: 'HTTP_404',
    });
  });
});

describe('SOAP faults: the code in faultcode or in faultstring', () => {
  it('reads "soap-env:Server.0130" and "soap-env:Client" + "0130 - …" alike', async () => {
    sim.simulator.faults.add({ fault: { kind: 'soap-fault', code: '0130', side: 'Server' } });
    sim.simulator.faults.add({ fault: { kind: 'soap-fault', code: '0130', codeIn: 'faultstring' } });
    const doc = invoice();
    const inCode = await send(doc.base, doc.zip);
    const inString = await send(doc.base, doc.zip);
    for (const outcome of [inCode, inString]) {
      expect(outcome).toMatchObject({ kind: 'exception', code: '0130', source: 'fault', httpStatus: 500 });
      expect(outcome.description).toBe(
        'El sistema no puede responder su solicitud. (No se pudo obtener el ticket de proceso)',
      );
    }
  });

  it('a fault without any number is unknown (nothing says the document was not processed)', async () => {
    // A fault from a proxy in front of SUNAT: no code anywhere.
    const server = await fakeSoapServer(
      '<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"><soap-env:Body><soap-env:Fault><faultcode>soap-env:Server</faultcode><faultstring>Internal Error</faultstring></soap-env:Fault></soap-env:Body></soap-env:Envelope>',
    );
    try {
      const doc = invoice();
      expect(await send(doc.base, doc.zip, { endpoint: server.url })).toMatchObject({
        kind: 'unknown',
        code: 'SOAP_FAULT',
        description: 'Internal Error',
      });
    } finally {
      server.close();
    }
  });
});

describe('consult service and tickets', () => {
  it('getStatusCdr and getStatus answer from what was registered', async () => {
    const accepted = invoice();
    await send(accepted.base, accepted.zip);
    const rejected = invoice((x) =>
      x.replace('<cbc:PayableAmount currencyID="PEN">286.00', '<cbc:PayableAmount currencyID="PEN">296.00'),
    );
    expect((await send(rejected.base, rejected.zip)).code).toBe('3280');

    const consult = (n: number, tipo = '01', serie = 'F001') => ({
      endpoint: sim.endpoints.consult!,
      credentials,
      ruc: '20000000001',
      tipo,
      serie,
      numero: n,
    });
    const found = await getStatusCdr(consult(accepted.n));
    expect(found).toMatchObject({ kind: 'found', statusCode: '0004', statusMessage: 'La constancia existe' });
    if (found.kind === 'found') expect(found.outcome).toMatchObject({ kind: 'accepted', code: '0', source: 'consult' });
    const rejectedCdr = await getStatusCdr(consult(rejected.n));
    if (rejectedCdr.kind !== 'found') throw new Error('expected the rejection CDR');
    expect(rejectedCdr.outcome).toMatchObject({ kind: 'rejected', code: '3280' });
    expect(await getStatusCdr(consult(999_999))).toMatchObject({ kind: 'not-found', statusCode: '0011' });
    expect(await getStatusCdr(consult(1, '03', 'B001'))).toMatchObject({ kind: 'no-cdr', statusCode: '0009' });
    expect(await getStatusCdr(consult(1, '01', 'B001'))).toMatchObject({ kind: 'no-cdr', statusCode: '0010' });

    expect(await getConsultStatus(consult(accepted.n))).toMatchObject({
      kind: 'answered',
      statusCode: '0001',
      state: 'accepted',
    });
    expect(await getConsultStatus(consult(rejected.n))).toMatchObject({
      kind: 'answered',
      statusCode: '0002',
      state: 'rejected',
    });
    expect(await getConsultStatus(consult(999_999))).toMatchObject({
      kind: 'answered',
      statusCode: '0011',
      state: 'not-found',
    });
    expect(
      await getConsultStatus({ ...consult(accepted.n), credentials: { username: 'x', password: 'y' } }),
    ).toMatchObject({ kind: 'failed', outcome: { kind: 'exception', code: '0102' } });
  });

  it('sendSummary returns a ticket; getStatus answers 98 while "processing", then the CDR', async () => {
    const pending = await startSimulator({ summaryPendingPolls: 2 });
    try {
      const base = '20000000001-RC-20250115-1';
      const xml = sign(fixtureText('documents', '20000000001-RC-20250115-1.unsigned.xml'));
      const call = { endpoint: pending.endpoints.invoices, credentials, timeoutMs: 10_000 };
      const sent = await sendSummary({ ...call, fileName: base, zip: zipDocument(base, xml) });
      if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
      expect(sent.ticket).toMatch(/^\d{13}$/);
      expect(await getStatus({ ...call, ticket: sent.ticket })).toEqual({ kind: 'pending', statusCode: '98' });
      expect(await getStatus({ ...call, ticket: sent.ticket })).toEqual({ kind: 'pending', statusCode: '98' });
      const done = await getStatus({ ...call, ticket: sent.ticket });
      expect(done).toMatchObject({
        kind: 'done',
        statusCode: '0',
        outcome: { kind: 'accepted', code: '0', description: 'El Resumen diario RC-20250115-1, ha sido aceptado' },
      });
      expect(await getStatus({ ...call, ticket: '1234567890123' })).toMatchObject({
        kind: 'failed',
        outcome: { kind: 'exception', code: '0127' },
      });
      // A summary through sendBill is refused (0152), a tampered summary ends in status 99 with its CDR.
      expect((await sendBill({ ...call, fileName: base, zip: zipDocument(base, xml) })).code).toBe('0152');
      const tampered = xml.replace('118.00', '119.00');
      const t = await sendSummary({
        ...call,
        fileName: '20000000001-RC-20250115-2',
        zip: zipDocument('20000000001-RC-20250115-2', tampered.replace('RC-20250115-1', 'RC-20250115-2')),
      });
      if (t.kind !== 'ticket') throw new Error(JSON.stringify(t));
      await getStatus({ ...call, ticket: t.ticket });
      await getStatus({ ...call, ticket: t.ticket });
      expect(await getStatus({ ...call, ticket: t.ticket })).toMatchObject({
        kind: 'done',
        statusCode: '99',
        outcome: { kind: 'rejected', code: '2335' },
      });
    } finally {
      await pending.close();
    }
  });
});

describe('the simulator speaks SUNAT on its paths', () => {
  it('answers ?wsdl on every service path', async () => {
    for (const path of [
      '/ol-ti-itcpfegem-beta/billService',
      '/ol-ti-itemision-otroscpe-gem-beta/billService',
      '/ol-it-wsconscpegem/billConsultService',
    ]) {
      const response = await fetch(`${sim.url}${path}?wsdl`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('targetNamespace="http://service.sunat.gob.pe"');
      expect(text).toContain(`location="${sim.url}${path}"`);
    }
  });

  it('takes fault rules and reports counters over HTTP', async () => {
    const post = await fetch(`${sim.url}/__simulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: { kind: 'http-status', status: 503 }, times: 2 }),
    });
    expect(post.status).toBe(201);
    const bad = await fetch(`${sim.url}/__simulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: { kind: 'explode' } }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'fault_invalid' });
    const doc = invoice();
    expect((await send(doc.base, doc.zip)).code).toBe('HTTP_503');
    expect((await send(doc.base, doc.zip)).code).toBe('HTTP_503');
    expect((await send(doc.base, doc.zip)).kind).toBe('accepted');
    const stats = (await (await fetch(`${sim.url}/__simulator/stats`)).json()) as SimulatorStats;
    expect(stats).toMatchObject({ received: 1, accepted: 1, faultsInjected: 2 });
    expect(stats.documents).toEqual([
      expect.objectContaining({ fileName: doc.base, receipts: 1, registered: true, status: 'accepted', code: '0' }),
    ]);
    await fetch(`${sim.url}/__simulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ fault: { kind: 'empty-200' }, times: 'always' }]),
    });
    expect(
      ((await (await fetch(`${sim.url}/__simulator/faults`)).json()) as { faults: unknown[] }).faults,
    ).toHaveLength(1);
    expect((await fetch(`${sim.url}/__simulator/faults`, { method: 'DELETE' })).status).toBe(200);
    expect(
      ((await (await fetch(`${sim.url}/__simulator/faults`)).json()) as { faults: unknown[] }).faults,
    ).toHaveLength(0);
    await fetch(`${sim.url}/__simulator/reset`, { method: 'POST' });
    expect(((await (await fetch(`${sim.url}/__simulator/stats`)).json()) as SimulatorStats).documents).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

async function fakeSoapServer(body: string): Promise<{ url: string; close(): void }> {
  const { createServer: createHttpServer } = await import('node:http');
  const server = createHttpServer((_req, res) => {
    _req.resume();
    _req.on('end', () => {
      res.writeHead(500, { 'content-type': 'text/xml' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/billService`, close: () => server.close() };
}
