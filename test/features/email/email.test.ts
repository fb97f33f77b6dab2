// E-mail of documents end to end with real parts: the API over HTTP, the worker's `email-deliver` job,
// nodemailer, and the product's own fake SMTP server (`npx facturo smtp-fake`) writing .eml files to a folder.
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineDepsOf } from '../../../src/api/deps.ts';
import { MAX_DELIVERY_ATTEMPTS } from '../../../src/delivery/retry.ts';
import { jobs } from '../../../src/jobs.ts';
import { EXAMPLES_DIR } from '../../../src/api/examples.ts';
import { startFakeSmtp, type FakeSmtp } from '../../../src/mail/fake-smtp.ts';
import { claimJobs } from '../../../src/platform/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { fixtureBody, useApi, type Body } from '../documents/helpers.ts';
import { readEml } from './eml.ts';

const LOGO = readFileSync(join(import.meta.dirname, '../../render/assets/logo.png'));
const api = useApi();
let system: FakeSmtp;
let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'facturo-mail-'));
  system = await startFakeSmtp({ outDir: join(outDir, 'system') });
  api.ctx.app.platform.config.smtpUrl = system.url;
});
afterAll(async () => {
  await system?.close();
  await rm(outDir, { recursive: true, force: true });
});

/** Runs the e-mail jobs of this file's tenant until none is due (retries are made due instead of waited for). */
async function deliverAll(rounds = 10): Promise<void> {
  const worker = startWorker(pipelineDepsOf(api.ctx.app, api.ctx.app.log), {
    jobs,
    autoStart: false,
    tenantIds: [api.tenant.id],
  });
  for (let i = 0; i < rounds; i += 1) {
    await api.ctx.db.pool.query(
      `UPDATE "central"."jobs" SET run_at = now() - interval '1 second' WHERE name = 'email-deliver' AND tenant_id = $1`,
      [api.tenant.id],
    );
    if ((await worker.drain()) === 0) break;
  }
}

async function emlFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
}

function withEmail(body: Body, enviar: boolean, correo?: string | null): Body {
  const customer = { ...body.datos_del_cliente_o_receptor };
  if (correo === null) delete customer.correo_electronico;
  else if (correo !== undefined) customer.correo_electronico = correo;
  return { ...body, datos_del_cliente_o_receptor: customer, acciones: { ...body.acciones, enviar_email: enviar } };
}

async function outboxCount(): Promise<number> {
  return api.tenant.db.emailMessage.count();
}

