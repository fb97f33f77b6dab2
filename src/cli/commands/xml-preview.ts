// One body → its signed XML, for `facturo xml`: the core prepares and builds it, the CLI only signs it with the key
// it was given (or a development one) and says what was wrong in Spanish, one line per issue.
import {
  assignNumber,
  buildDocumentXml,
  filenameOf,
  prepareDocument,
  qrTextOf,
  type Issuer,
} from '../../core/index.ts';
import type { Issue, Warning } from '../../core/issues.ts';
import { signXml, type SignatureAlgorithm, type SigningKey } from '../../core/signing.ts';
import { generateSelfSignedCertificate, loadPem, loadPfx } from '../../crypto/certificates.ts';
import type { CliIo } from '../command.ts';

export interface PreviewSettings {
  issuer: Issuer;
  today: string;
  timeNow: string | undefined;
  mode: 'demo' | 'production';
  /** The number given to a "#" body (the first of its series in a batch). */
  firstNumber: number;
  algorithm: SignatureAlgorithm;
  key: () => SigningKey;
}

export type PreviewResult =
  | { ok: true; warnings: Warning[]; fileName: string; xml: string; digest: string; qr: string }
  | { ok: false; warnings: Warning[]; errors: string[] };

/** Prepares, numbers (`numberFor(series)` for "#"), builds and signs one body. */
export function previewDocument(
  body: unknown,
  settings: PreviewSettings,
  numberFor: (series: string) => number,
): PreviewResult {
  const { issuer, today, timeNow, mode } = settings;
  const prepared = prepareDocument(body, { today, timeNow, issuer, mode });
  const warnings = prepared.warnings;
  if (!prepared.ok) return { ok: false, warnings, errors: prepared.issues.map(issueLine) };
  let doc = prepared.document;
  if (doc.number === null) doc = assignNumber(doc, numberFor(doc.series));
  const affected = doc.note?.affectedDocument;
  if (affected && !affected.series) {
    // Resolving an external_id needs the database; the preview does not open one.
    const why =
      'la vista previa no consulta la base de datos; envíe documento_afectado con serie_documento, numero_documento y codigo_tipo_documento.';
    return { ok: false, warnings, errors: [`error: ${why}`] };
  }
  const key = settings.key();
  const signed = signXml(
    buildDocumentXml(doc, issuer),
    { privateKeyPem: key.privateKeyPem, certificatePem: key.certificatePem },
    { algorithm: settings.algorithm, assumeCanonical: true },
  );
  return {
    ok: true,
    warnings,
    fileName: filenameOf(doc, issuer.ruc),
    xml: signed.xml,
    digest: signed.digestValue,
    qr: qrTextOf(doc, issuer.ruc, signed.digestValue),
  };
}

/** `error <code> <path>: <message> (esperado …, recibido …)` — the 422's item, as the API would answer it. */
export function issueLine(i: Issue): string {
  const figures = i.expected !== undefined ? ` (esperado ${i.expected}, recibido ${i.received})` : '';
  return `error ${i.code} ${i.path || '(cuerpo)'}: ${i.message}${figures}`;
}

export interface KeyFiles {
  pfx?: string;
  password?: string;
  key?: string;
  cert?: string;
}

export function signingKey(
  files: KeyFiles,
  issuer: Issuer,
  now: Date,
  io: CliIo & { readText: (p: string) => string; readBytes: (p: string) => Buffer },
): SigningKey {
  if (files.pfx !== undefined) return loadPfx(io.readBytes(files.pfx), files.password ?? '', { now });
  if (files.key !== undefined && files.cert !== undefined)
    return loadPem(`${io.readText(files.key)}\n${io.readText(files.cert)}`, { now });
  io.stderr('aviso: firmado con un certificado de desarrollo generado al vuelo (válido 1 día).\n');
  return generateSelfSignedCertificate({ ruc: issuer.ruc, name: issuer.razonSocial }, { now, days: 1 });
}
