// `npx facturo xml <body.json>…`: prints the signed XML Facturo would send to SUNAT for a POST /api/documents
// body, so anyone can inspect what we emit; with --out-dir it builds many bodies in one process, writes each XML
// there and prints one line per body. The only place of the document feature that does I/O here: it reads the
// body and key files, the clock (today in America/Lima) and writes the XML files; the core stays pure.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Issuer } from '../../core/index.ts';
import type { SigningKey } from '../../core/signing.ts';
import { limaTime, limaToday } from '../../pipeline/deps.ts';
import { runCommand, type CliCommand, type CliIo } from '../command.ts';
import { UsageError, type CommandSpec, type OptionValues } from '../options.ts';
import { previewDocument, signingKey, type PreviewSettings } from './xml-preview.ts';

const spec = {
  name: 'xml',
  summary: 'Imprime el XML firmado de un cuerpo de POST /api/documents (vista previa)',
  description: `Imprime el XML firmado (UBL 2.1) que Facturo emitiría para un cuerpo de POST /api/documents; el nombre
del archivo, el hash y el texto del QR van a la salida de errores. No abre la base de datos. Sin clave se firma
con un certificado de desarrollo generado al vuelo. Con --out-dir admite varios cuerpos: escribe cada XML en la
carpeta e imprime una línea por cuerpo (cuerpo → archivo, o el 422 con su código y ruta); termina con 1 si alguno
falló. Una carpeta vale por todos sus *.json, en orden de nombre (miles de cuerpos: npx no pasa tantos argumentos).`,
  positionals: [
    {
      name: '<cuerpo.json>',
      description:
        'Cuerpo JSON de POST /api/documents (o una carpeta: sus *.json); admite ${TODAY} y ${TODAY±N}; varios con --out-dir',
      variadic: true,
    },
  ],
  options: {
    'out-dir': {
      type: 'string',
      placeholder: '<carpeta>',
      description: 'Escribe cada XML firmado en esta carpeta (uno por cuerpo) en vez de la salida estándar',
      defaultText: 'salida estándar, un solo cuerpo',
    },
    key: {
      type: 'string',
      placeholder: '<key.pem>',
      description: 'Clave privada en PEM (con --cert)',
      defaultText: 'certificado de desarrollo',
    },
    cert: {
      type: 'string',
      placeholder: '<cert.pem>',
      description: 'Certificado en PEM (con --key)',
      defaultText: 'certificado de desarrollo',
    },
    pfx: {
      type: 'string',
      placeholder: '<archivo.pfx>',
      description: 'Certificado PKCS#12 (también el formato antiguo RC2/3DES)',
      defaultText: 'certificado de desarrollo',
    },
    password: { type: 'string', placeholder: '<clave>', description: 'Contraseña del PFX', defaultText: 'vacía' },
    today: {
      type: 'string',
      placeholder: 'AAAA-MM-DD',
      description: 'Fecha de "hoy"; reemplaza ${TODAY±N} del cuerpo',
      defaultText: 'la fecha actual en Lima',
    },
    issuer: {
      type: 'string',
      placeholder: '<emisor.json>',
      description: 'Emisor {ruc, razonSocial, address{…}}',
      defaultText: 'uno de demostración',
    },
    number: {
      type: 'integer',
      placeholder: 'N',
      default: 1,
      min: 1,
      description: 'Correlativo para "#" (con varios cuerpos, el primero de cada serie; los siguientes, N+1…)',
    },
    sha256: { type: 'boolean', description: 'Firma RSA-SHA256', defaultText: 'RSA-SHA1' },
    mode: {
      type: 'string',
      choices: ['demo', 'production'],
      default: 'demo',
      description: 'Modo SUNAT para las validaciones',
    },
  },
} as const satisfies CommandSpec;

type XmlOptions = OptionValues<typeof spec.options>;

const DEMO_ISSUER: Issuer = {
  ruc: '20000000001',
  razonSocial: 'EMPRESA DE DEMOSTRACION S.A.C.',
  nombreComercial: 'FACTURO DEMO',
  address: {
    ubigeo: '150101',
    codigoEstablecimiento: '0000',
    direccion: 'AV. EJEMPLO 123',
    urbanizacion: 'CERCADO',
    provincia: 'LIMA',
    departamento: 'LIMA',
    distrito: 'LIMA',
    codigoPais: 'PE',
  },
};

export interface XmlCommandIo extends CliIo {
  readText: (path: string) => string;
  readBytes: (path: string) => Buffer;
  /** The *.json files of a folder, sorted by name; null when the path is not a folder. */
  listJson: (path: string) => string[] | null;
  /** Writes a file, creating its folder. */
  writeText: (path: string, text: string) => void;
  /** The current instant (the clock is read here, at the edge). */
  now: () => Date;
}

const defaultIo: XmlCommandIo = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  readText: (p) => readFileSync(p, 'utf8'),
  readBytes: (p) => readFileSync(p),
  listJson: (p) => {
    if (!statSync(p, { throwIfNoEntry: false })?.isDirectory()) return null;
    return readdirSync(p)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(p, f));
  },
  writeText: (p, text) => {
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, text);
  },
  now: () => new Date(),
};

