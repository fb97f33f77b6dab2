// POST /api/documents/updatedocumentstatus racing POST /api/documents/send of the same registered document, over
// real HTTP: one wins and the other answers 409, and the history stays a possible sequence (each entry starts where
// the one before it ended, and ends at the state the document is in). While a send holds the document's lease,
// SUNAT's answer decides the state: the change by hand is refused (document_sending); a change that came first is
// seen by the send's claim (a 09 is never sent).
import { describe, expect, it } from 'vitest';
import { httpCall } from '../../helpers/http.ts';
import { fixtureBody, useApi } from './helpers.ts';

const TRIALS = 24;
const api = useApi();

const post = (path: string, body: unknown) =>
  httpCall(api.ctx.app, 'POST', path, { headers: api.tenant.headers, body });

describe('updatedocumentstatus against a send of the same document', () => {
  it(`has one winner in each of ${TRIALS} trials and a history that could have happened`, async () => {
    const simulator = api.ctx.app.platform.sunatSimulator!;
    const seen = { sendFirst: 0, changeFirst: 0 };
    try {
      for (let trial = 0; trial < TRIALS; trial += 1) {
        // Half the trials with a slow SUNAT, so that the change lands while the send waits for its answer.
        simulator.faults.clear();
        if (trial % 2 === 1) simulator.faults.add({ fault: { kind: 'latency', ms: 150 }, times: 'always' });
        const issued = await post('/api/documents', fixtureBody('02-not-sent.json'));
        expect(issued.json.data.state_type_id, issued.text).toBe('01');
        const externalId = issued.json.data.external_id as string;
        const send = post('/api/documents/send', { external_id: externalId });
        await new Promise((resolve) => setTimeout(resolve, trial % 3));
        const change = await post('/api/documents/updatedocumentstatus', {
          externail_id: externalId,
          state_type_id: '09',
        });
        const sent = await send;
        const doc = await api.tenant.db.document.findUniqueOrThrow({
          where: { externalId },
          include: { history: { orderBy: { id: 'asc' } } },
        });
        const chain = doc.history.map((h) => [h.fromState, h.toState]);
        const trace = `trial ${trial}: send ${sent.status} ${sent.text.slice(0, 160)} | change ${change.status} ${change.text.slice(0, 200)} | history ${JSON.stringify(chain)} final ${doc.stateTypeId}`;
        // A possible history: from nothing to 01, each entry from where the last one ended, ending at the state.
        expect(chain[0], trace).toEqual([null, '01']);
        for (let i = 1; i < chain.length; i += 1) expect(chain[i][0], trace).toBe(chain[i - 1][1]);
        expect(chain.at(-1)![1], trace).toBe(doc.stateTypeId);
        if (change.status === 409) {
          seen.sendFirst += 1;
          expect(change.json.code, trace).toBe('document_sending');
          expect(sent.status, trace).toBe(200);
          expect(sent.json.data.state_type_id, trace).toBe('05');
          expect(chain, trace).toEqual([
            [null, '01'],
            ['01', '05'],
          ]);
        } else {
          expect(change.status, trace).toBe(200);
          if (change.json.message.includes('01 → 09')) {
            // The change came first: the send found a 09 and sent nothing.
            seen.changeFirst += 1;
            expect(sent.status, trace).toBe(409);
            expect(sent.json.code, trace).toBe('document_rejected');
            expect(doc.sendAttempts, trace).toBe(0);
          } else {
            // The send had finished before the change was asked for: one after the other, both apply.
            expect(change.json.message, trace).toContain('05 → 09');
            expect(sent.json.data.state_type_id, trace).toBe('05');
          }
          expect(doc.stateTypeId, trace).toBe('09');
        }
      }
    } finally {
      simulator.faults.clear();
    }
    // The drill did reach the window it is about.
    expect(seen.sendFirst, JSON.stringify(seen)).toBeGreaterThan(0);
  }, 120_000);
});
