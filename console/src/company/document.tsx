// A document's page: its numbers and customer, SUNAT's answer, the state history, the summaries that carry it, its
// e-mails and downloads (GET /api/documents/detail/{id}) — and what can be done with it now: send it, void it
// (comunicación de baja for facturas and their notes, resumen diario for boletas, reversión for retentions and
// perceptions), declare it in the day's resumen diario, e-mail it. Each action is the API's own endpoint.
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import {
  actorLabel,
  formatDate,
  formatInstant,
  formatMoney,
  localLink,
  STATES,
  stateTone,
  SUMMARY_KINDS,
} from '../lib/format.ts';
import { useLoad, useSubmit } from '../lib/hooks.ts';
import { href } from '../lib/router.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Alert, Badge, Done, ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Button, Field, Form } from '../ui/form.tsx';
import { Page, Section } from '../ui/shell.tsx';
import { Table } from '../ui/table.tsx';
import type { DocumentDetail } from './types.ts';

type Action = 'send' | 'void' | 'declare' | 'email';

const SEND_PATHS: Record<string, string> = {
  '04': '/api/purchase-settlements/send',
  '09': '/api/dispatches/send',
  '20': '/api/retentions/send',
  '31': '/api/dispatches/send',
  '40': '/api/perceptions/send',
};
const GUIDE_TYPES = new Set(['09', '31']);
const REVERSION_PATHS: Record<string, string> = { '20': '/api/retentions/voided', '40': '/api/perceptions/voided' };

function voidLabel(doc: DocumentDetail): string {
  if (doc.group === 'invoice') return 'Anular (comunicación de baja)';
  if (doc.group === 'receipt') return 'Anular por resumen diario';
  return 'Revertir (resumen de reversiones)';
}

/** What the document's state and kind allow; the API still decides (and says why not). */
function actionsOf(doc: DocumentDetail): Action[] {
  const actions: Action[] = [];
  const state = doc.state_type_id;
  if (state === '01' && !doc.sending.hold && !doc.sending.in_open_summary) actions.push('send');
  if (state === '01' && doc.group === 'receipt' && !doc.sending.in_open_summary) actions.push('declare');
  // A liquidación de compra (04) has no voiding route: no button that would post nowhere. Guides (09, 31) are not
  // voided by a summary: SUNAT's GRE has no baja by RA, RC or RR.
  const voidable =
    (doc.group !== 'other' || REVERSION_PATHS[doc.document_type_id] !== undefined) &&
    !GUIDE_TYPES.has(doc.document_type_id);
  if ((state === '05' || state === '07') && voidable) actions.push('void');
  actions.push('email');
  return actions;
}

function voidRequest(doc: DocumentDetail, reason: string): [string, unknown] {
  const documentos = [{ external_id: doc.external_id, motivo_anulacion: reason }];
  const fecha = doc.date_of_issue;
  if (doc.group === 'invoice') return ['/api/voided', { fecha_de_emision_de_documentos: fecha, documentos }];
  if (doc.group === 'receipt')
    return ['/api/summaries', { fecha_de_emision_de_documentos: fecha, codigo_tipo_proceso: '3', documentos }];
  return [REVERSION_PATHS[doc.document_type_id], { fecha_de_emision_de_documentos: fecha, documentos }];
}

function VoidDialog({ doc, onClose, onDone }: { doc: DocumentDetail; onClose(): void; onDone(m: string): void }) {
  const [reason, setReason] = useState('');
  const submit = useSubmit(async () => {
    const [path, body] = voidRequest(doc, reason);
    const res = await api.post<{ data: { ticket: string | null } }>(path, body);
    const ticket = res.data.ticket ? ` Ticket de SUNAT: ${res.data.ticket}.` : '';
    onDone(`Anulación enviada: el comprobante queda por anular hasta que SUNAT la acepte.${ticket}`);
    return null;
  });
  return (
    <Dialog title={`${voidLabel(doc)} ${doc.number}`} onClose={onClose}>
      <ErrorAlert error={submit.error} />
      <Form onSubmit={() => submit.run()}>
        <Field
          label="Motivo de la anulación"
          name="motivo_anulacion"
          path="documentos.0.motivo_anulacion"
          value={reason}
          onValue={setReason}
          required
          minLength={3}
          maxLength={100}
          error={submit.error}
          hint="Entre 3 y 100 caracteres; va a SUNAT."
        />
        <div class="form-actions">
          <Button type="submit" variant="danger" busy={submit.busy}>
            Anular
          </Button>
          <Button onClick={onClose}>Cancelar</Button>
        </div>
      </Form>
    </Dialog>
  );
}

