// `npx facturo smtp-fake --port 2525 --out DIR`: a local SMTP server that writes each message to DIR as a .eml
// file (src/mail/fake-smtp.ts), to develop and test e-mail without a real mail server.
import { resolve } from 'node:path';
import { startFakeSmtp } from '../../mail/fake-smtp.ts';
import { defineCommand } from '../command.ts';
import { untilSignalled } from '../signals.ts';

export const command = defineCommand(
  {
    name: 'smtp-fake',
    summary: 'Servidor SMTP local que guarda cada correo como .eml (para desarrollo)',
    description: `Acepta correo por SMTP sin autenticación (cualquier usuario y clave también sirven) y escribe cada
mensaje recibido como un archivo .eml en la carpeta indicada. Apunte SMTP_URL de la API a la URL que imprime.
Ctrl+C para detener.`,
    options: {
      port: {
        type: 'integer',
        placeholder: 'N',
        default: 2525,
        min: 0,
        max: 65535,
        description: 'Puerto; 0 = uno libre',
      },
      host: { type: 'string', placeholder: 'H', default: '127.0.0.1', description: 'Interfaz' },
      out: { type: 'string', placeholder: 'DIR', default: 'data/mail', description: 'Carpeta de los .eml' },
    },
  },
  async ({ options }) => {
    const outDir = resolve(options.out);
    const fake = await startFakeSmtp({ port: options.port, host: options.host, outDir });
    process.stdout.write(`SMTP simulado en ${fake.url} (SMTP_URL=${fake.url}); correos en ${outDir}\n`);
    let shown = 0;
    const timer = setInterval(() => {
      for (const file of fake.files.slice(shown)) process.stdout.write(`recibido ${file}\n`);
      shown = fake.files.length;
    }, 500);
    await untilSignalled();
    clearInterval(timer);
    await fake.close();
    return 0;
  },
);
