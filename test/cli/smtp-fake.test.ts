// `npx facturo smtp-fake` as a process, through the real entry point: it prints the SMTP_URL to use, takes a
// message sent with nodemailer (the product's own client) and writes it to --out as a .eml file.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sendMail } from '../../src/mail/smtp-client.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'facturo.mjs');
const dir = mkdtempSync(join(tmpdir(), 'facturo-smtp-fake-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('accepts a message without authentication and writes it to --out as .eml', async () => {
  const out = join(dir, 'correo');
  const child = spawn(process.execPath, [BIN, 'smtp-fake', '--port', '0', '--out', out], { cwd: dir });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const match = /SMTP_URL=(smtp:\/\/[^)\s]+)/.exec(seen);
        if (match) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`smtp-fake exited with ${code}: ${seen}`)));
    });
    const outcome = await sendMail(
      { url, from: 'facturacion@facturo.example' },
      { to: ['cliente@facturo.example'], subject: 'Prueba', text: 'Hola', html: '<p>Hola</p>', attachments: [] },
    );
    expect(outcome.kind).toBe('sent');
    const files = readdirSync(out).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(out, files[0]), 'utf8');
    expect(eml).toMatch(/^To: cliente@facturo\.example$/m);
    expect(eml).toMatch(/^Subject: Prueba$/m);
  } finally {
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    await exited;
  }
}, 30_000);