function EmailDialog({ doc, onClose, onDone }: { doc: DocumentDetail; onClose(): void; onDone(m: string): void }) {
  const [email, setEmail] = useState(doc.customer.email ?? '');
  const submit = useSubmit(async () => {
    await api.post('/api/document/email', { external_id: doc.external_id, email });
    onDone(`El correo a ${email} se enviará en breve.`);
    return null;
  });
  return (
    <Dialog title={`Enviar ${doc.number} por correo`} onClose={onClose}>
      <ErrorAlert error={submit.error} />
      <Form onSubmit={() => submit.run()}>
        <Field
          label="Correo(s) del destinatario"
          name="email"
          type="text"
          inputMode="email"
          value={email}
          onValue={setEmail}
          required
          error={submit.error}
          hint="Varios separados por comas. Lleva el PDF, el XML y el CDR si SUNAT lo aceptó."
        />
        <div class="form-actions">
          <Button type="submit" variant="primary" busy={submit.busy}>
            Enviar correo
          </Button>
          <Button onClick={onClose}>Cancelar</Button>
        </div>
      </Form>
    </Dialog>
  );
}

function Actions({ doc, reload }: { doc: DocumentDetail; reload(): void }) {
  const [open, setOpen] = useState<Action | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const finished = (m: string) => {
    setOpen(null);
    setMessage(m);
    reload();
  };
  const send = useSubmit(async () => {
    const res = await api.post<{ data: { state_type_description: string } }>(
      SEND_PATHS[doc.document_type_id] ?? '/api/documents/send',
      { external_id: doc.external_id },
    );
    reload();
    return `Enviado: ${res.data.state_type_description}.`;
  });
  const declare = useSubmit(async () => {
    const res = await api.post<{ data: { ticket: string | null } }>('/api/summaries', {
      fecha_de_emision_de_documentos: doc.date_of_issue,
      codigo_tipo_proceso: '1',
    });
    reload();
    return `Resumen diario del ${formatDate(doc.date_of_issue)} enviado${res.data.ticket ? ` (ticket ${res.data.ticket})` : ''}.`;
  });
  const actions = actionsOf(doc);
  return (
    <div class="actions">
      <div class="button-row">
        {actions.includes('send') && (
          <Button variant="primary" busy={send.busy} onClick={() => send.run()}>
            Enviar a SUNAT
          </Button>
        )}
        {actions.includes('declare') && (
          <Button busy={declare.busy} onClick={() => declare.run()}>
            Declarar en el resumen diario del {formatDate(doc.date_of_issue)}
          </Button>
        )}
        {actions.includes('void') && (
          <Button variant="danger" onClick={() => setOpen('void')}>
            {voidLabel(doc)}
          </Button>
        )}
        <Button onClick={() => setOpen('email')}>Enviar por correo</Button>
      </div>
      <ErrorAlert error={send.error ?? declare.error} />
      <Done message={message ?? send.done ?? declare.done} />
      {open === 'void' && <VoidDialog doc={doc} onClose={() => setOpen(null)} onDone={finished} />}
      {open === 'email' && <EmailDialog doc={doc} onClose={() => setOpen(null)} onDone={finished} />}
    </div>
  );
}

function Downloads({ doc }: { doc: DocumentDetail }) {
  const base = doc.filename;
  return (
    <ul class="downloads">
      <li>
        <a href={localLink(doc.links.pdf)} download={`${base}.pdf`}>
          PDF (A4)
        </a>
      </li>
      <li>
        <a href={localLink(doc.links.pdf_ticket)} download={`${base}-ticket.pdf`}>
          PDF (ticket 80 mm)
        </a>
      </li>
      <li>
        <a href={localLink(doc.links.xml)} download={`${base}.xml`}>
          XML firmado
        </a>
      </li>
      <li>
        {doc.links.cdr ? (
          <a href={localLink(doc.links.cdr)} download={`R-${base}.zip`}>
            CDR de SUNAT
          </a>
        ) : (
          <span class="muted">CDR: aún no hay</span>
        )}
      </li>
    </ul>
  );
}

