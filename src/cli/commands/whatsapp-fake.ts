// `npx facturo whatsapp-fake --port 8090`: the fake WhatsApp Cloud API for development (src/whatsapp/fake-cloud-api.ts).
import { parseArgs } from 'node:util';
import type { CliCommand } from '../index.ts';
import { startFakeCloudApi } from '../../whatsapp/fake-cloud-api.ts';

export const command: CliCommand = {
  summary: 'API de WhatsApp Cloud simulada (registra los mensajes; para desarrollo)',
  async run(argv) {
    const { values } = parseArgs({ args: argv, options: { port: { type: 'string', default: '8090' } } });
    const fake = await startFakeCloudApi({ port: Number(values.port) });
    process.stdout.write(`WhatsApp Cloud API simulada en ${fake.url} (WHATSAPP_API_URL=${fake.url})\n`);
    const timer = setInterval(() => {
      while (fake.requests.length) {
        const r = fake.requests.shift()!;
        process.stdout.write(`${r.method} ${r.path} ${r.json ? JSON.stringify(r.json) : `${r.body.length} bytes`}\n`);
      }
    }, 500);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    clearInterval(timer);
    await fake.close();
    return 0;
  },
};
