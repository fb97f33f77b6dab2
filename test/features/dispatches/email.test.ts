// E-mail of a guide (POST /api/document/email, as for every document): the worker sends the guide's PDF, signed XML
// and SUNAT's CDR, in a message that names the guide and no amount.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../src/mail/fake-smtp.ts';
import { runTenantWorker, useApi } from '../documents/helpers.ts';
import { readEml } from '../email/eml.ts';
import { exampleBody } from './bodies.ts';

const api = useApi();
let smtp: FakeSmtp;
let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'facturo-gre-mail-'));
  smtp = await startFakeSmtp({ outDir });
  api.ctx.app.platform.config.smtpUrl = smtp.url;
});
afterAll(async () => {
  await smtp?.close();
  await rm(outDir, { recursive: true, force: true });
});

describe('e-mail of a guide', () => {
  it('sends the PDF, the XML and the CDR of an accepted guide, naming it and no amount', async () => {
    const issued = (await api.post('/api/dispatches', exampleBody('02-private-transport.json'))).json.data;
    await api.post('/api/dispatches/status_ticket', { external_id: issued.external_id });
    const queued = await api.post('/api/document/email', {
      external_id: issued.external_id,
      email: 'almacen@cliente.pe',
    });
    expect(queued.status, JSON.stringify(queued.json)).toBe(200);
    await runTenantWorker(api);
    const files = (await readdir(outDir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = await readEml(join(outDir, files[0]));
    const { number, filename } = issued;
    expect(eml.header('To')).toBe('almacen@cliente.pe');
    expect(eml.header('Subject')).toContain(`Guía de remisión remitente electrónica ${number}`);
    expect([...eml.attachments.keys()].sort()).toEqual(
      [`${filename}.pdf`, `${filename}.xml`, `R-${filename}.zip`].sort(),
    );
    expect(eml.bodies.join('\n')).toContain(`guía de remisión remitente electrónica ${number}`);
    expect(eml.bodies.join('\n')).not.toContain('PEN');
  });
});
