// `npx facturo smtp-fake`: an SMTP server for development and tests that takes every message without checking who
// sends it (any AUTH is accepted, none is required) and writes it, as received, to `{out}/{n}-{id}.eml`. The file is
// complete before the server answers 250, so a sender that got its answer finds the file.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface FakeSmtp {
  port: number;
  /** smtp://host:port — what SMTP_URL takes. */
  url: string;
  /** Messages written so far (their file paths, in order). */
  readonly files: string[];
  close(): Promise<void>;
}

export interface FakeSmtpOptions {
  port?: number;
  host?: string;
  outDir: string;
  /** Recipients refused with 550 (tests of a permanent refusal); none by default. */
  refuseRecipients?: RegExp;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function startFakeSmtp(options: FakeSmtpOptions): Promise<FakeSmtp> {
  const host = options.host ?? '127.0.0.1';
  await mkdir(options.outDir, { recursive: true });
  const files: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    // No TLS: a self-signed STARTTLS would fail every client that checks certificates.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'fake' }),
    onRcptTo: (address, _session, callback) => {
      if (!options.refuseRecipients?.test(address.address)) return callback();
      callback(Object.assign(new Error('Buzón inexistente'), { responseCode: 550 }));
    },
    onData: (stream, _session, callback) => {
      collect(stream)
        .then(async (raw) => {
          const name = `${String(files.length + 1).padStart(4, '0')}-${randomUUID()}.eml`;
          const path = join(options.outDir, name);
          // Written aside, then renamed: whoever watches the folder never reads half a message.
          await writeFile(`${path}.part`, raw);
          await rename(`${path}.part`, path);
          files.push(path);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${host}:${port}`,
    files,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