describe('acciones.enviar_email on issue', () => {
  it('queues the e-mail before answering; the worker sends PDF, XML and the CDR to the customer', async () => {
    const before = await emlFiles(join(outDir, 'system'));
    const res = await api.post(
      '/api/documents',
      withEmail(fixtureBody('01-taxed.json'), true, 'cliente@andina.example'),
    );
    expect(res.status).toBe(200);
    expect(res.json.data.state_type_id).toBe('05');
    expect(res.json.warnings.map((w: { code: string }) => w.code)).not.toContain('email_not_sent');
    const queued = await api.tenant.db.emailMessage.findUniqueOrThrow({ where: { id: res.json.data.email_id } });
    expect(queued).toMatchObject({ status: 'pending', toAddresses: 'cliente@andina.example', source: 'issue' });

    await deliverAll();
    const after = await emlFiles(join(outDir, 'system'));
    expect(after.length).toBe(before.length + 1);
    const eml = await readEml(join(outDir, 'system', after.at(-1)!));
    const { number, filename } = res.json.data;
    expect(eml.header('To')).toBe('cliente@andina.example');
    expect(eml.header('Subject')).toBe(`Factura electrónica ${number} — EMPRESA DE PRUEBA S.A.C.`);
    expect([...eml.attachments.keys()].sort()).toEqual(
      [`${filename}.pdf`, `${filename}.xml`, `R-${filename}.zip`].sort(),
    );
    expect(eml.attachments.get(`${filename}.pdf`)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(eml.attachments.get(`${filename}.xml`)!.toString()).toContain(`<cbc:ID>${number}</cbc:ID>`);
    expect(eml.attachments.get(`R-${filename}.zip`)!.subarray(0, 2).toString()).toBe('PK');
    expect(eml.bodies.join('\n')).toContain(`le envía su factura electrónica ${number}`);

    const status = await api.get(`/api/document/email/${queued.id}`);
    expect(status.status).toBe(200);
    expect(status.json.data).toMatchObject({
      id: queued.id,
      status: 'sent',
      attempts: 1,
      to: ['cliente@andina.example'],
      number,
      error_code: null,
      message_id: expect.stringMatching(/^<.+@.+>$/),
      sent_at: expect.any(String),
    });
  });

  it("is queued by the client's retry when the first request died before queuing it, and only once", async () => {
    const body = withEmail(fixtureBody('01-taxed.json'), true, 'cliente@andina.example');
    body.numero_documento = 700_000 + Math.floor(Math.random() * 100_000);
    const first = await api.post('/api/documents', body);
    expect(first.status).toBe(200);
    // As if the process had died after the commit (during SUNAT's call) and before it queued the e-mail.
    const lost: string = first.json.data.email_id;
    await api.ctx.db.pool.query(`DELETE FROM "central"."jobs" WHERE dedupe_key = $1`, [`email-deliver:${lost}`]);
    await api.tenant.db.emailMessage.delete({ where: { id: lost } });

    const retry = await api.post('/api/documents', body);
    expect(retry.status).toBe(200);
    expect(retry.json.data.external_id).toBe(first.json.data.external_id);
    expect(retry.json.data.email_id).toEqual(expect.any(String));
    expect(retry.json.data.email_id).not.toBe(lost);
    const again = await api.post('/api/documents', body);
    expect(again.json.data.email_id).toBe(retry.json.data.email_id);
    const documentId = (
      await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: first.json.data.external_id } })
    ).id;
    expect(await api.tenant.db.emailMessage.count({ where: { documentId } })).toBe(1);
    // Sent now, so that no message of this test is left for the next one's delivery round.
    await deliverAll();
    const sent = await api.tenant.db.emailMessage.findUniqueOrThrow({ where: { id: retry.json.data.email_id } });
    expect(sent.status).toBe('sent');
  });

  it('warns and queues nothing when the customer has no e-mail; the flag off queues nothing either', async () => {
    const before = await outboxCount();
    const res = await api.post('/api/documents', withEmail(fixtureBody('01-taxed.json'), true, null));
    expect(res.status).toBe(200);
    expect(res.json.warnings).toContainEqual(
      expect.objectContaining({ path: 'datos_del_cliente_o_receptor.correo_electronico', code: 'email_not_sent' }),
    );
    expect(res.json.data.email_id).toBeUndefined();
    const bad = await api.post('/api/documents', withEmail(fixtureBody('01-taxed.json'), true, 'no-es-correo'));
    expect(bad.status).toBe(200);
    expect(bad.json.warnings).toContainEqual(
      expect.objectContaining({ path: 'datos_del_cliente_o_receptor.correo_electronico', code: 'email_invalid' }),
    );
    const off = await api.post('/api/documents', withEmail(fixtureBody('01-taxed.json'), false));
    expect(off.status).toBe(200);
    expect(await outboxCount()).toBe(before);
  });

  it('a not-sent document (01) is mailed without a CDR', async () => {
    const body = withEmail(fixtureBody('02-not-sent.json'), true, 'a@b.pe, c@d.pe');
    const res = await api.post('/api/documents', body);
    expect(res.json.data.state_type_id).toBe('01');
    await deliverAll();
    const files = await emlFiles(join(outDir, 'system'));
    const eml = await readEml(join(outDir, 'system', files.at(-1)!));
    expect(eml.header('To')).toBe('a@b.pe, c@d.pe');
    expect([...eml.attachments.keys()].sort()).toEqual(
      [`${res.json.data.filename}.pdf`, `${res.json.data.filename}.xml`].sort(),
    );
  });
});

