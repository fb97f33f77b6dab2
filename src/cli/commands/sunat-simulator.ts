// `npx facturo sunat-simulator --port 8089`: runs the SUNAT simulator on its own (docs/sunat-simulator.md).
import { SUNAT_PATHS } from '../../sunat/endpoints.ts';
import { defineCommand } from '../command.ts';
import { UsageError } from '../options.ts';
import { untilSignalled } from '../signals.ts';

export const command = defineCommand(
  {
    name: 'sunat-simulator',
    summary: 'Simulador de los servicios SOAP de SUNAT (beta) en un puerto local',
    description: `Sirve en un puerto local los servicios SOAP de SUNAT (beta): sendBill, sendSummary, getStatus y la
consulta de CDR, con validación XSD y de firma; y sus API REST: tokens OAuth2 y la consulta de validez. La API lo
usa con SUNAT_MODE=simulator. Ctrl+C para detener.`,
    options: {
      port: {
        type: 'integer',
        placeholder: 'N',
        default: 8089,
        min: 0,
        max: 65535,
        description: 'Puerto; 0 = uno libre',
      },
      host: { type: 'string', placeholder: 'H', default: '127.0.0.1', description: 'Interfaz' },
      'xsd-dir': {
        type: 'string',
        placeholder: 'DIR',
        description: 'Carpeta de XSD',
        defaultText: 'assets/sunat/xsd del repositorio',
      },
      'data-file': {
        type: 'string',
        placeholder: 'FILE',
        description: 'Guarda lo registrado en un archivo JSON-lines (sobrevive reinicios)',
        defaultText: 'solo en memoria',
      },
      rejections: {
        type: 'string',
        choices: ['fault', 'cdr'],
        default: 'fault',
        description: 'Rechazos como SOAP Fault (beta) o como CDR (producción)',
      },
      'summary-pending-polls': {
        type: 'integer',
        placeholder: 'N',
        default: 0,
        min: 0,
        description: 'Respuestas 98 (en proceso) antes del CDR de un resumen',
      },
      'summary-pending-ms': {
        type: 'integer',
        placeholder: 'MS',
        default: 0,
        min: 0,
        description: 'Milisegundos tras sendSummary en que getStatus responde 98 (en proceso)',
      },
      'issue-date-window-days': {
        type: 'integer',
        placeholder: 'N',
        min: 0,
        description: 'Aplica el plazo de envío (2108/2329)',
        defaultText: 'no se aplica',
      },
      user: {
        type: 'string',
        placeholder: 'RUCUSUARIO:CLAVE',
        multiple: true,
        description: 'Acepta solo estos usuarios SOL',
        defaultText: 'cualquier RUC con MODDATOS/moddatos',
      },
      'api-client': {
        type: 'string',
        placeholder: 'ID:CLAVE',
        multiple: true,
        description: 'Acepta solo estas credenciales de API SUNAT (tokens OAuth2)',
        defaultText: 'cualquier ID con la clave moddatos',
      },
      fast: {
        type: 'boolean',
        description: 'Sustituto rápido para pruebas de carga: sin XSD, firma ni reglas; acepta todo con un CDR firmado',
        defaultText: 'simulador completo',
      },
      'no-control': {
        type: 'boolean',
        description: 'No expone /__simulator (estadísticas, fallas)',
        defaultText: 'lo expone',
      },
    },
  },
  async ({ options }) => {
    const accounts = options.user.map(account);
    const clients = options['api-client'].map(apiClient);
    // Loaded here so the rest of the CLI does not pay for Fastify, libxml2 and the XSD set.
    const { startSunatSimulator } = await import('../../simulator/server.ts');
    const running = await startSunatSimulator({
      port: options.port,
      host: options.host,
      xsdDir: options['xsd-dir'],
      dataFile: options['data-file'],
      rejectionStyle: options.rejections,
      summaryPendingPolls: options['summary-pending-polls'],
      summaryPendingMs: options['summary-pending-ms'],
      issueDateWindowDays: options['issue-date-window-days'],
      credentials: accounts.length ? { kind: 'accounts', accounts } : { kind: 'beta' },
      control: !options['no-control'],
      fast: options.fast,
      apiClients: clients.length ? { kind: 'clients', clients } : { kind: 'beta' },
    });
    process.stdout.write(banner(running.url, !options['no-control'], options.fast));
    await untilSignalled();
    await running.close();
    return 0;
  },
);

function account(text: string): { username: string; password: string } {
  const at = text.indexOf(':');
  const result = { username: text.slice(0, at), password: text.slice(at + 1) };
  if (at < 0 || !/^\d{11}\S+$/.test(result.username) || !result.password)
    throw new UsageError(`--user debe tener la forma RUCUSUARIO:CLAVE (se recibió "${text}")`);
  return result;
}

function apiClient(text: string): { clientId: string; clientSecret: string } {
  const at = text.indexOf(':');
  const result = { clientId: text.slice(0, at), clientSecret: text.slice(at + 1) };
  if (at < 1 || !result.clientSecret)
    throw new UsageError(`--api-client debe tener la forma ID:CLAVE (se recibió "${text}")`);
  return result;
}

function banner(url: string, control: boolean, fast: boolean): string {
  return (
    `Simulador SUNAT${fast ? ' (rápido: sin XSD, firma ni reglas)' : ''} escuchando en ${url}\n` +
    `  facturas/boletas/notas: ${url}${SUNAT_PATHS.invoicesBeta}\n` +
    `  percepciones/retenciones: ${url}${SUNAT_PATHS.otrosCpeBeta}\n` +
    `  consulta CDR: ${url}${SUNAT_PATHS.consult}\n` +
    `  tokens y consulta de validez: ${url}/v1/…\n` +
    (control ? `  estadísticas: ${url}/__simulator/stats\n` : '') +
    `Use SUNAT_MODE=simulator SUNAT_SIMULATOR_URL=${url} en la API. Ctrl+C para detener.\n`
  );
}
