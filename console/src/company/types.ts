// The API's answers the company console reads (their OpenAPI schemas: Company, DocumentList, DocumentDetail…).
import type { SessionBase } from '../ui/app.tsx';

export interface CompanySession extends SessionBase {
  company: { ruc: string; name: string; subdomain: string };
}

export interface Series {
  codigo_tipo_documento: string;
  serie: string;
  ultimo_numero: number;
  contingencia: boolean;
}

/** A row of GET /api/series: the series with the establishment it issues from. */
export interface SeriesRow extends Series {
  registrada: boolean;
  codigo_establecimiento: string;
}

/** OpenAPI schema Establishment (GET /api/establishments). */
export interface Establishment {
  codigo: string;
  nombre: string;
  direccion: string;
  ubigeo: string;
  departamento: string;
  provincia: string;
  distrito: string;
  urbanizacion: string | null;
  codigo_pais: string;
  telefono: string | null;
  correo_electronico: string | null;
  activo: boolean;
}

export interface Company {
  ruc: string;
  razon_social: string;
  nombre_comercial: string | null;
  direccion: {
    ubigeo: string;
    codigo_establecimiento: string;
    direccion: string;
    urbanizacion: string | null;
    provincia: string;
    departamento: string;
    distrito: string;
    codigo_pais: string;
  };
  email: string | null;
  telefono: string | null;
  modo_sunat: 'demo' | 'beta' | 'production';
  sol: { usuario: string | null; propio: boolean };
  tiene_logo: boolean;
  envio_de_boletas: 'individual' | 'resumen_diario';
  pdf: { formato: 'a4' | 'ticket'; pie_de_pagina: string | null };
  smtp: {
    configurado: boolean;
    host: string | null;
    port: number | null;
    secure: boolean;
    usuario: string | null;
    remitente: string | null;
    tiene_clave: boolean;
  };
  certificado: {
    sujeto: string | null;
    vence: string | null;
    dias_restantes: number | null;
    advertencia: string | null;
    autofirmado: boolean | null;
  };
  series: Series[];
}

export interface ListRow {
  id: number;
  external_id: string;
  document_type_id: string;
  document_type_description: string;
  number: string;
  date_of_issue: string;
  customer_number: string;
  customer_name: string;
  currency_type_id: string;
  total: string;
  state_type_id: string;
  state_type_description: string;
}

export interface DocumentDetail {
  id: number;
  external_id: string;
  number: string;
  filename: string;
  document_type_id: string;
  document_type_description: string;
  group: 'invoice' | 'receipt' | 'other';
  date_of_issue: string;
  time_of_issue: string;
  customer: { identity_document_type_id: string; number: string; name: string; email: string | null };
  currency_type_id: string;
  totals: Record<'taxed' | 'exonerated' | 'unaffected' | 'exportation' | 'free' | 'igv' | 'total', string>;
  state_type_id: string;
  state_type_description: string;
  response: { code: string; description: string; notes: string[] } | null;
  sending: {
    attempts: number;
    next_attempt_at: string | null;
    last_error: string | null;
    hold: string | null;
    in_open_summary: boolean;
  };
  hash: string | null;
  history: Array<{ from_state: string | null; to_state: string; actor: string; reason: string | null; at: string }>;
  summaries: Array<{
    kind: string;
    identifier: string;
    external_id: string;
    state: string;
    ticket: string | null;
    reason: string | null;
  }>;
  emails: Array<{
    id: string;
    to: string[];
    status: string;
    attempts: number;
    last_error: string | null;
    created_at: string;
    sent_at: string | null;
  }>;
  links: { xml: string; pdf: string; pdf_ticket: string; cdr: string };
}

export interface SummaryRow {
  external_id: string;
  kind: string;
  identifier: string;
  generated_on: string;
  reference_date: string;
  process_code: string | null;
  state: string;
  ticket: string | null;
  response: { code: string; description: string; notes: string[] } | null;
  last_error: string | null;
  documents: Array<{ external_id: string; number: string; document_type_id: string; reason: string | null }>;
  links: { xml: string; cdr: string };
}

/** OpenAPI schema Webhook (GET /api/webhooks); the secret comes only in the creation's answer. */
export interface Webhook {
  id: number;
  url: string;
  eventos: string[];
  activo: boolean;
  motivo_desactivacion: string | null;
  fallos_consecutivos: number;
  created_at: string;
}

/** A row of GET /api/webhooks/{id}/deliveries, its attempts newest first. */
export interface WebhookDelivery {
  id: number;
  event_id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  intentos: Array<{
    attempt: number;
    status_code: number | null;
    duration_ms: number;
    response: string;
    error: string | null;
    next_attempt_at: string | null;
    created_at: string;
  }>;
}
