// A void's life over HTTP, the same for the comunicación de baja (RA) and the resumen de reversiones (RR): accepted
// 05 → 13 → 11 with its XML (XSD-valid, signed) and CDR downloadable; 98 is a 200 "still in process" and the worker
// follows the ticket; SUNAT down or a lost answer → the SAME file later (one summary per request); a rejection (99)
// puts the documents back with SUNAT's code; a second void while one is pending is refused and changes nothing.
import { describe, expect, it } from 'vitest';
import { unzipCdr } from '../../../src/sunat/index.ts';
import { type ApiHarness, pathOf } from '../documents/helpers.ts';
import {
  expectUnchanged,
  judgeSummaryXml,
  runWorker,
  stateOf,
  useSimulator,
  VOIDED_XSD,
  voidBodyOf,
} from './helpers.ts';

export interface VoidUnderTest {
  /** 'RA' or 'RR': the summary's kind, in its file name. */
  kind: 'RA' | 'RR';
  /** POST {url} voids, POST {url}/status follows. */
  url: string;
  /** Issues one document this void takes, accepted (05); its external_id. */
  issue(): Promise<string>;
  /** The code of "a void of it is already pending". */
  pendingCode: string;
}

export function describeVoidLifecycle(api: ApiHarness, name: string, v: VoidUnderTest): void {
  const body = voidBodyOf('Error en el RUC del cliente');
  const state = (id: string) => stateOf(api, id);
  const status = (key: unknown) => api.post(`${v.url}/status`, key);

  describe(`${name}: its life through SUNAT`, () => {
    const simulator = useSimulator(api);
    it('13 while SUNAT processes, 11 once accepted, XML and CDR downloadable', async () => {
      const id = await v.issue();
      const res = await api.post(v.url, body(id));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({
        success: true,
        data: { ticket: expect.stringMatching(/^\d+$/), state: 'pending' },
      });
      expect(await state(id)).toBe('13');

      const done = await status({ external_id: res.json.data.external_id });
      expect(done.status).toBe(200);
      expect(done.json).toMatchObject({
        data: { state: 'accepted', filename: expect.stringMatching(new RegExp(`^\\d{11}-${v.kind}-\\d{8}-\\d+$`)) },
        response: { code: '0', is_accepted: true, status_code: 0 },
      });
      expect(await state(id)).toBe('11');
      const history = await api.tenant.db.documentStateHistory.findMany({
        where: { document: { externalId: id } },
        orderBy: { id: 'asc' },
      });
      expect(history.map((h) => h.toState)).toEqual(['01', '05', '13', '11']);

      const xml = await api.get(pathOf(done.json.links.xml));
      expect(xml.status).toBe(200);
      expect(judgeSummaryXml(xml.body, VOIDED_XSD)).toMatchObject({ xsd: 0, signature: 0 });
      const cdr = await api.get(pathOf(done.json.links.cdr));
      expect(unzipCdr(cdr.body).xml.toString()).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
      // Asked by ticket it answers from what is stored.
      const byTicket = await status({ ticket: res.json.data.ticket });
      expect(byTicket.json.data.external_id).toBe(res.json.data.external_id);
    });

    it('answers 98 as "still in process" (200), then the worker follows the ticket by itself', async () => {
      simulator().engine.options.summaryPendingPolls = 1;
      const id = await v.issue();
      const res = await api.post(v.url, body(id));
      const pending = await status({ external_id: res.json.data.external_id });
      expect(pending.status).toBe(200);
      expect(pending.json).toMatchObject({ data: { state: 'pending' }, response: { code: '98', status_code: 98 } });
      expect(pending.json.links.cdr).toBe('');
      await runWorker(api);
      expect(await state(id)).toBe('11');
    });

    it('SUNAT down: accepted after, with the same file (one summary per request)', async () => {
      simulator().faults.add({ fault: { kind: 'http-status', status: 503 }, operations: ['sendSummary'], times: 1 });
      const id = await v.issue();
      const res = await api.post(v.url, body(id));
      expect(res.status).toBe(200);
      expect(res.json.data).toMatchObject({ ticket: null, state: 'sending' });
      expect(res.json.message).toContain('se reintentará');
      expect(await state(id)).toBe('13');
      await runWorker(api); // sends the stored summary (ticket) …
      await runWorker(api); // … and asks for its ticket
      expect(await state(id)).toBe('11');
      expect(await api.tenant.db.summaryDocument.count({ where: { document: { externalId: id } } })).toBe(1);
    });

    it('a lost sendSummary answer: the same file is sent again and SUNAT gives the same ticket', async () => {
      simulator().faults.add({ fault: { kind: 'lost-response' }, operations: ['sendSummary'], times: 1 });
      const before = simulator().stats().requests.sendSummary;
      const id = await v.issue();
      const res = await api.post(v.url, body(id));
      expect(res.json.data.ticket).toBeNull();
      await runWorker(api);
      await runWorker(api);
      expect(await state(id)).toBe('11');
      expect(simulator().stats().requests.sendSummary - before).toBe(2);
      expect(await api.tenant.db.summaryDocument.count({ where: { document: { externalId: id } } })).toBe(1);
    });

    it('rejected (99, SUNAT 2105): the documents back in their state, with the code and the CDR', async () => {
      const id = await v.issue();
      simulator().reset(); // SUNAT "forgets" the document: the summary's line is not registered there (2105)
      const res = await api.post(v.url, body(id));
      const rejected = await status({ external_id: res.json.data.external_id });
      expect(rejected.json).toMatchObject({
        data: { state: 'rejected' },
        response: { code: '2105', is_accepted: false, status_code: 99 },
      });
      expect(await state(id)).toBe('05');
      expect((await api.get(pathOf(rejected.json.links.cdr))).status).toBe(200);
    });

    it('a second void while one is pending (13) is refused and changes nothing', async () => {
      simulator().faults.add({ fault: { kind: 'http-status', status: 503 }, operations: ['sendSummary'], times: 1 });
      const id = await v.issue();
      await api.post(v.url, body(id));
      await expectUnchanged(api, async () => {
        const res = await api.post(v.url, body(id));
        expect(res.status).toBe(422);
        expect(res.json.errors[0]).toMatchObject({ code: v.pendingCode, sunat_rule: '2323' });
      }, [id]);
      await runWorker(api);
      await runWorker(api);
      expect(await state(id)).toBe('11');
    });
  });
}