describe('the e-mail travels with its document', () => {
  it('is written in the transaction that stores the document, and is due once SUNAT has answered', async () => {
    const res = await api.post(
      '/api/documents',
      withEmail(fixtureBody('01-taxed.json'), true, 'cliente@andina.example'),
    );
    expect(res.json.data.state_type_id).toBe('05');
    const s = `"${api.tenant.schema}"`;
    // xmin: the transaction that inserted a row. Lines are never updated, so theirs is still the issue's.
    const { rows } = await api.ctx.db.pool.query(
      `SELECT o.xmin::text = l.xmin::text AS same_transaction, j.run_at <= now() AS due
         FROM ${s}."email_outbox" o
         JOIN ${s}."document_lines" l ON l.document_id = o.document_id AND l.line_number = 1
         JOIN "central"."jobs" j ON j.dedupe_key = 'email-deliver:' || o.id::text
        WHERE o.id = $1`,
      [res.json.data.email_id],
    );
    expect(rows).toEqual([{ same_transaction: true, due: true }]);
    await deliverAll();
  });

  it("waits for SUNAT's answer while its document is being sent, so that it goes with the CDR", async () => {
    // SUNAT answers 1.5 s late: the document and its e-mail are committed well before the answer.
    api.ctx.app.platform.sunatSimulator!.faults.add({ fault: { kind: 'latency', ms: 1500 }, times: 1 });
    const body = withEmail(fixtureBody('01-taxed.json'), true, 'cliente@andina.example');
    body.numero_documento = 800_000 + Math.floor(Math.random() * 100_000);
    const answer = api.post('/api/documents', body);
    const job = async () =>
      (
        await api.ctx.db.pool.query<{ due: boolean }>(
          `SELECT j.run_at <= now() AS due FROM "central"."jobs" j
             JOIN "${api.tenant.schema}"."email_outbox" o ON j.dedupe_key = 'email-deliver:' || o.id::text
             JOIN "${api.tenant.schema}"."documents" d ON d.id = o.document_id
            WHERE d.serie = 'F001' AND d.number = $1`,
          [body.numero_documento],
        )
      ).rows[0];
    let during = await job();
    for (let i = 0; i < 50 && !during; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      during = await job();
    }
    expect(during).toEqual({ due: false });
    const res = await answer;
    expect(res.json.data.state_type_id).toBe('05');
    expect(await job()).toEqual({ due: true });
    await deliverAll();
  });

  it('goes with its own document when several are issued at once, some asking for an e-mail and some not', async () => {
    const asks = [true, false, true, false, true, false];
    const answers = await Promise.all(
      asks.map((ask) =>
        api.post('/api/documents', withEmail(fixtureBody('01-taxed.json'), ask, 'cliente@andina.example')),
      ),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(200);
      const documentId = (
        await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: res.json.data.external_id } })
      ).id;
      const rows = await api.tenant.db.emailMessage.findMany({ where: { documentId } });
      expect(rows.map((r) => r.id)).toEqual(asks[i] ? [res.json.data.email_id] : []);
    }
    await deliverAll();
  });

  it('leaves nothing behind when its e-mail cannot be stored: no document, no number spent, no e-mail', async () => {
    const s = `"${api.tenant.schema}"`;
    const last = async () =>
      (
        await api.ctx.db.pool.query(
          `SELECT last_number FROM ${s}."series" WHERE document_type = '01' AND serie = 'F001'`,
        )
      ).rows[0]?.last_number ?? 0;
    const before = { number: await last(), documents: await api.tenant.db.document.count(), mail: await outboxCount() };
    await api.ctx.db.pool.query(
      `ALTER TABLE ${s}."email_outbox" ADD CONSTRAINT refuse_test CHECK (to_addresses <> 'rechazo@andina.example')`,
    );
    try {
      const res = await api.post(
        '/api/documents',
        withEmail(fixtureBody('01-taxed.json'), true, 'rechazo@andina.example'),
      );
      expect(res.status).not.toBe(200);
    } finally {
      await api.ctx.db.pool.query(`ALTER TABLE ${s}."email_outbox" DROP CONSTRAINT refuse_test`);
    }
    expect({
      number: await last(),
      documents: await api.tenant.db.document.count(),
      mail: await outboxCount(),
    }).toEqual(before);
  });
});

