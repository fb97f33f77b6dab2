// SUNAT's REST side over real HTTP against the simulator: OAuth2 tokens for both grants (the client and SOL
// credentials checked as the SOAP side checks SOL), tokens kept until shortly before they expire and shared by
// concurrent callers, one refresh when the API answers 401 (an expired token, injected), and the consulta de
// validez answered from what the simulator received: accepted 1, voided 2, rejected or never received 0.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signXml } from '../../src/core/signing.ts';
import {
  callWithToken,
  requestToken,
  resolveSunatApiEndpoints,
  TokenCache,
  tokenKey,
  validarComprobante,
  type SunatApiEndpoints,
  type SunatGrant,
  type ValidityQuery,
} from '../../src/sunat/api/index.ts';
import { sendBill, zipDocument } from '../../src/sunat/index.ts';
import { credentials, invoiceXml, RUC, startSimulator, testKey } from './helpers.ts';

type Sim = Awaited<ReturnType<typeof startSimulator>>;
let sim: Sim;
let api: SunatApiEndpoints;
const CLIENT: SunatGrant = {
  kind: 'client_credentials',
  clientId: 'a1b2c3d4-0000-4000-8000-000000000001',
  clientSecret: 'moddatos',
};
const options = { timeoutMs: 5_000 };

beforeAll(async () => {
  sim = await startSimulator();
  api = resolveSunatApiEndpoints({ mode: 'simulator', simulatorUrl: sim.url });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.simulator.reset());

const requests = () => sim.simulator.stats().requests;

async function token() {
  const result = await requestToken(api, CLIENT, options);
  if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
  return result.value;
}

async function registerInvoice(n: number): Promise<ValidityQuery> {
  const base = `${RUC}-01-F001-${n}`;
  const { xml } = signXml(invoiceXml(n), testKey);
  const outcome = await sendBill({
    endpoint: sim.endpoints.invoices,
    credentials,
    fileName: base,
    zip: zipDocument(base, xml),
    timeoutMs: 10_000,
  });
  expect(outcome.kind).toBe('accepted');
  return { issuerRuc: RUC, documentType: '01', serie: 'F001', numero: n, issueDate: '2025-01-15', total: 118 };
}

describe('OAuth2 tokens', () => {
  it('grants client_credentials to a known client and refuses a wrong secret as bad credentials', async () => {
    const granted = await token();
    expect(granted.value.length).toBeGreaterThan(20);
    expect(granted.lifetimeMs).toBe(3_600_000);
    const refused = await requestToken(api, { ...CLIENT, clientSecret: 'otra' }, options);
    expect(refused).toMatchObject({
      kind: 'failed',
      failure: { kind: 'credentials', status: 401, code: 'invalid_client' },
    });
  });

  it('grants the password grant to a SOL user the SOAP side would accept, and nobody else', async () => {
    const grant: SunatGrant = { ...CLIENT, kind: 'password', username: `${RUC}MODDATOS`, password: 'moddatos' };
    expect((await requestToken(api, grant, options)).kind).toBe('ok');
    const wrong = await requestToken(api, { ...grant, password: 'clave' }, options);
    expect(wrong).toMatchObject({ kind: 'failed', failure: { kind: 'credentials', code: 'invalid_grant' } });
    const notSol = await requestToken(api, { ...grant, username: 'FACTURA1' }, options);
    expect(notSol).toMatchObject({ kind: 'failed', failure: { kind: 'credentials' } });
  });

  it('a password-grant token does not open the consulta de validez (another scope)', async () => {
    const grant: SunatGrant = { ...CLIENT, kind: 'password', username: `${RUC}MODDATOS`, password: 'moddatos' };
    const granted = await requestToken(api, grant, options);
    if (granted.kind !== 'ok') throw new Error('no token');
    const query = await registerInvoice(7001);
    const answer = await validarComprobante({
      endpoints: api,
      consultingRuc: RUC,
      token: granted.value,
      query,
      ...options,
    });
    expect(answer).toMatchObject({ kind: 'failed', failure: { kind: 'unauthorized', status: 401 } });
  });

  it('a token of a fixed client names its taxpayer: it consults as that RUC only', async () => {
    const own = await startSimulator({
      apiClients: { kind: 'clients', clients: [{ clientId: 'propio', clientSecret: 's3creto', ruc: RUC }] },
    });
    try {
      const endpoints = resolveSunatApiEndpoints({ mode: 'simulator', simulatorUrl: own.url });
      const grant: SunatGrant = { kind: 'client_credentials', clientId: 'propio', clientSecret: 's3creto' };
      const granted = await requestToken(endpoints, grant, options);
      if (granted.kind !== 'ok') throw new Error('no token');
      const query = { issuerRuc: RUC, documentType: '01', serie: 'F001', numero: 1, issueDate: '2025-01-15', total: 1 };
      const mine = await validarComprobante({ endpoints, consultingRuc: RUC, token: granted.value, query, ...options });
      expect(mine).toMatchObject({ kind: 'ok', value: { estadoCp: '0' } });
      const other = await validarComprobante({
        endpoints,
        consultingRuc: '20123456786',
        token: granted.value,
        query,
        ...options,
      });
      expect(other).toMatchObject({ kind: 'failed', failure: { kind: 'refused', status: 403 } });
      expect((await requestToken(endpoints, CLIENT, options)).kind).toBe('failed');
    } finally {
      await own.close();
    }
  });
});

describe('the token cache', () => {
  it('asks once for concurrent callers and keeps the token until shortly before it expires', async () => {
    let clock = Date.now();
    const cache = new TokenCache({ now: () => clock });
    const key = tokenKey('empresa-a', api, CLIENT);
    const fetch = () => requestToken(api, CLIENT, { ...options, now: () => clock });
    const [a, b, c] = await Promise.all([cache.get(key, fetch), cache.get(key, fetch), cache.get(key, fetch)]);
    expect(requests().oauthToken).toBe(1);
    expect(a).toEqual(b);
    expect(b).toEqual(c);
    clock += 3_600_000 - 301_000; // 5 min 1 s left: still kept
    expect(await cache.get(key, fetch)).toEqual(a);
    expect(requests().oauthToken).toBe(1);
    clock += 2_000; // less than five minutes left: a new one
    const renewed = await cache.get(key, fetch);
    expect(requests().oauthToken).toBe(2);
    expect(renewed.kind === 'ok' && a.kind === 'ok' && renewed.value.value !== a.value.value).toBe(true);
  });

  it('keys tokens by company, environment and credentials, keeps no failure, and stays bounded', async () => {
    const cache = new TokenCache({ max: 2 });
    const fetch = (grant: SunatGrant) => () => requestToken(api, grant, options);
    const other = { ...CLIENT, clientSecret: 'otra' };
    expect(tokenKey('a', api, CLIENT)).not.toBe(tokenKey('b', api, CLIENT));
    expect(tokenKey('a', api, CLIENT)).not.toBe(tokenKey('a', api, other));
    expect(tokenKey('a', api, CLIENT)).not.toBe(
      tokenKey('a', { security: 'https://api-seguridad.sunat.gob.pe' }, CLIENT),
    );
    expect((await cache.get('x', fetch(other))).kind).toBe('failed');
    expect(cache.size).toBe(0);
    for (const owner of ['a', 'b', 'c']) await cache.get(owner, fetch(CLIENT));
    expect(cache.size).toBe(2);
  });

  it('a 401 (an expired token) gets one fresh token and one more try; a second 401 is the answer', async () => {
    const cache = new TokenCache();
    const key = tokenKey('empresa', api, CLIENT);
    const query = await registerInvoice(7002);
    const fetch = () => requestToken(api, CLIENT, options);
    const ask = () =>
      callWithToken(cache, key, fetch, (t) =>
        validarComprobante({ endpoints: api, consultingRuc: RUC, token: t, query, ...options }),
      );
    expect((await ask()).kind).toBe('ok');
    sim.simulator.faults.add({ fault: { kind: 'token-expired' }, operations: ['validarComprobante'] });
    const after = await ask();
    expect(after).toMatchObject({ kind: 'ok', value: { estadoCp: '1' } });
    expect(requests()).toMatchObject({ oauthToken: 2, validarComprobante: 3 });
    sim.simulator.faults.add({
      fault: { kind: 'http-status', status: 401 },
      operations: ['validarComprobante'],
      times: 2,
    });
    expect(await ask()).toMatchObject({ kind: 'failed', failure: { kind: 'unauthorized' } });
    expect(requests()).toMatchObject({ oauthToken: 3, validarComprobante: 5 });
  });
});

describe('validarcomprobante', () => {
  const ask = async (query: ValidityQuery, consultingRuc = RUC) =>
    validarComprobante({ endpoints: api, consultingRuc, token: await token(), query, ...options });

  it('accepted 1 with the issuer state; never received 0 and nothing else', async () => {
    const query = await registerInvoice(7003);
    expect(await ask(query)).toEqual({
      kind: 'ok',
      value: { estadoCp: '1', estadoRuc: '00', condDomiRuc: '00', observaciones: [] },
    });
    expect(await ask({ ...query, numero: 7999 })).toEqual({
      kind: 'ok',
      value: { estadoCp: '0', estadoRuc: null, condDomiRuc: null, observaciones: [] },
    });
  });

  it('voided 2, rejected 0, and a third party is told the document was issued to another', async () => {
    const query = await registerInvoice(7004);
    const key = `${RUC}-01-F001-7004`;
    const stored = sim.simulator.store.getDocument(key)!;
    sim.simulator.store.putDocument({ ...stored, voidedBy: 'RA-20250120-1' });
    expect(await ask(query)).toMatchObject({ kind: 'ok', value: { estadoCp: '2' } });
    sim.simulator.store.putDocument({ ...stored, status: 'rejected' });
    expect(await ask(query)).toMatchObject({ kind: 'ok', value: { estadoCp: '0' } });
    sim.simulator.store.putDocument(stored);
    const third = await ask(query, '20123456786');
    expect(third).toMatchObject({ kind: 'ok', value: { estadoCp: '1' } });
    expect(third.kind === 'ok' && third.value.observaciones[0]).toContain('emitido a otro contribuyente');
  });

  it('SUNAT refusing the query, out of reach or too slow: each a value that says so', async () => {
    const query = await registerInvoice(7005);
    const refused = await ask({ ...query, serie: 'F0001' });
    expect(refused).toMatchObject({ kind: 'failed', failure: { kind: 'refused', status: 422 } });
    expect(
      refused.kind === 'failed' && refused.failure.kind === 'refused' && refused.failure.errors[0].message,
    ).toContain('numeroSerie');
    const t = await token();
    sim.simulator.faults.add({ fault: { kind: 'http-status', status: 503 }, operations: ['validarComprobante'] });
    const call = () => validarComprobante({ endpoints: api, consultingRuc: RUC, token: t, query, ...options });
    expect(await call()).toMatchObject({ kind: 'failed', failure: { kind: 'unavailable', code: 'HTTP_503' } });
    sim.simulator.faults.add({ fault: { kind: 'reset' }, operations: ['validarComprobante'] });
    expect(await call()).toMatchObject({ kind: 'failed', failure: { kind: 'unavailable', code: 'NETWORK' } });
    sim.simulator.faults.add({ fault: { kind: 'malformed-200' }, operations: ['validarComprobante'] });
    expect(await call()).toMatchObject({ kind: 'failed', failure: { kind: 'unavailable', code: 'INVALID_RESPONSE' } });
    sim.simulator.faults.add({ fault: { kind: 'latency', ms: 600 }, operations: ['validarComprobante'] });
    const slow = await validarComprobante({ endpoints: api, consultingRuc: RUC, token: t, query, timeoutMs: 200 });
    expect(slow).toMatchObject({ kind: 'failed', failure: { kind: 'unavailable', code: 'TIMEOUT' } });
    sim.simulator.faults.add({ fault: { kind: 'http-status', status: 500 }, operations: ['oauthToken'] });
    expect(await requestToken(api, CLIENT, options)).toMatchObject({
      kind: 'failed',
      failure: { kind: 'unavailable', code: 'HTTP_500' },
    });
  });

  it("sends SUNAT's body: dd/mm/yyyy date, the issuer in numRuc, the consulting RUC in the path", async () => {
    const query = await registerInvoice(7006);
    // The simulator answers the issuer's document only when numRuc, codComp, serie and number name it.
    expect(await ask(query, '20123456786')).toMatchObject({ kind: 'ok', value: { estadoCp: '1' } });
    expect(await ask({ ...query, issuerRuc: '20123456786' })).toMatchObject({ kind: 'ok', value: { estadoCp: '0' } });
    const { validityBody } = await import('../../src/sunat/api/index.ts');
    expect(validityBody(query)).toEqual({
      numRuc: RUC,
      codComp: '01',
      numeroSerie: 'F001',
      numero: 7006,
      fechaEmision: '15/01/2025',
      monto: 118,
    });
  });

  it('fault rules: token-expired is refused on the SOAP operations', () => {
    expect(() => sim.simulator.faults.add({ fault: { kind: 'token-expired' } })).toThrow(/validarComprobante/);
    expect(() => sim.simulator.faults.add({ fault: { kind: 'token-expired' }, operations: ['sendBill'] })).toThrow();
  });
});