function SunatAnswer({ doc }: { doc: DocumentDetail }) {
  const { response, sending } = doc;
  return (
    <Section title="Respuesta de SUNAT">
      {response ? (
        <>
          <p>
            <strong>Código {response.code}:</strong> {response.description}
          </p>
          {response.notes.length > 0 && (
            <ul class="notes">
              {response.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p class="muted">SUNAT aún no respondió.</p>
      )}
      {sending.hold && <Alert tone="warn">No se reenvía automáticamente ({sending.hold}).</Alert>}
      {sending.last_error && doc.state_type_id === '01' && (
        <p class="hint">
          Intentos: {sending.attempts}. Último error: {sending.last_error}
          {sending.next_attempt_at ? ` Próximo intento: ${formatInstant(sending.next_attempt_at)}.` : ''}
        </p>
      )}
    </Section>
  );
}

export function DocumentPage({ id }: { id: string }) {
  const loaded = useLoad(() => api.get<{ data: DocumentDetail }>(`/api/documents/detail/${id}`), [id]);
  if (loaded.loading && !loaded.data) return <Loading what="Cargando el comprobante" />;
  if (!loaded.data)
    return (
      <Page title="Comprobante">
        <ErrorAlert error={loaded.error} />
        <a href={href('/comprobantes')}>Volver a comprobantes</a>
      </Page>
    );
  const doc = loaded.data.data;
  const totals: Array<[string, string]> = [
    ['Gravado', doc.totals.taxed],
    ['Exonerado', doc.totals.exonerated],
    ['Inafecto', doc.totals.unaffected],
    ['Exportación', doc.totals.exportation],
    ['Gratuito', doc.totals.free],
    ['IGV', doc.totals.igv],
  ];
  return (
    <Page
      title={`${doc.document_type_description} ${doc.number}`}
      actions={<Badge tone={stateTone(doc.state_type_id)}>{doc.state_type_description}</Badge>}
    >
      <p>
        <a href={href('/comprobantes')}>← Comprobantes</a>
      </p>
      <Actions doc={doc} reload={loaded.reload} />
      <div class="grid">
        <Section title="Datos">
          <dl class="facts">
            <dt>Emisión</dt>
            <dd>
              {formatDate(doc.date_of_issue)} {doc.time_of_issue}
            </dd>
            <dt>Cliente</dt>
            <dd>
              {doc.customer.name}
              <br />
              <span class="muted">{doc.customer.number}</span>
            </dd>
            <dt>Correo del cliente</dt>
            <dd>{doc.customer.email ?? '—'}</dd>
            {totals
              .filter(([, amount]) => Number(amount) !== 0)
              .map(([label, amount]) => (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd>{formatMoney(amount, doc.currency_type_id)}</dd>
                </Fragment>
              ))}
            <dt>Total</dt>
            <dd>
              <strong>{formatMoney(doc.totals.total, doc.currency_type_id)}</strong>
            </dd>
            <dt>Archivo</dt>
            <dd>
              <code>{doc.filename}</code>
            </dd>
          </dl>
        </Section>
        <Section title="Descargas">
          <Downloads doc={doc} />
        </Section>
      </div>
      <SunatAnswer doc={doc} />
      <Section title="Historial de estados">
        <Table
          caption="Cambios de estado, del más antiguo al más reciente"
          hiddenCaption
          columns={[
            { label: 'Fecha y hora', cell: (h) => formatInstant(h.at) },
            { label: 'De', cell: (h) => (h.from_state ? (STATES[h.from_state] ?? h.from_state) : '—') },
            { label: 'A', cell: (h) => <Badge tone={stateTone(h.to_state)}>{STATES[h.to_state] ?? h.to_state}</Badge> },
            { label: 'Por', cell: (h) => actorLabel(h.actor) },
            { label: 'Motivo', cell: (h) => h.reason ?? '' },
          ]}
          rows={doc.history}
          rowKey={(h) => `${h.at}-${h.to_state}`}
          empty="Sin cambios registrados."
        />
      </Section>
      {doc.summaries.length > 0 && (
        <Section title="Resúmenes y bajas">
          <ul>
            {doc.summaries.map((s) => (
              <li key={s.external_id}>
                {SUMMARY_KINDS[s.kind] ?? s.kind} <a href={href(`/resumenes?buscar=${s.identifier}`)}>{s.identifier}</a>
                {s.ticket ? ` · ticket ${s.ticket}` : ''} · {s.state}
                {s.reason ? ` · motivo: ${s.reason}` : ''}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {doc.emails.length > 0 && (
        <Section title="Correos">
          <Table
            caption="Correos de este comprobante"
            hiddenCaption
            columns={[
              { label: 'Para', cell: (e) => e.to.join(', ') },
              { label: 'Estado', cell: (e) => e.status },
              { label: 'Intentos', cell: (e) => e.attempts },
              { label: 'Enviado', cell: (e) => formatInstant(e.sent_at) },
              { label: 'Error', cell: (e) => e.last_error ?? '' },
            ]}
            rows={doc.emails}
            rowKey={(e) => e.id}
            empty=""
          />
        </Section>
      )}
    </Page>
  );
}
