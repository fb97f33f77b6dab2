// The e-mail of a document, in Spanish: subject "Factura electrónica F001-123 — RAZÓN SOCIAL", an HTML body with
// the company's logo inline (cid) and a plain-text twin, and the files: PDF, signed XML and — once SUNAT accepted
// the document — its CDR. Built from values only, so the same document always gives the same message.
import type { MailAttachment, MailMessage } from '../../mail/smtp-client.ts';
import { logoMimeType } from '../../tenancy/logo.ts';

const TYPE_NAMES: Record<string, string> = {
  '01': 'Factura electrónica',
  '03': 'Boleta de venta electrónica',
  '07': 'Nota de crédito electrónica',
  '08': 'Nota de débito electrónica',
  '04': 'Liquidación de compra electrónica',
  '09': 'Guía de remisión remitente electrónica',
  '31': 'Guía de remisión transportista electrónica',
  '20': 'Comprobante de retención electrónico',
  '40': 'Comprobante de percepción electrónico',
};

/** Dispatch guides move goods: their message names no amount. */
const GUIDE_TYPES = new Set(['09', '31']);

export const LOGO_CID = 'logo@facturo';

export interface EmailCompany {
  ruc: string;
  razonSocial: string;
  nombreComercial: string | null;
  email: string | null;
  telefono: string | null;
  logoBase64: string | null;
}

export interface EmailDocument {
  documentType: string;
  serie: string;
  number: number;
  filename: string;
  /** YYYY-MM-DD */
  issueDate: string;
  currency: string;
  total: string;
  customerName: string;
}

export interface EmailFiles {
  pdf: Buffer;
  xml: Buffer;
  /** SUNAT's CDR zip, attached only for an accepted (or observed) document. */
  cdr: Buffer | null;
}

export function subjectOf(company: Pick<EmailCompany, 'razonSocial'>, doc: EmailDocument): string {
  return `${TYPE_NAMES[doc.documentType] ?? 'Comprobante electrónico'} ${doc.serie}-${doc.number} — ${company.razonSocial}`;
}

/** 2026-11-24 → 24/11/2026, as Peruvian documents print dates. */
function limaDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function lines(company: EmailCompany, doc: EmailDocument, withCdr: boolean): string[] {
  const name = TYPE_NAMES[doc.documentType] ?? 'Comprobante electrónico';
  return [
    `Estimado(a) ${doc.customerName}:`,
    `${company.razonSocial} (RUC ${company.ruc}) le envía su ${name.toLowerCase()} ${doc.serie}-${doc.number}, ` +
      `de fecha ${limaDate(doc.issueDate)}${GUIDE_TYPES.has(doc.documentType) ? '' : `, por ${doc.currency} ${doc.total}`}.`,
    withCdr
      ? 'Adjuntamos la representación impresa (PDF), el XML firmado y la constancia de recepción de SUNAT (CDR).'
      : 'Adjuntamos la representación impresa (PDF) y el XML firmado.',
    'Este es un mensaje automático; para cualquier consulta responda a este correo o comuníquese con nosotros.',
  ];
}

function contact(company: EmailCompany): string {
  return [company.nombreComercial ?? company.razonSocial, company.telefono, company.email].filter(Boolean).join(' · ');
}

function htmlOf(company: EmailCompany, doc: EmailDocument, withCdr: boolean, withLogo: boolean): string {
  const logo = withLogo
    ? `<p><img src="cid:${LOGO_CID}" alt="${escapeHtml(company.razonSocial)}" style="max-height:80px"></p>`
    : '';
  const paragraphs = lines(company, doc, withCdr)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(subjectOf(company, doc))}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
${logo}
${paragraphs}
<p style="color:#666;font-size:12px">${escapeHtml(contact(company))}</p>
</body></html>`;
}

function logoAttachment(company: EmailCompany): MailAttachment | null {
  if (!company.logoBase64) return null;
  const content = Buffer.from(company.logoBase64, 'base64');
  const contentType = logoMimeType(content);
  if (!contentType) return null;
  const filename = contentType === 'image/png' ? 'logo.png' : 'logo.jpg';
  return { filename, content, contentType, cid: LOGO_CID };
}

export function buildEmail(company: EmailCompany, doc: EmailDocument, files: EmailFiles, to: string[]): MailMessage {
  const logo = logoAttachment(company);
  const attachments: MailAttachment[] = [
    { filename: `${doc.filename}.pdf`, content: files.pdf, contentType: 'application/pdf' },
    { filename: `${doc.filename}.xml`, content: files.xml, contentType: 'application/xml' },
  ];
  if (files.cdr)
    attachments.push({ filename: `R-${doc.filename}.zip`, content: files.cdr, contentType: 'application/zip' });
  if (logo) attachments.push(logo);
  return {
    to,
    ...(company.email ? { replyTo: company.email } : {}),
    subject: subjectOf(company, doc),
    text: `${lines(company, doc, files.cdr !== null).join('\n\n')}\n\n${contact(company)}\n`,
    html: htmlOf(company, doc, files.cdr !== null, logo !== null),
    attachments,
  };
}
