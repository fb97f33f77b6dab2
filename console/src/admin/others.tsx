// Planes (GET /api/plans), Partners de restaurantes (list, search, store under /api/restaurant/partner/…) and Uso
// por cliente (GET /api/extra-services/client-usage-apidocs: API calls per company and month).
import { useState } from 'preact/hooks';
import { api, query } from '../lib/api.ts';
import { formatMoney } from '../lib/format.ts';
import { useLoad, useSubmit } from '../lib/hooks.ts';
import { type Location, navigate } from '../lib/router.ts';
import { Badge, Done, ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Button, Checkbox, Field, Form } from '../ui/form.tsx';
import { Page, Section } from '../ui/shell.tsx';
import { Table } from '../ui/table.tsx';
import type { Partner, Plan, Usage } from './types.ts';

const limitText = (n: number) => (n === 0 ? 'Ilimitado' : String(n));

export function Plans() {
  const plans = useLoad(() => api.get<{ data: Plan[] }>('/api/plans'), []);
  return (
    <Page title="Planes">
      <ErrorAlert error={plans.error} />
      {plans.data ? (
        <Table
          caption="Planes que se pueden asignar a una empresa"
          hiddenCaption
          rows={plans.data.data}
          rowKey={(p) => p.id}
          empty="No hay planes."
          columns={[
            { label: 'Plan', cell: (p) => p.name },
            { label: 'Precio', kind: 'num', cell: (p) => formatMoney(p.pricing) },
            { label: 'Comprobantes por mes', kind: 'num', cell: (p) => limitText(p.limit_documents) },
            { label: 'Tokens API', kind: 'num', cell: (p) => limitText(p.limit_users) },
            {
              label: 'Estado',
              cell: (p) => (p.locked ? <Badge tone="muted">Cerrado</Badge> : <Badge tone="ok">Disponible</Badge>),
            },
          ]}
        />
      ) : (
        plans.loading && <Loading />
      )}
    </Page>
  );
}

function CreatePartner({ onCreated }: { onCreated(): void }) {
  const empty = { full_name: '', email: '', domain: '', department_id: '15', zone: '' };
  const [form, setForm] = useState(empty);
  const [active, setActive] = useState(true);
  const set = (name: keyof typeof form) => (value: string) => setForm({ ...form, [name]: value });
  const submit = useSubmit(async () => {
    await api.post('/api/restaurant/partner/store', {
      full_name: form.full_name.trim(),
      email: form.email.trim(),
      domain: form.domain.trim(),
      department_id: form.department_id.trim(),
      ...(form.zone.trim() ? { zone: form.zone.trim() } : {}),
      status: active,
    });
    setForm(empty);
    onCreated();
    return 'Partner registrado.';
  });
  const e = submit.error;
  return (
    <Section title="Nuevo partner">
      <ErrorAlert error={e} />
      <Done message={submit.done} />
      <Form onSubmit={() => submit.run()} label="Nuevo partner">
        <div class="row">
          <Field
            label="Nombre completo"
            name="full_name"
            value={form.full_name}
            onValue={set('full_name')}
            required
            error={e}
          />
          <Field
            label="Correo"
            name="email"
            type="email"
            value={form.email}
            onValue={set('email')}
            required
            error={e}
          />
        </div>
        <div class="row">
          <Field
            label="Dominio (URL)"
            name="domain"
            type="url"
            value={form.domain}
            onValue={set('domain')}
            required
            placeholder="https://…"
            error={e}
          />
          <Field
            label="Departamento (código INEI)"
            name="department_id"
            value={form.department_id}
            onValue={set('department_id')}
            inputMode="numeric"
            maxLength={2}
            error={e}
          />
          <Field label="Zona" name="zone" value={form.zone} onValue={set('zone')} error={e} />
        </div>
        <Checkbox label="Activo" name="status" checked={active} onChecked={setActive} />
        <Button type="submit" variant="primary" busy={submit.busy}>
          Registrar partner
        </Button>
      </Form>
    </Section>
  );
}

