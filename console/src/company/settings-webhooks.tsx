// Webhooks (GET/POST /api/webhooks, PATCH/DELETE /api/webhooks/{id}, POST …/test, GET …/deliveries): the URLs that
// receive every change of state, signed. The signing secret is shown once, as the API gives it once.
import { useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import { formatInstant } from '../lib/format.ts';
import { useLoad, useSubmit } from '../lib/hooks.ts';
import { Alert, Badge, Done, ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Button, Field, Form } from '../ui/form.tsx';
import { Section } from '../ui/shell.tsx';
import { Table } from '../ui/table.tsx';
import type { SectionProps } from './settings.tsx';
import type { Webhook, WebhookDelivery } from './types.ts';

const DELIVERY_STATES: Record<WebhookDelivery['status'], [label: string, tone: string]> = {
  pending: ['Pendiente', 'warn'],
  delivered: ['Entregada', 'ok'],
  failed: ['Fallida', 'bad'],
};

/** "document.*, summary.accepted" → the API's list (empty: every event). */
function eventsOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

function lastAttempt(d: WebhookDelivery): string {
  const last = d.intentos[0];
  if (!last) return '—';
  const answer = last.status_code === null ? (last.error ?? 'sin respuesta') : `HTTP ${last.status_code}`;
  return `${answer}, ${last.duration_ms} ms`;
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const list = useLoad(
    () => api.get<{ data: WebhookDelivery[]; meta: { total: number } }>(`/api/webhooks/${webhook.id}/deliveries`),
    [webhook.id],
  );
  return (
    <Section title={`Entregas del webhook ${webhook.id}`}>
      <p class="hint">
        <code>{webhook.url}</code>
      </p>
      <ErrorAlert error={list.error} />
      {list.data ? (
        <>
          <p class="muted" role="status">
            {list.data.meta.total} entrega{list.data.meta.total === 1 ? '' : 's'}
          </p>
          <Table
            caption={`Entregas del webhook ${webhook.id}, las más recientes primero`}
            hiddenCaption
            rows={list.data.data}
            rowKey={(d) => d.id}
            empty="Todavía no hay entregas."
            columns={[
              { label: 'Evento', cell: (d) => <code>{d.event_type}</code> },
              { label: 'Creada', cell: (d) => formatInstant(d.created_at) },
              {
                label: 'Estado',
                cell: (d) => <Badge tone={DELIVERY_STATES[d.status][1]}>{DELIVERY_STATES[d.status][0]}</Badge>,
              },
              { label: 'Intentos', kind: 'num', cell: (d) => d.attempts },
              { label: 'Último intento', cell: lastAttempt },
              { label: 'Próximo intento', cell: (d) => formatInstant(d.next_attempt_at) },
            ]}
          />
        </>
      ) : (
        list.loading && <Loading what="Cargando entregas" />
      )}
      <Button onClick={list.reload} busy={list.loading}>
        Actualizar entregas
      </Button>
    </Section>
  );
}

export function WebhooksSettings(_: SectionProps) {
  const hooks = useLoad(() => api.get<{ data: Webhook[] }>('/api/webhooks'), []);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState('');
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [shown, setShown] = useState<Webhook | null>(null);
  // Bumped by each test event, so that the deliveries shown are read again.
  const [tests, setTests] = useState(0);
  const create = useSubmit(async () => {
    setSecret(null);
    const eventos = eventsOf(events);
    const res = await api.post<{ data: Webhook & { secret: string } }>('/api/webhooks', {
      url: url.trim(),
      ...(eventos.length ? { eventos } : {}),
    });
    setSecret({ url: res.data.url, secret: res.data.secret });
    setUrl('');
    setEvents('');
    hooks.reload();
    return null;
  });
  const act = useSubmit(async (action: 'test' | 'toggle' | 'delete', w: Webhook) => {
    if (action === 'test') {
      const res = await api.post<{ data: { id: number } }>(`/api/webhooks/${w.id}/test`);
      setShown(w);
      setTests((n) => n + 1);
      return `Evento de prueba en cola para el webhook ${w.id} (entrega ${res.data.id}).`;
    }
    if (action === 'delete') {
      if (!window.confirm(`¿Eliminar el webhook ${w.id} (${w.url}) y sus entregas?`)) return null;
      await api.delete(`/api/webhooks/${w.id}`);
      if (shown?.id === w.id) setShown(null);
      hooks.reload();
      return `Webhook ${w.id} eliminado.`;
    }
    await api.patch(`/api/webhooks/${w.id}`, { activo: !w.activo });
    hooks.reload();
    return `Webhook ${w.id} ${w.activo ? 'pausado' : 'reactivado'}.`;
  });
  return (
    <>
      <Section title="Webhooks de la empresa">
        <p class="hint">
          Facturo envía a cada URL un POST firmado (cabecera <code>Facturo-Signature</code>) por cada cambio de estado
          de sus comprobantes y resúmenes.
        </p>
        <ErrorAlert error={hooks.error ?? act.error} />
        <Done message={act.done} />
        {hooks.data ? (
          <Table
            caption="Webhooks de la empresa"
            hiddenCaption
            rows={hooks.data.data}
            rowKey={(w) => w.id}
            empty="No hay webhooks."
            columns={[
              { label: 'URL', cell: (w) => <code>{w.url}</code> },
              { label: 'Eventos', cell: (w) => (w.eventos.length ? w.eventos.join(', ') : 'Todos') },
              {
                label: 'Estado',
                cell: (w) => (
                  <>
                    <Badge tone={w.activo ? 'ok' : 'muted'}>{w.activo ? 'Activo' : 'Desactivado'}</Badge>
                    {w.motivo_desactivacion && <p class="hint">{w.motivo_desactivacion}</p>}
                    {w.fallos_consecutivos > 0 && <p class="hint">{w.fallos_consecutivos} fallos seguidos</p>}
                  </>
                ),
              },
              { label: 'Creado', cell: (w) => formatInstant(w.created_at) },
              {
                label: 'Acciones',
                cell: (w) => (
                  <div class="actions">
                    <Button onClick={() => setShown(w)} aria-label={`Ver las entregas del webhook ${w.id}`}>
                      Entregas
                    </Button>
                    {w.activo && (
                      <Button
                        onClick={() => act.run('test', w)}
                        busy={act.busy}
                        aria-label={`Enviar un evento de prueba al webhook ${w.id}`}
                      >
                        Probar
                      </Button>
                    )}
                    <Button
                      onClick={() => act.run('toggle', w)}
                      busy={act.busy}
                      aria-label={`${w.activo ? 'Pausar' : 'Reactivar'} el webhook ${w.id}`}
                    >
                      {w.activo ? 'Pausar' : 'Reactivar'}
                    </Button>
                    <Button
                      variant="danger"
                      onClick={() => act.run('delete', w)}
                      busy={act.busy}
                      aria-label={`Eliminar el webhook ${w.id}`}
                    >
                      Eliminar
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        ) : (
          hooks.loading && <Loading />
        )}
      </Section>
      {shown && <Deliveries key={`${shown.id}-${tests}`} webhook={shown} />}
      <Section title="Nuevo webhook">
        <ErrorAlert error={create.error} />
        {secret && (
          <Alert tone="ok">
            <p>
              Webhook creado para <code>{secret.url}</code>. Copie su secreto de firma ahora:{' '}
              <strong>no se vuelve a mostrar</strong>.
            </p>
            <p>
              <code class="secret">{secret.secret}</code>
            </p>
          </Alert>
        )}
        <Form onSubmit={() => create.run()} label="Nuevo webhook">
          <Field
            label="URL del receptor"
            name="url"
            type="url"
            value={url}
            onValue={setUrl}
            required
            maxLength={2000}
            error={create.error}
            hint="Una dirección http o https de su sistema, que responda 2xx a cada evento."
          />
          <Field
            label="Eventos (opcional)"
            name="eventos"
            value={events}
            onValue={setEvents}
            placeholder="document.*, summary.*"
            error={create.error}
            hint="Separados por comas: un tipo (document.accepted) o una familia (document.*). Vacío: todos."
          />
          <Button type="submit" variant="primary" busy={create.busy}>
            Crear webhook
          </Button>
        </Form>
      </Section>
    </>
  );
}