function shift(date: string, days: number): string {
  const t = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function substitutePlaceholders(text: string, today: string): string {
  return text.replace(/\$\{TODAY(?:([+-])(\d+))?\}/g, (_m, sign: string | undefined, n: string | undefined) =>
    sign ? shift(today, (sign === '+' ? 1 : -1) * Number(n)) : today,
  );
}

export function runXml(argv: string[], io: XmlCommandIo = defaultIo): Promise<number> {
  return runCommand(spec, argv, io, async ({ options, positionals }) => {
    const today = options.today ?? limaToday(io.now());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today))
      throw new UsageError(`--today debe tener el formato AAAA-MM-DD (se recibió "${today}")`);
    if ((options.key === undefined) !== (options.cert === undefined))
      throw new UsageError('indique --key y --cert juntos (o --pfx con --password)');
    // A folder stands for its *.json files: thousands of bodies in one argument (npx spawns its command through a
    // shell, and one argument string past 128 KB fails there with E2BIG before Facturo runs).
    const folders = positionals.map((p) => io.listJson(p));
    const bodies = positionals.flatMap((p, i) => folders[i] ?? [p]);
    const empty = positionals.find((_, i) => folders[i]?.length === 0);
    if (empty !== undefined) throw new UsageError(`la carpeta ${empty} no contiene archivos .json`);
    if (options['out-dir'] === undefined && bodies.length > 1)
      throw new UsageError('con varios cuerpos indique --out-dir <carpeta>');
    if (options['out-dir'] === undefined && folders.some(Boolean))
      throw new UsageError('con una carpeta de cuerpos indique --out-dir <carpeta>');
    try {
      const settings = previewSettings(options, today, io);
      return options['out-dir'] === undefined
        ? previewOne(bodies[0], settings, io)
        : previewMany(bodies, options['out-dir'], settings, io);
    } catch (error) {
      const e = error as Error & { code?: string };
      io.stderr(`${e.code ? `${e.code}: ` : ''}${e.message}\n`);
      return 1;
    }
  });
}

function previewSettings(options: XmlOptions, today: string, io: XmlCommandIo): PreviewSettings {
  const issuer: Issuer = options.issuer !== undefined ? JSON.parse(io.readText(options.issuer)) : DEMO_ISSUER;
  let key: SigningKey | undefined;
  return {
    issuer,
    today,
    // A body without hora_de_emision gets the current Lima time, as on the server; with --today the preview
    // stays reproducible (00:00:00).
    timeNow: options.today === undefined ? limaTime(io.now()) : undefined,
    mode: options.mode,
    firstNumber: options.number,
    algorithm: options.sha256 ? 'rsa-sha256' : 'rsa-sha1',
    // One key for every body: generating a development certificate costs more than building a document.
    key: () => {
      key ??= signingKey(options, issuer, io.now(), io);
      return key;
    },
  };
}

function readBody(path: string, today: string, io: XmlCommandIo): unknown {
  return JSON.parse(substitutePlaceholders(io.readText(path), today));
}

function previewOne(bodyPath: string, settings: PreviewSettings, io: XmlCommandIo): number {
  const result = previewDocument(readBody(bodyPath, settings.today, io), settings, () => settings.firstNumber);
  for (const w of result.warnings) io.stderr(`aviso ${w.code} ${w.path}: ${w.message}\n`);
  if (!result.ok) {
    for (const line of result.errors) io.stderr(`${line}\n`);
    return 1;
  }
  io.stdout(result.xml);
  io.stderr(`archivo: ${result.fileName}.xml\nhash: ${result.digest}\nqr: ${result.qr}\n`);
  return 0;
}

/** Many bodies, one process: each XML to `outDir`, one line per body on stdout; 1 when any failed. */
function previewMany(paths: string[], outDir: string, settings: PreviewSettings, io: XmlCommandIo): number {
  const nextNumber = new Map<string, number>();
  const numberFor = (series: string) => {
    const n = nextNumber.get(series) ?? settings.firstNumber;
    nextNumber.set(series, n + 1);
    return n;
  };
  let failed = 0;
  for (const path of paths) {
    const name = basename(path);
    try {
      const result = previewDocument(readBody(path, settings.today, io), settings, numberFor);
      for (const w of result.warnings) io.stderr(`${name}: aviso ${w.code} ${w.path}: ${w.message}\n`);
      if (!result.ok) {
        failed++;
        io.stdout(`${name} → 422 ${result.errors.join('; ')}\n`);
        continue;
      }
      io.writeText(join(outDir, `${result.fileName}.xml`), result.xml);
      io.stdout(`${name} → ${result.fileName}.xml\n`);
    } catch (error) {
      failed++;
      io.stdout(`${name} → error ${(error as Error).message}\n`);
    }
  }
  io.stderr(`${paths.length - failed} de ${paths.length} cuerpos generados en ${outDir}\n`);
  return failed > 0 ? 1 : 0;
}

export const command: CliCommand = { spec, run: (argv) => runXml(argv) };
