// How the console writes what the API gives: Peruvian Spanish, Lima's calendar, SUNAT's names for codes.

export const DOCUMENT_TYPES: Record<string, string> = {
  '01': 'Factura',
  '03': 'Boleta de venta',
  '04': 'Liquidación de compra',
  '07': 'Nota de crédito',
  '08': 'Nota de débito',
  '09': 'Guía de remisión remitente',
  '20': 'Comprobante de retención',
  '31': 'Guía de remisión transportista',
  '40': 'Comprobante de percepción',
};

/** FacturadorPro's state codes and names, the server's own table (bundled, not fetched). */
export { STATE_DESCRIPTIONS as STATES } from '../../../src/pipeline/states.ts';

/** The badge's tone of a state: ok, warn, bad, muted. */
export function stateTone(state: string): string {
  if (state === '05') return 'ok';
  if (state === '07' || state === '13' || state === '03') return 'warn';
  if (state === '09') return 'bad';
  return 'muted';
}

export const SUMMARY_KINDS: Record<string, string> = {
  RA: 'Comunicación de baja',
  RC: 'Resumen diario',
  RR: 'Resumen de reversiones',
};

export const SUMMARY_STATES: Record<string, { label: string; tone: string }> = {
  sending: { label: 'Enviando', tone: 'muted' },
  pending: { label: 'En proceso en SUNAT', tone: 'warn' },
  accepted: { label: 'Aceptado', tone: 'ok' },
  rejected: { label: 'Rechazado', tone: 'bad' },
};

const money = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: string | number, currency = 'PEN'): string {
  let format = money.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('es-PE', { style: 'currency', currency, minimumFractionDigits: 2 });
    money.set(currency, format);
  }
  return format.format(Number(amount));
}

const dateTime = new Intl.DateTimeFormat('es-PE', {
  timeZone: 'America/Lima',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** An ISO instant in Lima's local time. */
export function formatInstant(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** `2026-03-09` → `09/03/2026`. */
export function formatDate(day: string | null | undefined): string {
  if (!day) return '—';
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** Today in Lima, AAAA-MM-DD (the API's calendar). */
export function limaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(now);
}

/** `days` before `day` (AAAA-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** Who changed a document's state, as the history stores it. */
export function actorLabel(actor: string): string {
  if (actor === 'sunat') return 'SUNAT';
  if (actor === 'worker') return 'Proceso de fondo';
  if (actor === 'system') return 'Sistema';
  if (actor.startsWith('user:')) return `Usuario ${actor.slice(5)}`;
  return actor;
}

/**
 * A download link of the API as a path on the page's own origin: the API writes its links with PUBLIC_URL (what an
 * ERP is told), while the console is always on the company's host already.
 */
export function localLink(link: string): string {
  if (!link) return '';
  const url = new URL(link, window.location.href);
  return `${url.pathname}${url.search}`;
}
