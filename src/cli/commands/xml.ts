// `npx facturo xml <body.json>`: prints the signed XML Facturo would send to SUNAT for a POST /api/documents
// body, so anyone can inspect what we emit. The only place of the document feature that does I/O here: it reads
// the body and key files and the clock (today in America/Lima); the core stays pure.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
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
import type { CliCommand } from '../index.ts';

const USAGE = `Uso: facturo xml <cuerpo.json> [opciones]

Imprime el XML firmado (UBL 2.1) que Facturo emitiría para un cuerpo de POST /api/documents.
Sin clave se firma con un certificado de desarrollo generado al vuelo.

Opciones:
  --key <key.pem> --cert <cert.pem>   clave privada y certificado en PEM
  --pfx <archivo.pfx> --password <x>  certificado PKCS#12 (también el formato antiguo RC2/3DES)
  --today AAAA-MM-DD                  fecha de "hoy" (por defecto, la de Lima); reemplaza \${TODAY±N} del cuerpo
  --issuer <emisor.json>              emisor {ruc, razonSocial, address{…}} (por defecto, uno de demostración)
  --number <n>                        correlativo para "#" (por defecto 1)
  --sha256                            firma RSA-SHA256 en lugar de RSA-SHA1
  --mode demo|production              modo SUNAT para las validaciones (por defecto demo)
`;

export const DEMO_ISSUER: Issuer = {
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

export interface XmlCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readText: (path: string) => string;
  readBytes: (path: string) => Buffer;
  /** The current instant (the clock is read here, at the edge). */
  now: () => Date;
}

const defaultIo: XmlCommandIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readText: (p) => readFileSync(p, 'utf8'),
  readBytes: (p) => readFileSync(p),
  now: () => new Date(),
};

/** The calendar date in America/Lima (UTC−5, no daylight saving) for an instant. */
export function limaDate(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Lima',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function shift(date: string, days: number): string {
  const t = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function substitutePlaceholders(text: string, today: string): string {
  return text.replace(/\$\{TODAY(?:([+-])(\d+))?\}/g, (_m, sign: string | undefined, n: string | undefined) =>
    sign ? shift(today, (sign === '+' ? 1 : -1) * Number(n)) : today,
  );
}

export async function runXml(argv: string[], io: XmlCommandIo = defaultIo): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        key: { type: 'string' },
        cert: { type: 'string' },
        pfx: { type: 'string' },
        password: { type: 'string' },
        today: { type: 'string' },
        issuer: { type: 'string' },
        number: { type: 'string' },
        sha256: { type: 'boolean' },
        mode: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    io.stderr(USAGE);
    return 2;
  }
  const today = typeof values.today === 'string' ? values.today : limaDate(io.now());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) {
    io.stderr(`--today debe tener el formato AAAA-MM-DD (se recibió "${today}").\n`);
    return 2;
  }
  const mode = values.mode === 'production' ? 'production' : 'demo';
  if (values.mode !== undefined && values.mode !== 'demo' && values.mode !== 'production') {
    io.stderr('--mode debe ser demo o production.\n');
    return 2;
  }
  if ((values.key === undefined) !== (values.cert === undefined)) {
    io.stderr('Indique --key y --cert juntos (o --pfx con --password).\n');
    return 2;
  }

  try {
    const body = JSON.parse(substitutePlaceholders(io.readText(positionals[0]), today));
    const issuer: Issuer = typeof values.issuer === 'string' ? JSON.parse(io.readText(values.issuer)) : DEMO_ISSUER;

    const prepared = prepareDocument(body, { today, issuer, mode });
    for (const w of prepared.warnings) io.stderr(`aviso ${w.code} ${w.path}: ${w.message}\n`);
    if (!prepared.ok) {
      for (const i of prepared.issues) {
        const figures = i.expected !== undefined ? ` (esperado ${i.expected}, recibido ${i.received})` : '';
        io.stderr(`error ${i.code} ${i.path || '(cuerpo)'}: ${i.message}${figures}\n`);
      }
      return 1;
    }
    let doc = prepared.document;
    if (doc.number === null) doc = assignNumber(doc, typeof values.number === 'string' ? Number(values.number) : 1);
    const affected = doc.note?.affectedDocument;
    if (affected && !affected.series) {
      // Resolving an external_id needs the database; the preview does not open one.
      io.stderr(
        'error: la vista previa no consulta la base de datos; envíe documento_afectado con serie_documento, numero_documento y codigo_tipo_documento.\n',
      );
      return 1;
    }

    let key: SigningKey;
    const now = io.now();
    if (typeof values.pfx === 'string') {
      key = loadPfx(io.readBytes(values.pfx), typeof values.password === 'string' ? values.password : '', { now });
    } else if (typeof values.key === 'string' && typeof values.cert === 'string') {
      key = loadPem(`${io.readText(values.key)}\n${io.readText(values.cert)}`, { now });
    } else {
      key = generateSelfSignedCertificate({ ruc: issuer.ruc, name: issuer.razonSocial }, { now, days: 1 });
      io.stderr('aviso: firmado con un certificado de desarrollo generado al vuelo (válido 1 día).\n');
    }

    const algorithm: SignatureAlgorithm = values.sha256 ? 'rsa-sha256' : 'rsa-sha1';
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
  } catch (error) {
    const e = error as Error & { code?: string };
    io.stderr(`${e.code ? `${e.code}: ` : ''}${e.message}\n`);
    return 1;
  }
}

export const command: CliCommand = {
  summary: 'Imprime el XML firmado de un cuerpo de POST /api/documents (vista previa)',
  run: (argv) => runXml(argv),
};