describe('other issuing routes', () => {
  it('a retention voucher with enviar_email goes to the supplier (datos_del_proveedor.correo_electronico)', async () => {
    const body = JSON.parse(readFileSync(new URL('retentions/01-pen.json', EXAMPLES_DIR), 'utf8'));
    const res = await api.post('/api/retentions', { ...body, acciones: { enviar_email: true } });
    expect(res.status).toBe(200);
    await deliverAll();
    const files = await emlFiles(join(outDir, 'system'));
    const eml = await readEml(join(outDir, 'system', files.at(-1)!));
    expect(eml.header('To')).toBe(body.datos_del_proveedor.correo_electronico);
    expect(eml.header('Subject')).toBe(
      `Comprobante de retención electrónico ${res.json.data.number} — EMPRESA DE PRUEBA S.A.C.`,
    );
    expect(eml.attachments.has(`${res.json.data.filename}.pdf`)).toBe(true);

    const { correo_electronico: _, ...supplier } = body.datos_del_proveedor;
    const without = await api.post('/api/retentions', {
      ...body,
      datos_del_proveedor: supplier,
      acciones: { enviar_email: true },
    });
    expect(without.json.warnings).toContainEqual(
      expect.objectContaining({ path: 'datos_del_proveedor.correo_electronico', code: 'email_not_sent' }),
    );
  });
});

describe('the message', () => {
  it('is built when sent: a document accepted after it was queued goes with its CDR, and the logo inline', async () => {
    const patched = await api.ctx.app.inject({
      method: 'PATCH',
      url: '/api/company',
      headers: { ...api.tenant.headers, 'content-type': 'application/json' },
      payload: { logo: LOGO.toString('base64') },
    });
    expect(patched.statusCode).toBe(200);
    const res = await api.post('/api/documents', withEmail(fixtureBody('02-not-sent.json'), true, 'luego@cliente.pe'));
    expect(res.json.data.state_type_id).toBe('01');
    const sent = await api.post('/api/documents/send', { external_id: res.json.data.external_id });
    expect(sent.json.data.state_type_id).toBe('05');
    await deliverAll();
    const files = await emlFiles(join(outDir, 'system'));
    const eml = await readEml(join(outDir, 'system', files.at(-1)!));
    expect(eml.header('To')).toBe('luego@cliente.pe');
    expect(eml.attachments.has(`R-${res.json.data.filename}.zip`)).toBe(true);
    // The logo as stored: decoded and re-encoded at upload (an opaque PNG), never the bytes as sent.
    const stored = (await api.tenant.db.company.findFirstOrThrow()).logoBase64!;
    expect(eml.attachments.get('logo.png')).toEqual(Buffer.from(stored, 'base64'));
    expect(eml.raw).toMatch(/Content-ID: <logo@facturo>/i);
    expect(eml.bodies.some((b) => b.includes('src="cid:logo@facturo"'))).toBe(true);
  });
});

