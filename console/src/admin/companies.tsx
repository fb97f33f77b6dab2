// Empresas: the companies the caller may see (a reseller, its own), their plan, documents this month and locks
// (GET /api/tenants); create one (POST /api/tenants, its password and token shown once), change its plan, lock or
// unlock it with a reason (PATCH /api/tenants/{id}).
import { useState } from 'preact/hooks';
import { api, query } from '../lib/api.ts';
import { formatDate, formatInstant } from '../lib/format.ts';
import { useLoad, useSubmit } from '../lib/hooks.ts';
import { type Location, navigate } from '../lib/router.ts';
import { Alert, Badge, Done, ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Button, Field, Form, Select } from '../ui/form.tsx';
import { Page, Section } from '../ui/shell.tsx';
import { Table } from '../ui/table.tsx';
import { LockDialog } from './lock-dialog.tsx';
import type { AdminSession, Plan, Tenant } from './types.ts';

interface TenantPage {
  data: Tenant[];
  pagination: { page: number; last_page: number; total: number };
}

function consoleUrl(hostname: string): string {
  const { protocol, port } = window.location;
  return `${protocol}//${hostname}${port ? `:${port}` : ''}/`;
}

function Created({ created }: { created: { hostname: string; password: string; token: string; email: string } }) {
  return (
    <Alert tone="ok">
      <p>
        Empresa creada en <a href={consoleUrl(created.hostname)}>{created.hostname}</a>. Copie ahora la contraseña y el
        token: <strong>no se vuelven a mostrar</strong>.
      </p>
      <dl class="facts">
        <dt>Usuario</dt>
        <dd>{created.email}</dd>
        <dt>Contraseña</dt>
        <dd>
          <code class="secret">{created.password}</code>
        </dd>
        <dt>Token API</dt>
        <dd>
          <code class="secret">{created.token}</code>
        </dd>
      </dl>
    </Alert>
  );
}

function CreateCompany({ plans, onCreated }: { plans: Plan[]; onCreated(): void }) {
  const [form, setForm] = useState({
    ruc: '',
    subdomain: '',
    email: '',
    name: '',
    plan_id: String(plans[0]?.id ?? ''),
  });
  const [created, setCreated] = useState<{ hostname: string; password: string; token: string; email: string } | null>(
    null,
  );
  const set = (name: keyof typeof form) => (value: string) => setForm({ ...form, [name]: value });
  const submit = useSubmit(async () => {
    const res = await api.post<{ hostname: string; password: string; token: string }>('/api/tenants', {
      ruc: form.ruc.trim(),
      subdomain: form.subdomain.trim(),
      email: form.email.trim(),
      plan_id: Number(form.plan_id),
      ...(form.name.trim() ? { name: form.name.trim() } : {}),
    });
    setCreated({ ...res, email: form.email.trim() });
    setForm({ ...form, ruc: '', subdomain: '', email: '', name: '' });
    onCreated();
    return null;
  });
  const e = submit.error;
  return (
    <Section title="Nueva empresa">
      {created && <Created created={created} />}
      <ErrorAlert error={e} />
      <Form onSubmit={() => submit.run()} label="Nueva empresa">
        <div class="row">
          <Field
            label="RUC"
            name="ruc"
            value={form.ruc}
            onValue={set('ruc')}
            inputMode="numeric"
            maxLength={11}
            required
            error={e}
          />
          <Field
            label="Subdominio"
            name="subdomain"
            value={form.subdomain}
            onValue={set('subdomain')}
            required
            error={e}
            hint="La empresa usará {subdominio}.dominio (letras, números y guiones)."
          />
        </div>
        <div class="row">
          <Field
            label="Correo del usuario"
            name="email"
            type="email"
            value={form.email}
            onValue={set('email')}
            required
            error={e}
          />
          <Select
            label="Plan"
            name="plan_id"
            value={form.plan_id}
            onValue={set('plan_id')}
            options={plans.map((p): [string, string] => [String(p.id), p.name])}
            error={e}
          />
        </div>
        <Field
          label="Razón social (opcional)"
          name="name"
          value={form.name}
          onValue={set('name')}
          error={e}
          hint="Sin ella se toma del padrón RUC de SUNAT, si está importado."
        />
        <Button type="submit" variant="primary" busy={submit.busy}>
          Crear empresa
        </Button>
      </Form>
    </Section>
  );
}

function PlanEditor({ tenant, plans, onDone }: { tenant: Tenant; plans: Plan[]; onDone(m: string): void }) {
  const [plan, setPlan] = useState(String(tenant.plan_id ?? ''));
  const submit = useSubmit(async () => {
    await api.patch(`/api/tenants/${tenant.id}`, { plan_id: Number(plan) });
    onDone(`${tenant.name}: plan cambiado.`);
    return null;
  });
  return (
    <Form class="inline-form" onSubmit={() => submit.run()} label={`Plan de ${tenant.name}`}>
      <Select
        label={`Plan de ${tenant.name}`}
        name="plan_id"
        value={plan}
        onValue={setPlan}
        options={[
          ...(tenant.plan_id ? [] : [['', '—'] as [string, string]]),
          ...plans.map((p): [string, string] => [String(p.id), p.name]),
        ]}
      />
      <Button type="submit" busy={submit.busy} disabled={plan === String(tenant.plan_id ?? '')}>
        Cambiar
      </Button>
      <ErrorAlert error={submit.error} />
    </Form>
  );
}

