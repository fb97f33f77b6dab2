// `npx facturo sunat-simulator --port 8089`: runs the SUNAT simulator on its own (docs/sunat-simulator.md).
import { parseArgs } from 'node:util';
import type { CliCommand } from '../index.ts';
import { SUNAT_PATHS } from '../../sunat/endpoints.ts';

const USAGE = `Uso: facturo sunat-simulator [opciones]

  --port N                      Puerto (por defecto 8089; 0 = libre)
  --host H                      Interfaz (por defecto 127.0.0.1)
  --xsd-dir DIR                 Carpeta de XSD (por defecto ../shared/xsd junto al repositorio)
  --data-file FILE              Guarda lo registrado en un archivo JSON-lines (sobrevive reinicios)
  --rejections fault|cdr        Rechazos como SOAP Fault (beta, por defecto) o como CDR (producción)
  --summary-pending-polls N     Respuestas 98 antes del CDR de un resumen (por defecto 0)
  --issue-date-window-days N    Aplica el plazo de envío (2108/2329); por defecto no se aplica
  --user RUCUSUARIO:CLAVE       Acepta solo estos usuarios SOL (repetible); por defecto RUC+MODDATOS/moddatos
  --no-control                  No expone /__simulator (estadísticas, fallas)
`;

export const command: CliCommand = {
  summary: 'Simulador de los servicios SOAP de SUNAT (beta) en un puerto local',
  async run(argv) {
    let values;
    try {
      ({ values } = parseArgs({
        args: argv,
        options: {
          port: { type: 'string', default: '8089' },
          host: { type: 'string', default: '127.0.0.1' },
          'xsd-dir': { type: 'string' },
          'data-file': { type: 'string' },
          rejections: { type: 'string', default: 'fault' },
          'summary-pending-polls': { type: 'string', default: '0' },
          'issue-date-window-days': { type: 'string' },
          user: { type: 'string', multiple: true },
          'no-control': { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h', default: false },
        },
        strict: true,
      }));
    } catch (error) {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
      return 2;
    }
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const port = Number(values.port);
    const polls = Number(values['summary-pending-polls']);
    const window =
      values['issue-date-window-days'] === undefined ? undefined : Number(values['issue-date-window-days']);
    if (!Number.isInteger(port) || port < 0 || port > 65535) return fail(`--port inválido: ${values.port}`);
    if (values.rejections !== 'fault' && values.rejections !== 'cdr') return fail('--rejections debe ser fault o cdr');
    if (!Number.isInteger(polls) || polls < 0) return fail('--summary-pending-polls debe ser un entero ≥ 0');
    if (window !== undefined && !(Number.isInteger(window) && window >= 0))
      return fail('--issue-date-window-days debe ser un entero ≥ 0');
    const accounts = (values.user ?? []).map((u) => {
      const at = u.indexOf(':');
      return { username: u.slice(0, at), password: u.slice(at + 1) };
    });
    if (accounts.some((a) => !/^\d{11}\S+$/.test(a.username) || !a.password))
      return fail('--user debe tener la forma RUCUSUARIO:CLAVE');

    // Loaded here so `facturo help` does not pay for Fastify, libxml2 and the XSD set.
    const { startSunatSimulator } = await import('../../sunat/simulator/server.ts');
    const running = await startSunatSimulator({
      port,
      host: values.host,
      xsdDir: values['xsd-dir'],
      dataFile: values['data-file'],
      rejectionStyle: values.rejections,
      summaryPendingPolls: polls,
      issueDateWindowDays: window,
      credentials: accounts.length ? { kind: 'accounts', accounts } : { kind: 'beta' },
      control: !values['no-control'],
    });
    process.stdout.write(
      `Simulador SUNAT escuchando en ${running.url}\n` +
        `  facturas/boletas/notas: ${running.url}${SUNAT_PATHS.invoicesBeta}\n` +
        `  percepciones/retenciones: ${running.url}${SUNAT_PATHS.otrosCpeBeta}\n` +
        `  consulta CDR: ${running.url}${SUNAT_PATHS.consult}\n` +
        (values['no-control'] ? '' : `  estadísticas: ${running.url}/__simulator/stats\n`) +
        `Use SUNAT_MODE=simulator SUNAT_SIMULATOR_URL=${running.url} en la API. Ctrl+C para detener.\n`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await running.close();
    return 0;
  },
};

function fail(message: string): number {
  process.stderr.write(`${message}\n\n${USAGE}`);
  return 2;
}