describe('POST /api/document/email', () => {
  it('takes FacturadorPro {customer_email, document_id} and {external_id, email}, answering the outbox id', async () => {
    const issued = (await api.post('/api/documents', fixtureBody('01-taxed.json'))).json.data;
    const row = await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: issued.external_id } });
    const a = await api.post('/api/document/email', { customer_email: 'uno@cliente.pe', document_id: row.id });
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({
      success: true,
      data: { id: expect.any(String), status: 'pending', to: ['uno@cliente.pe'], number: issued.number },
    });
    const b = await api.post('/api/document/email', { external_id: issued.external_id, email: 'dos@cliente.pe' });
    expect(b.status).toBe(200);
    await deliverAll();
    for (const [id, to] of [
      [a.json.data.id, 'uno@cliente.pe'],
      [b.json.data.id, 'dos@cliente.pe'],
    ]) {
      const status = (await api.get(`/api/document/email/${id}`)).json.data;
      expect(status).toMatchObject({ status: 'sent', to: [to], source: 'api', external_id: issued.external_id });
    }
  });

  it('answers a retry with the same Idempotency-Key from the first answer, queuing one e-mail', async () => {
    const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json.data;
    const before = await outboxCount();
    const body = { external_id: issued.external_id, email: 'una-vez@cliente.pe' };
    const first = await api.post('/api/document/email', body, { 'idempotency-key': `correo-${issued.external_id}` });
    const again = await api.post('/api/document/email', body, { 'idempotency-key': `correo-${issued.external_id}` });
    expect(again.status).toBe(200);
    expect(again.json.data.id).toBe(first.json.data.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await outboxCount()).toBe(before + 1);
    await deliverAll(); // sent here, through the system server: the tests below count their own files
  });

  it('refuses with 4xx and queues nothing: unknown document, bad e-mail, missing fields, no SMTP anywhere', async () => {
    const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json.data;
    const before = await outboxCount();
    const jobsBefore = (
      await api.ctx.db.pool.query(`SELECT count(*)::int AS n FROM "central"."jobs" WHERE name = 'email-deliver'`)
    ).rows[0].n;
    const unknown = await api.post('/api/document/email', {
      external_id: '00000000-0000-4000-8000-000000000000',
      email: 'x@y.pe',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('document_not_found');
    expect((await api.post('/api/document/email', { document_id: 99999999, customer_email: 'x@y.pe' })).status).toBe(
      404,
    );
    const bad = await api.post('/api/document/email', { external_id: issued.external_id, email: 'no-es-correo' });
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({ code: 'email_invalid', errors: [{ path: 'email', code: 'email_invalid' }] });
    const missing = await api.post('/api/document/email', { external_id: issued.external_id });
    expect(missing.status).toBe(422);
    expect(missing.json.errors[0].path).toBe('customer_email');
    const noDoc = await api.post('/api/document/email', { email: 'x@y.pe' });
    expect(noDoc.status).toBe(422);
    expect(noDoc.json.errors[0].path).toBe('external_id');

    api.ctx.app.platform.config.smtpUrl = null;
    try {
      const none = await api.post('/api/document/email', { external_id: issued.external_id, email: 'x@y.pe' });
      expect(none.status).toBe(422);
      expect(none.json.code).toBe('smtp_not_configured');
      const onIssue = await api.post('/api/documents', withEmail(fixtureBody('02-not-sent.json'), true));
      expect(onIssue.status).toBe(200);
      expect(onIssue.json.warnings).toContainEqual(expect.objectContaining({ code: 'smtp_not_configured' }));
    } finally {
      api.ctx.app.platform.config.smtpUrl = system.url;
    }
    expect(await outboxCount()).toBe(before);
    const jobsAfter = (
      await api.ctx.db.pool.query(`SELECT count(*)::int AS n FROM "central"."jobs" WHERE name = 'email-deliver'`)
    ).rows[0].n;
    expect(jobsAfter).toBe(jobsBefore);
    expect((await api.get('/api/document/email/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.get('/api/document/email/nada')).json.code).toBe('email_not_found');
  });

  it('retries while the SMTP server is down, recording each attempt, and sends once it is back', async () => {
    const spare = await startFakeSmtp({ outDir: join(outDir, 'late') });
    const port = spare.port;
    await spare.close(); // the port is free now: nothing answers there
    api.ctx.app.platform.config.smtpUrl = `smtp://127.0.0.1:${port}`;
    let late: FakeSmtp | null = null;
    try {
      const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json.data;
      const queued = await api.post('/api/document/email', {
        external_id: issued.external_id,
        email: 'tarde@cliente.pe',
      });
      await deliverAll(2);
      const down = (await api.get(`/api/document/email/${queued.json.data.id}`)).json.data;
      // nodemailer's code for a refused connection (ESOCKET or ECONNECTION by version): transient either way.
      expect(down).toMatchObject({ status: 'pending', attempts: 2, error_code: expect.stringMatching(/^E[A-Z]+$/) });
      expect(down.sent_at).toBeNull();
      expect(down.last_error).toBeTruthy();

      late = await startFakeSmtp({ port, outDir: join(outDir, 'late') });
      await deliverAll();
      const up = (await api.get(`/api/document/email/${queued.json.data.id}`)).json.data;
      expect(up).toMatchObject({ status: 'sent', attempts: 3, error_code: null, last_error: null });
      expect(await emlFiles(join(outDir, 'late'))).toHaveLength(1);
    } finally {
      await late?.close();
      api.ctx.app.platform.config.smtpUrl = system.url;
    }
  });
});

describe('delivery failures', () => {
  it('records a 5xx refusal as failed at once, without retrying', async () => {
    const strict = await startFakeSmtp({ outDir: join(outDir, 'strict'), refuseRecipients: /^nadie@/ });
    api.ctx.app.platform.config.smtpUrl = strict.url;
    try {
      const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json.data;
      const queued = await api.post('/api/document/email', {
        external_id: issued.external_id,
        email: 'nadie@cliente.pe',
      });
      await deliverAll();
      const status = (await api.get(`/api/document/email/${queued.json.data.id}`)).json.data;
      expect(status).toMatchObject({ status: 'failed', attempts: 1, error_code: '550', sent_at: null });
      // Our words, with the server's code: never the server's own text (it could be anything, from anywhere).
      expect(status.last_error).toBe('El servidor de correo rechazó el mensaje (código SMTP 550).');
      expect(status.last_error).not.toContain('Buzón inexistente');
      expect(await emlFiles(join(outDir, 'strict'))).toEqual([]);
    } finally {
      await strict.close();
      api.ctx.app.platform.config.smtpUrl = system.url;
    }
  });

  it('records the final failure after the last attempt and stops retrying', async () => {
    const spare = await startFakeSmtp({ outDir: join(outDir, 'never') });
    const port = spare.port;
    await spare.close();
    api.ctx.app.platform.config.smtpUrl = `smtp://127.0.0.1:${port}`;
    try {
      const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json.data;
      const queued = await api.post('/api/document/email', {
        external_id: issued.external_id,
        email: 'nunca@cliente.pe',
      });
      await deliverAll(MAX_DELIVERY_ATTEMPTS + 2);
      const status = (await api.get(`/api/document/email/${queued.json.data.id}`)).json.data;
      expect(status).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS, sent_at: null });
      expect(status.error_code).toMatch(/^E[A-Z]+$/);
      const left = await api.ctx.db.pool.query(
        `SELECT count(*)::int AS n FROM "central"."jobs" WHERE name = 'email-deliver' AND payload->>'messageId' = $1`,
        [queued.json.data.id],
      );
      expect(left.rows[0].n).toBe(0);
    } finally {
      api.ctx.app.platform.config.smtpUrl = system.url;
    }
  });
});

describe('a delivery that kills its worker', () => {
  it('is failed after its last attempt, never retried for ever and never sent', async () => {
    const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json.data;
    const queued = (
      await api.post('/api/document/email', { external_id: issued.external_id, email: 'caida@cliente.pe' })
    ).json.data;
    const key = `email-deliver:${queued.id}`;
    // Each attempt is claimed by a worker that dies mid-delivery (as a PDF that killed the process did): nothing
    // records an outcome, the lease runs out, the next worker claims it again.
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS; i++) {
      const [job] = await claimJobs(api.ctx.db.pool, ['email-deliver'], 50, 60_000, [api.tenant.id]);
      expect(job).toBeDefined();
      await api.ctx.db.pool.query(
        `UPDATE "central"."jobs" SET locked_until = now() - interval '1 second', run_at = now() - interval '1 second' WHERE dedupe_key = $1`,
        [key],
      );
    }
    const before = await emlFiles(join(outDir, 'system'));
    await deliverAll();
    const status = (await api.get(`/api/document/email/${queued.id}`)).json.data;
    expect(status).toMatchObject({
      status: 'failed',
      error_code: 'delivery_interrupted',
      attempts: MAX_DELIVERY_ATTEMPTS,
    });
    expect(await emlFiles(join(outDir, 'system'))).toEqual(before);
    const left = await api.ctx.db.pool.query('SELECT count(*)::int AS n FROM "central"."jobs" WHERE dedupe_key = $1', [
      key,
    ]);
    expect(left.rows[0].n).toBe(0);
  });
});

