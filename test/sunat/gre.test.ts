// SUNAT's dispatch guides' REST service over real HTTP against the simulator: a password-grant token, the zipped
// guide with its SHA-256 → a ticket, the ticket 98 then 0 with a signed CDR; the simulator's own judgement (not the
// core's) rejecting a tampered guide — a transfer start before the issue date (3343), a broken signature — and a
// second file under a number it holds (1033); the same file again is the same ticket; a wrong hash is refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignDispatchNumber, buildDispatchXml, prepareDispatch } from '../../src/core/dispatch/index.ts';
import { signXml } from '../../src/core/signing.ts';
import {
  callWithToken,
  greSendBody,
  guideTicket,
  requestToken,
  resolveSunatApiEndpoints,
  sendGuide,
  TokenCache,
  tokenKey,
  type SunatApiEndpoints,
  type SunatGrant,
} from '../../src/sunat/api/index.ts';
import { parseCdr, unzipCdr, zipDocument } from '../../src/sunat/index.ts';
import { exampleBody } from '../features/dispatches/bodies.ts';
import { DISPATCH_TODAY, dispatchIssuer } from '../property/dispatch-bodies.ts';
import { startSimulator, testKey } from './helpers.ts';

type Sim = Awaited<ReturnType<typeof startSimulator>>;
let sim: Sim;
let api: SunatApiEndpoints;
const RUC = dispatchIssuer.ruc;
const GRANT: SunatGrant = {
  kind: 'password',
  clientId: 'c0ffee00-0000-4000-8000-000000000009',
  clientSecret: 'moddatos',
  username: `${RUC}MODDATOS`,
  password: 'moddatos',
};
const options = { timeoutMs: 10_000 };
const ctx = { today: DISPATCH_TODAY, timeNow: '09:30:00', issuer: dispatchIssuer, mode: 'production' as const };

beforeAll(async () => {
  sim = await startSimulator({ now: () => new Date(`${DISPATCH_TODAY}T15:00:00Z`) });
  api = resolveSunatApiEndpoints({ mode: 'simulator', simulatorUrl: sim.url });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.simulator.reset());

/** The 09 example numbered `n`, signed; `tamper` edits the computed guide before its XML is written. */
function guide(n: number, tamper: (doc: any) => any = (d) => d): { name: string; xml: string } {
  const prepared = prepareDispatch(exampleBody('02-private-transport.json'), ctx, 'sender');
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
  const doc = tamper(assignDispatchNumber(prepared.document, n));
  return { name: `${RUC}-09-T001-${n}`, xml: signXml(buildDispatchXml(doc, dispatchIssuer), testKey).xml };
}

async function token() {
  const result = await requestToken(api, GRANT, options);
  if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
  return result.value;
}

async function send(name: string, xml: string) {
  const result = await sendGuide({
    endpoints: api,
    token: await token(),
    name,
    zip: zipDocument(name, xml),
    ...options,
  });
  if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
  return result.value.ticket;
}

async function ask(ticket: string) {
  const result = await guideTicket({ endpoints: api, token: await token(), ticket, ...options });
  if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
  return result.value;
}

/** The ticket's verdict once SUNAT has processed it (the first poll is 98). */
async function verdictOf(ticket: string) {
  expect((await ask(ticket)).status).toBe('in-process');
  return ask(ticket);
}

describe("the simulator's GRE service", () => {
  it('gives a ticket, answers 98, then 0 with a signed CDR naming the guide and its digest', async () => {
    const { name, xml } = guide(1);
    const answer = await verdictOf(await send(name, xml));
    expect(answer.status).toBe('processed');
    if (answer.status !== 'processed') return;
    expect(answer.code).toBe('0');
    const cdr = parseCdr(unzipCdr(answer.cdrZip).xml);
    expect(cdr.code).toBe('0');
    expect(cdr.reference).toBe('T001-1');
    expect(cdr.documentHash).toBe(/<ds:DigestValue>([^<]+)</.exec(xml)![1]);
  });

  it('answers the same file again with the same ticket, and another file under that number with 1033', async () => {
    const { name, xml } = guide(2);
    const ticket = await send(name, xml);
    expect(await send(name, xml)).toBe(ticket);
    const other = guide(2, (d) => ({ ...d, note: 'otra guía' }));
    const answer = await verdictOf(await send(other.name, other.xml));
    expect(answer).toMatchObject({ status: 'error', code: '1033' });
  });

  it('rejects on its own judgement a transfer start before the issue date (3343), with a CDR', async () => {
    const { name, xml } = guide(3, (d) => ({ ...d, transferDate: '2026-07-01' }));
    const answer = await verdictOf(await send(name, xml));
    expect(answer.status).toBe('processed');
    if (answer.status !== 'processed') return;
    expect(answer.code).toBe('99');
    expect(parseCdr(unzipCdr(answer.cdrZip).xml).code).toBe('3343');
  });

  it('rejects a guide whose signature no longer matches its content', async () => {
    const { name, xml } = guide(4);
    const answer = await verdictOf(await send(name, xml.replace('Reposición de stock', 'Reposicion de stock')));
    expect(answer.status).toBe('processed');
    if (answer.status !== 'processed') return;
    expect(answer.code).toBe('99');
    expect(Number(parseCdr(unzipCdr(answer.cdrZip).xml).code)).toBeGreaterThanOrEqual(2000);
  });

  it('answers 99 without a CDR for a file whose name is not the guide inside it (1034–1036)', async () => {
    const { xml } = guide(5);
    const answer = await verdictOf(await send(`${RUC}-09-T001-6`, xml));
    expect(answer).toMatchObject({ status: 'error', code: '1036' });
  });

  it('refuses a send whose hashZip is not the zip’s SHA-256 (422, no ticket)', async () => {
    const { name, xml } = guide(7);
    const body = greSendBody(name, zipDocument(name, xml));
    body.archivo.hashZip = '0'.repeat(64);
    const res = await fetch(`${sim.url}/v1/contribuyente/gem/comprobantes/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${(await token()).value}` },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('hashZip');
  });

  it('an expired token (401) gets one fresh token and the send goes through once', async () => {
    const { name, xml } = guide(8);
    sim.simulator.faults.add({ fault: { kind: 'token-expired' }, operations: ['greSend'] });
    const cache = new TokenCache();
    const result = await callWithToken(
      cache,
      tokenKey('t', api, GRANT),
      () => requestToken(api, GRANT, options),
      (t) => sendGuide({ endpoints: api, token: t, name, zip: zipDocument(name, xml), ...options }),
    );
    expect(result.kind).toBe('ok');
    expect(sim.simulator.stats().requests.greSend).toBe(2);
    expect(sim.simulator.stats().requests.oauthToken).toBe(2);
  });

  it('refuses a guide service call with a client_credentials token (another scope)', async () => {
    const client: SunatGrant = { kind: 'client_credentials', clientId: 'x1', clientSecret: 'moddatos' };
    const t = await requestToken(api, client, options);
    if (t.kind !== 'ok') throw new Error('no token');
    const result = await guideTicket({ endpoints: api, token: t.value, ticket: '1', ...options });
    expect(result).toMatchObject({ kind: 'failed', failure: { kind: 'unauthorized' } });
  });
});