export function Companies({ session, location }: { session: AdminSession; location: Location }) {
  const page = Number(location.query.get('pagina') ?? '1') || 1;
  const tenants = useLoad(() => api.get<TenantPage>(`/api/tenants${query({ page, per_page: 25 })}`), [page]);
  const plans = useLoad(() => api.get<{ data: Plan[] }>('/api/plans'), []);
  const quota = useLoad(
    () =>
      session.role === 'reseller'
        ? api.get<{
            data: { tenants: { used: number; allowed: number }; documents_month: { used: number; allowed: number } };
          }>('/api/reseller/detailsLimitReseller')
        : Promise.resolve(null),
    [],
  );
  const [locking, setLocking] = useState<Tenant | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const done = (m: string) => {
    setLocking(null);
    setMessage(m);
    tenants.reload();
  };
  const planList = plans.data?.data ?? [];
  const q = quota.data?.data;
  return (
    <Page title="Empresas">
      {q && (
        <p class="lead">
          Su cupo: {q.tenants.used} de {q.tenants.allowed || 'ilimitadas'} empresas · {q.documents_month.used} de{' '}
          {q.documents_month.allowed || 'ilimitados'} comprobantes este mes.
        </p>
      )}
      <ErrorAlert error={tenants.error ?? plans.error} />
      <Done message={message} />
      {tenants.data ? (
        <>
          <Table
            caption={`Empresas (${tenants.data.pagination.total})`}
            rows={tenants.data.data}
            rowKey={(t) => t.id}
            empty="Aún no hay empresas."
            columns={[
              {
                label: 'Empresa',
                cell: (t) => (
                  <>
                    <strong>{t.name}</strong>
                    <br />
                    <span class="muted">
                      RUC {t.ruc} · {t.sunat_mode} · desde {formatDate(t.created_at.slice(0, 10))}
                    </span>
                  </>
                ),
              },
              { label: 'Consola', cell: (t) => <a href={consoleUrl(t.hostname)}>{t.hostname}</a> },
              { label: 'Plan', cell: (t) => <PlanEditor tenant={t} plans={planList} onDone={done} /> },
              { label: 'Comprobantes del mes', kind: 'num', cell: (t) => t.documents_month },
              {
                label: 'Estado',
                cell: (t) =>
                  t.locks.length ? (
                    <>
                      <Badge tone="bad">Bloqueada</Badge>
                      {t.locks.map((l) => (
                        <p class="hint" key={l.locked_at}>
                          {l.reason ?? 'Sin motivo'} — {l.locked_by ?? l.authority}, {formatInstant(l.locked_at)}
                        </p>
                      ))}
                    </>
                  ) : (
                    <Badge tone="ok">Activa</Badge>
                  ),
              },
              {
                label: 'Acciones',
                cell: (t) => (
                  <Button variant={t.locks.length ? 'secondary' : 'danger'} onClick={() => setLocking(t)}>
                    {t.locks.length ? 'Desbloquear' : 'Bloquear'}
                    <span class="sr-only"> {t.name}</span>
                  </Button>
                ),
              },
            ]}
          />
          {tenants.data.pagination.last_page > 1 && (
            <nav class="pager" aria-label="Páginas">
              <Button disabled={page <= 1} onClick={() => navigate(`/empresas?pagina=${page - 1}`)}>
                Anterior
              </Button>
              <span>
                Página {page} de {tenants.data.pagination.last_page}
              </span>
              <Button
                disabled={page >= tenants.data.pagination.last_page}
                onClick={() => navigate(`/empresas?pagina=${page + 1}`)}
              >
                Siguiente
              </Button>
            </nav>
          )}
        </>
      ) : (
        tenants.loading && <Loading what="Cargando empresas" />
      )}
      {plans.data && <CreateCompany plans={planList} onCreated={tenants.reload} />}
      {locking && (
        <LockDialog
          subject={locking.name}
          locking={locking.locks.length === 0}
          lockHint="Queda registrado con su nombre y la fecha. Su API responderá 403 de inmediato."
          unlockText={`Se retira su bloqueo (${locking.locks.map((l) => l.reason ?? 'sin motivo').join('; ')}). Si otro bloqueo sigue vigente, la empresa sigue bloqueada.`}
          apply={async (reason) => {
            const lock = locking.locks.length === 0;
            await api.patch(`/api/tenants/${locking.id}`, lock ? { locked: true, reason } : { locked: false });
            return `${locking.name}: ${lock ? 'bloqueada' : 'desbloqueada'}.`;
          }}
          onClose={() => setLocking(null)}
          onDone={done}
        />
      )}
    </Page>
  );
}
