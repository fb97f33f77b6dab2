// Comprobantes: the documents of a date range with filters (type, series, establishment, state, customer) and a
// search, newest first, 50 at a time (GET /api/documents/lists/{inicio}/{fin}). The filters live in the URL, so back,
// reload and a shared link keep them.
import { useState } from 'preact/hooks';
import { api, query } from '../lib/api.ts';
import { DOCUMENT_TYPES, formatDate, formatMoney, limaToday, STATES, stateTone } from '../lib/format.ts';
import { asApiError, useLoad } from '../lib/hooks.ts';
import { href, type Location, navigate } from '../lib/router.ts';
import { Badge, ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Button, Field, Form, Select } from '../ui/form.tsx';
import { Page } from '../ui/shell.tsx';
import { Table } from '../ui/table.tsx';
import type { ListRow } from './types.ts';

const PAGE_SIZE = 50;
const FILTERS = ['desde', 'hasta', 'tipo', 'serie', 'establecimiento', 'estado', 'cliente', 'buscar'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

function filtersOf(location: Location): Filters {
  const today = limaToday();
  const q = location.query;
  return {
    desde: q.get('desde') ?? `${today.slice(0, 8)}01`,
    hasta: q.get('hasta') ?? today,
    tipo: q.get('tipo') ?? '',
    serie: q.get('serie') ?? '',
    establecimiento: q.get('establecimiento') ?? '',
    estado: q.get('estado') ?? '',
    cliente: q.get('cliente') ?? '',
    buscar: q.get('buscar') ?? '',
  };
}

function listUrl(f: Filters, cursor?: string): string {
  const { desde, hasta, ...rest } = f;
  return `/api/documents/lists/${desde}/${hasta}${query({ limit: PAGE_SIZE, cursor, ...rest })}`;
}

interface Page_ {
  rows: ListRow[];
  next: string | null;
}

const columns = [
  {
    label: 'Número',
    cell: (r: ListRow) => <a href={href(`/comprobantes/${r.external_id}`)}>{r.number}</a>,
  },
  { label: 'Tipo', cell: (r: ListRow) => DOCUMENT_TYPES[r.document_type_id] ?? r.document_type_description },
  { label: 'Emisión', cell: (r: ListRow) => formatDate(r.date_of_issue) },
  {
    label: 'Cliente',
    cell: (r: ListRow) => (
      <>
        {r.customer_name}
        <br />
        <a class="muted" href={href(`/comprobantes${query({ cliente: r.customer_number })}`)}>
          {r.customer_number}
        </a>
      </>
    ),
  },
  { label: 'Total', kind: 'num' as const, cell: (r: ListRow) => formatMoney(r.total, r.currency_type_id) },
  {
    label: 'Estado',
    cell: (r: ListRow) => <Badge tone={stateTone(r.state_type_id)}>{r.state_type_description}</Badge>,
  },
];

export function Documents({ location }: { location: Location }) {
  const applied = filtersOf(location);
  const [form, setForm] = useState<Filters>(applied);
  const [more, setMore] = useState<Page_ | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const key = FILTERS.map((k) => applied[k]).join('|');
  const first = useLoad(async () => {
    setMore(null);
    setForm(applied);
    const res = await api.get<{ data: ListRow[]; next_cursor: string | null }>(listUrl(applied));
    return { rows: res.data, next: res.next_cursor } as Page_;
  }, [key]);
  const [moreError, setMoreError] = useState<ReturnType<typeof asApiError> | null>(null);
  const shown = more ?? first.data;
  const set = (name: keyof Filters) => (value: string) => setForm({ ...form, [name]: value });
  const loadMore = async () => {
    if (!shown?.next) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const res = await api.get<{ data: ListRow[]; next_cursor: string | null }>(listUrl(applied, shown.next));
      setMore({ rows: [...shown.rows, ...res.data], next: res.next_cursor });
    } catch (e) {
      setMoreError(asApiError(e));
    } finally {
      setLoadingMore(false);
    }
  };
  return (
    <Page title="Comprobantes">
      <Form class="filters" label="Filtros" onSubmit={() => navigate(`/comprobantes${query(form)}`)}>
        <Field label="Desde" name="desde" type="date" value={form.desde} onValue={set('desde')} required />
        <Field label="Hasta" name="hasta" type="date" value={form.hasta} onValue={set('hasta')} required />
        <Select
          label="Tipo"
          name="tipo"
          value={form.tipo}
          onValue={set('tipo')}
          options={[['', 'Todos'], ...['01', '03', '07', '08'].map((t): [string, string] => [t, DOCUMENT_TYPES[t]])]}
        />
        <Field label="Serie" name="serie" value={form.serie} onValue={set('serie')} maxLength={4} placeholder="F001" />
        <Field
          label="Establecimiento"
          name="establecimiento"
          value={form.establecimiento}
          onValue={set('establecimiento')}
          maxLength={4}
          inputMode="numeric"
          placeholder="0001"
        />
        <Select
          label="Estado"
          name="estado"
          value={form.estado}
          onValue={set('estado')}
          options={[['', 'Todos'], ...Object.entries(STATES)]}
        />
        <Field
          label="Cliente (RUC o DNI)"
          name="cliente"
          value={form.cliente}
          onValue={set('cliente')}
          inputMode="numeric"
        />
        <Field
          label="Buscar"
          name="buscar"
          type="search"
          value={form.buscar}
          onValue={set('buscar')}
          placeholder="F001-12 o nombre del cliente"
        />
        <div class="filters-actions">
          <Button type="submit" variant="primary">
            Filtrar
          </Button>
          <a class="button button-link" href={href('/comprobantes')}>
            Limpiar
          </a>
        </div>
      </Form>
      <ErrorAlert error={first.error} />
      {first.loading && !shown ? (
        <Loading what="Cargando comprobantes" />
      ) : (
        shown && (
          <>
            <p class="muted" role="status">
              {shown.rows.length} comprobante{shown.rows.length === 1 ? '' : 's'}
              {shown.next ? ' (hay más)' : ''}
            </p>
            <Table
              caption="Comprobantes del rango, los más recientes primero"
              hiddenCaption
              columns={columns}
              rows={shown.rows}
              rowKey={(r) => r.id}
              empty="No hay comprobantes con estos filtros."
            />
            <ErrorAlert error={moreError} />
            {shown.next && (
              <Button onClick={loadMore} busy={loadingMore}>
                Cargar más
              </Button>
            )}
          </>
        )
      )}
    </Page>
  );
}
