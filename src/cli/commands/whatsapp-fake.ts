// `npx facturo whatsapp-fake --port 8090`: the fake WhatsApp Cloud API for development (src/whatsapp/fake-cloud-api.ts).
import { startFakeCloudApi } from '../../whatsapp/fake-cloud-api.ts';
import { defineCommand } from '../command.ts';
import { untilSignalled } from '../signals.ts';

export const command = defineCommand(
  {
    name: 'whatsapp-fake',
    summary: 'API de WhatsApp Cloud simulada (registra los mensajes; para desarrollo)',
    description: `Sirve una API de WhatsApp Cloud simulada que acepta los envíos y los imprime, para desarrollar sin una
cuenta de Meta. Apunte WHATSAPP_API_URL de la API a la URL que imprime. Ctrl+C para detener.`,
    options: {
      port: {
        type: 'integer',
        placeholder: 'N',
        default: 8090,
        min: 0,
        max: 65535,
        description: 'Puerto; 0 = uno libre',
      },
      host: { type: 'string', placeholder: 'H', default: '127.0.0.1', description: 'Interfaz' },
    },
  },
  async ({ options }) => {
    const fake = await startFakeCloudApi({ port: options.port, host: options.host });
    process.stdout.write(`WhatsApp Cloud API simulada en ${fake.url} (WHATSAPP_API_URL=${fake.url})\n`);
    const timer = setInterval(() => {
      for (const r of fake.requests.splice(0)) {
        process.stdout.write(`${r.method} ${r.path} ${r.json ? JSON.stringify(r.json) : `${r.body.length} bytes`}\n`);
      }
    }, 500);
    await untilSignalled();
    clearInterval(timer);
    await fake.close();
    return 0;
  },
);
