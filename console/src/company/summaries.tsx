// Resúmenes y bajas: the comunicaciones de baja (RA), resúmenes diarios (RC) and resúmenes de reversiones (RR) of a
// date range with their tickets and SUNAT's answer (GET /api/summaries); "Consultar ticket" asks SUNAT now through
// the kind's status route. Facturo also follows every ticket by itself.
import { useState } from 'preact/hooks';
import { api, query } from '../lib/api.ts';
import { daysBefore, formatDate, limaToday, localLink, SUMMARY_KINDS, SUMMARY_STATES } from '../lib/format.ts';
import { useLoad, useSubmit } from '../lib/hooks.ts';
import { href, type Location, navigate } from '../lib/router.ts';
import { Badge, Done, ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Button, Field, Form, Select } from '../ui/form.tsx';
import { Page } from '../ui/shell.tsx';
import { Table } from '../ui/table.tsx';
import type { SummaryRow } from './types.ts';

function statusPath(row: SummaryRow): string {
  if (row.kind === 'RA') return '/api/voided/status';
  if (row.kind === 'RC') return '/api/summaries/status';
  return row.documents[0]?.document_type_id === '40'
    ? '/api/perceptions/voided/status'
    : '/api/retentions/voided/status';
}

function TicketButton({ row, onDone }: { row: SummaryRow; onDone(): void }) {
  const submit = useSubmit(async () => {
    const res = await api.post<{ response: { description: string } }>(statusPath(row), {
      external_id: row.external_id,
    });
    onDone();
    return res.response.description;
  });
  return (
    <div>
      <Button onClick={() => submit.run()} busy={submit.busy} aria-label={`Consultar el ticket de ${row.identifier}`}>
        Consultar ticket
      </Button>
      <ErrorAlert error={submit.error} />
      <Done message={submit.done} />
    </div>
  );
}

export function Summaries({ location }: { location: Location }) {
  const today = limaToday();
  const applied = {
    desde: location.query.get('desde') ?? daysBefore(today, 7),
    hasta: location.query.get('hasta') ?? today,
    tipo: location.query.get('tipo') ?? '',
    buscar: location.query.get('buscar') ?? '',
  };
  const [form, setForm] = useState(applied);
  const loaded = useLoad(
    () =>
      api.get<{ data: SummaryRow[]; truncated: boolean }>(
        `/api/summaries${query({ desde: applied.desde, hasta: applied.hasta, tipo: applied.tipo })}`,
      ),
    [applied.desde, applied.hasta, applied.tipo],
  );
  const rows = (loaded.data?.data ?? []).filter((r) => !applied.buscar || r.identifier.includes(applied.buscar));
  const set = (name: keyof typeof form) => (value: string) => setForm({ ...form, [name]: value });
  return (
    <Page title="Resúmenes y bajas">
      <Form class="filters" label="Filtros" onSubmit={() => navigate(`/resumenes${query(form)}`)}>
        <Field label="Generados desde" name="desde" type="date" value={form.desde} onValue={set('desde')} />
        <Field label="Hasta" name="hasta" type="date" value={form.hasta} onValue={set('hasta')} />
        <Select
          label="Tipo"
          name="tipo"
          value={form.tipo}
          onValue={set('tipo')}
          options={[['', 'Todos'], ...Object.entries(SUMMARY_KINDS)]}
        />
        <Field
          label="Identificador"
          name="buscar"
          value={form.buscar}
          onValue={set('buscar')}
          placeholder="RA-20260301-1"
        />
        <div class="filters-actions">
          <Button type="submit" variant="primary">
            Filtrar
          </Button>
        </div>
      </Form>
      <ErrorAlert error={loaded.error} />
      {loaded.loading && !loaded.data ? (
        <Loading />
      ) : (
        <Table
          caption="Resúmenes y comunicaciones de baja, los más recientes primero"
          hiddenCaption
          rows={rows}
          rowKey={(r) => r.external_id}
          empty="No hay resúmenes ni bajas en este rango."
          columns={[
            {
              label: 'Identificador',
              cell: (r) => (
                <>
                  <strong>{r.identifier}</strong>
                  <br />
                  <span class="muted">{SUMMARY_KINDS[r.kind] ?? r.kind}</span>
                </>
              ),
            },
            { label: 'Fecha de los documentos', cell: (r) => formatDate(r.reference_date) },
            {
              label: 'Estado',
              cell: (r) => (
                <Badge tone={SUMMARY_STATES[r.state]?.tone ?? 'muted'}>
                  {SUMMARY_STATES[r.state]?.label ?? r.state}
                </Badge>
              ),
            },
            { label: 'Ticket', cell: (r) => r.ticket ?? '—' },
            {
              label: 'Respuesta de SUNAT',
              cell: (r) => (r.response ? `${r.response.code}: ${r.response.description}` : (r.last_error ?? '—')),
            },
            {
              label: 'Documentos',
              cell: (r) => (
                <ul class="inline-list">
                  {r.documents.map((d) => (
                    <li key={d.external_id}>
                      <a href={href(`/comprobantes/${d.external_id}`)}>{d.number}</a>
                    </li>
                  ))}
                </ul>
              ),
            },
            {
              label: 'Archivos',
              cell: (r) => (
                <>
                  <a href={localLink(r.links.xml)}>XML</a>
                  {r.links.cdr && (
                    <>
                      {' · '}
                      <a href={localLink(r.links.cdr)}>CDR</a>
                    </>
                  )}
                </>
              ),
            },
            {
              label: 'Acciones',
              cell: (r) =>
                r.state === 'pending' || r.state === 'sending' ? <TicketButton row={r} onDone={loaded.reload} /> : null,
            },
          ]}
        />
      )}
    </Page>
  );
}
