// `npx facturo xml <body.json>`: prints the signed XML Facturo would send to SUNAT for a POST /api/documents
// body, so anyone can inspect what we emit. The only place of the document feature that does I/O here: it reads
// the body and key files and the clock (today in America/Lima); the core stays pure.
import { readFileSync } from 'node:fs';
import {
  assignNumber,
  buildDocumentXml,
  filenameOf,
  prepareDocument,
  qrTextOf,
  type Issuer,
} from '../../core/index.ts';
import { signXml, type SignatureAlgorithm, type SigningKey } from '../../core/signing.ts';
import { generateSelfSignedCertificate, loadPem, loadPfx } from '../../crypto/certificates.ts';
import { limaTime, limaToday } from '../../pipeline/deps.ts';
import { runCommand, type CliCommand, type CliIo } from '../command.ts';
import { UsageError, type CommandSpec, type OptionValues } from '../options.ts';

const spec = {
  name: 'xml',
  summary: 'Imprime el XML firmado de un cuerpo de POST /api/documents (vista previa)',
  description: `Imprime el XML firmado (UBL 2.1) que Facturo emitiría para un cuerpo de POST /api/documents; el nombre
del archivo, el hash y el texto del QR van a la salida de errores. No abre la base de datos. Sin clave se firma
con un certificado de desarrollo generado al vuelo.`,
  positionals: [
    { name: '<cuerpo.json>', description: 'Cuerpo JSON de POST /api/documents; admite ${TODAY} y ${TODAY±N}' },
  ],
  options: {
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
    number: { type: 'integer', placeholder: 'N', default: 1, min: 1, description: 'Correlativo para "#"' },
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
  /** The current instant (the clock is read here, at the edge). */
  now: () => Date;
}

const defaultIo: XmlCommandIo = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  readText: (p) => readFileSync(p, 'utf8'),
  readBytes: (p) => readFileSync(p),
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
  return runCommand(spec, argv, io, async ({ options, positionals: [bodyPath] }) => {
    const today = options.today ?? limaToday(io.now());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today))
      throw new UsageError(`--today debe tener el formato AAAA-MM-DD (se recibió "${today}")`);
    if ((options.key === undefined) !== (options.cert === undefined))
      throw new UsageError('indique --key y --cert juntos (o --pfx con --password)');
    try {
      return preview(bodyPath, today, options, io);
    } catch (error) {
      const e = error as Error & { code?: string };
      io.stderr(`${e.code ? `${e.code}: ` : ''}${e.message}\n`);
      return 1;
    }
  });
}

function preview(bodyPath: string, today: string, options: XmlOptions, io: XmlCommandIo): number {
  const body = JSON.parse(substitutePlaceholders(io.readText(bodyPath), today));
  const issuer: Issuer = options.issuer !== undefined ? JSON.parse(io.readText(options.issuer)) : DEMO_ISSUER;
  // A body without hora_de_emision gets the current Lima time, as on the server; with --today the preview
  // stays reproducible (00:00:00).
  const timeNow = options.today === undefined ? limaTime(io.now()) : undefined;
  const prepared = prepareDocument(body, { today, timeNow, issuer, mode: options.mode });
  for (const w of prepared.warnings) io.stderr(`aviso ${w.code} ${w.path}: ${w.message}\n`);
  if (!prepared.ok) {
    for (const i of prepared.issues) {
      const figures = i.expected !== undefined ? ` (esperado ${i.expected}, recibido ${i.received})` : '';
      io.stderr(`error ${i.code} ${i.path || '(cuerpo)'}: ${i.message}${figures}\n`);
    }
    return 1;
  }
  let doc = prepared.document;
  if (doc.number === null) doc = assignNumber(doc, options.number);
  const affected = doc.note?.affectedDocument;
  if (affected && !affected.series) {
    // Resolving an external_id needs the database; the preview does not open one.
    io.stderr(
      'error: la vista previa no consulta la base de datos; envíe documento_afectado con serie_documento, numero_documento y codigo_tipo_documento.\n',
    );
    return 1;
  }
  const key = signingKey(options, issuer, io);
  const algorithm: SignatureAlgorithm = options.sha256 ? 'rsa-sha256' : 'rsa-sha1';
  const signed = signXml(
    buildDocumentXml(doc, issuer),
    { privateKeyPem: key.privateKeyPem, certificatePem: key.certificatePem },
    { algorithm, assumeCanonical: true },
  );
  io.stdout(signed.xml);
  io.stderr(
    `archivo: ${filenameOf(doc, issuer.ruc)}.xml\nhash: ${signed.digestValue}\nqr: ${qrTextOf(doc, issuer.ruc, signed.digestValue)}\n`,
  );
  return 0;
}

function signingKey(options: XmlOptions, issuer: Issuer, io: XmlCommandIo): SigningKey {
  const now = io.now();
  if (options.pfx !== undefined) return loadPfx(io.readBytes(options.pfx), options.password ?? '', { now });
  if (options.key !== undefined && options.cert !== undefined)
    return loadPem(`${io.readText(options.key)}\n${io.readText(options.cert)}`, { now });
  io.stderr('aviso: firmado con un certificado de desarrollo generado al vuelo (válido 1 día).\n');
  return generateSelfSignedCertificate({ ruc: issuer.ruc, name: issuer.razonSocial }, { now, days: 1 });
}

export const command: CliCommand = { spec, run: (argv) => runXml(argv) };