describe('PUT /api/company/smtp', () => {
  it("stores the company's server with its password sealed, never shows the password, and mails through it", async () => {
    const own = await startFakeSmtp({ outDir: join(outDir, 'own') });
    try {
      const res = await api.ctx.app.inject({
        method: 'PUT',
        url: '/api/company/smtp',
        headers: { ...api.tenant.headers, 'content-type': 'application/json' },
        payload: {
          host: '127.0.0.1',
          port: own.port,
          secure: false,
          usuario: 'facturas@empresa.pe',
          clave: 'clave-super-secreta',
          remitente: 'facturas@empresa.pe',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('clave-super-secreta');
      expect(res.json().data).toMatchObject({
        configurado: true,
        host: '127.0.0.1',
        port: own.port,
        tiene_clave: true,
      });
      const company = await api.get('/api/company');
      expect(company.json.data.smtp).toMatchObject({
        configurado: true,
        usuario: 'facturas@empresa.pe',
        tiene_clave: true,
      });
      expect(company.body.toString()).not.toContain('clave-super-secreta');
      const row = await api.tenant.db.company.findFirstOrThrow();
      expect(row.smtpPasswordEnc).toBeTruthy();
      expect(row.smtpPasswordEnc).not.toContain('clave-super-secreta');
      expect(api.ctx.app.platform.secrets.open(row.smtpPasswordEnc!)).toBe('clave-super-secreta');

      const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json.data;
      const systemBefore = await emlFiles(join(outDir, 'system'));
      await api.post('/api/document/email', { external_id: issued.external_id, email: 'propio@cliente.pe' });
      await deliverAll();
      const files = await emlFiles(join(outDir, 'own'));
      expect(files).toHaveLength(1);
      const eml = await readEml(join(outDir, 'own', files[0]));
      expect(eml.header('From')).toContain('facturas@empresa.pe');
      expect(eml.header('To')).toBe('propio@cliente.pe');
      expect(await emlFiles(join(outDir, 'system'))).toEqual(systemBefore);
    } finally {
      await own.close();
      await api.ctx.app.inject({ method: 'DELETE', url: '/api/company/smtp', headers: api.tenant.headers });
    }
    expect((await api.get('/api/company')).json.data.smtp).toMatchObject({ configurado: false, tiene_clave: false });
  });

  it('refuses a user without a password and a bad sender, changing nothing', async () => {
    const before = await api.tenant.db.company.findFirstOrThrow();
    for (const payload of [
      { host: 'smtp.x.pe', port: 587, usuario: 'u', remitente: 'a@b.pe' },
      { host: 'smtp.x.pe', port: 587, remitente: 'no-es-correo' },
      { host: 'smtp.x.pe', port: 70000, remitente: 'a@b.pe' },
    ]) {
      const res = await api.ctx.app.inject({
        method: 'PUT',
        url: '/api/company/smtp',
        headers: { ...api.tenant.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const after = await api.tenant.db.company.findFirstOrThrow();
    expect(after.smtpHost).toBe(before.smtpHost);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });
});