export function Partners({ location }: { location: Location }) {
  const q = location.query.get('buscar') ?? '';
  const [search, setSearch] = useState(q);
  const list = useLoad(
    () =>
      q
        ? api.post<{ data: Partner[] }>('/api/restaurant/partner/search', { query: q })
        : api.get<{ data: Partner[] }>('/api/restaurant/partner/list'),
    [q],
  );
  return (
    <Page title="Partners de restaurantes">
      <Form class="filters" label="Buscar partners" onSubmit={() => navigate(`/partners${query({ buscar: search })}`)}>
        <Field
          label="Buscar"
          name="buscar"
          type="search"
          value={search}
          onValue={setSearch}
          placeholder="Nombre, correo o dominio"
        />
        <div class="filters-actions">
          <Button type="submit" variant="primary">
            Buscar
          </Button>
        </div>
      </Form>
      <ErrorAlert error={list.error} />
      {list.data ? (
        <Table
          caption="Partners"
          hiddenCaption
          rows={list.data.data}
          rowKey={(p) => p.id}
          empty="No hay partners."
          columns={[
            { label: 'Nombre', cell: (p) => p.full_name },
            { label: 'Correo', cell: (p) => p.email },
            { label: 'Dominio', cell: (p) => p.domain },
            { label: 'Departamento', cell: (p) => `${p.department_id}${p.zone ? ` · ${p.zone}` : ''}` },
            {
              label: 'Estado',
              cell: (p) => (p.status ? <Badge tone="ok">Activo</Badge> : <Badge tone="muted">Inactivo</Badge>),
            },
          ]}
        />
      ) : (
        list.loading && <Loading />
      )}
      <CreatePartner onCreated={list.reload} />
    </Page>
  );
}

export function UsagePage({ location }: { location: Location }) {
  const page = Number(location.query.get('pagina') ?? '1') || 1;
  const usage = useLoad(
    () => api.get<{ data: Usage }>(`/api/extra-services/client-usage-apidocs${query({ page, per_page: 25 })}`),
    [page],
  );
  const data = usage.data?.data;
  const months = data ? data.months.slice(-6) : [];
  return (
    <Page title="Uso por cliente">
      <p class="hint">Llamadas a la API de cada empresa, últimos 6 meses.</p>
      <ErrorAlert error={usage.error} />
      {data ? (
        <>
          <Table
            caption="Llamadas a la API por empresa y mes"
            hiddenCaption
            rows={[
              { client_id: 0, client_name: 'Total del sistema', hostname: '', usage: data.system_usage },
              ...data.clients,
            ]}
            rowKey={(c) => c.client_id}
            empty="Sin empresas."
            columns={[
              {
                label: 'Empresa',
                cell: (c) => (
                  <>
                    <strong>{c.client_name}</strong>
                    {c.hostname && (
                      <>
                        <br />
                        <span class="muted">{c.hostname}</span>
                      </>
                    )}
                  </>
                ),
              },
              ...months.map((m) => ({
                label: m,
                kind: 'num' as const,
                cell: (c: Usage['clients'][number]) => c.usage.find((u) => u.month === m)?.quantity ?? 0,
              })),
            ]}
          />
          {data.pagination.last_page > 1 && (
            <nav class="pager" aria-label="Páginas">
              <Button disabled={page <= 1} onClick={() => navigate(`/uso?pagina=${page - 1}`)}>
                Anterior
              </Button>
              <span>
                Página {page} de {data.pagination.last_page}
              </span>
              <Button disabled={page >= data.pagination.last_page} onClick={() => navigate(`/uso?pagina=${page + 1}`)}>
                Siguiente
              </Button>
            </nav>
          )}
        </>
      ) : (
        usage.loading && <Loading />
      )}
    </Page>
  );
}
