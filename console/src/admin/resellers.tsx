// Distribuidores (admin only): each reseller with its quotas, use and lock (GET /api/resellers); create one
// (POST /api/resellers), change its quotas (PATCH /api/resellers/{id}), lock or unlock it with a reason
// (POST /api/reseller/lockedAdmin: its sessions end and every company of it stops).
import { useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import { formatInstant } from '../lib/format.ts';
import { useLoad, useSubmit } from '../lib/hooks.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Badge, Done, ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Button, Field, Form } from '../ui/form.tsx';
import { Page, Section } from '../ui/shell.tsx';
import { Table } from '../ui/table.tsx';
import { LockDialog } from './lock-dialog.tsx';
import type { Reseller } from './types.ts';

const limitText = (n: number) => (n === 0 ? 'sin límite' : String(n));

function LimitsDialog({ reseller, onClose, onDone }: { reseller: Reseller; onClose(): void; onDone(m: string): void }) {
  const [tenants, setTenants] = useState(String(reseller.limit_tenants));
  const [documents, setDocuments] = useState(String(reseller.limit_documents_month));
  const submit = useSubmit(async () => {
    await api.patch(`/api/resellers/${reseller.id}`, {
      limit_tenants: Number(tenants),
      limit_documents_month: Number(documents),
    });
    onDone(`${reseller.name}: cupos guardados.`);
    return null;
  });
  return (
    <Dialog title={`Cupos de ${reseller.name}`} onClose={onClose}>
      <ErrorAlert error={submit.error} />
      <Form onSubmit={() => submit.run()}>
        <Field
          label="Empresas (0 = sin límite)"
          name="limit_tenants"
          type="number"
          min={0}
          value={tenants}
          onValue={setTenants}
          error={submit.error}
        />
        <Field
          label="Comprobantes por mes (0 = sin límite)"
          name="limit_documents_month"
          type="number"
          min={0}
          value={documents}
          onValue={setDocuments}
          error={submit.error}
        />
        <div class="form-actions">
          <Button type="submit" variant="primary" busy={submit.busy}>
            Guardar
          </Button>
          <Button onClick={onClose}>Cancelar</Button>
        </div>
      </Form>
    </Dialog>
  );
}

function CreateReseller({ onCreated }: { onCreated(): void }) {
  const empty = { name: '', email: '', password: '', limit_tenants: '0', limit_documents_month: '0' };
  const [form, setForm] = useState(empty);
  const set = (name: keyof typeof form) => (value: string) => setForm({ ...form, [name]: value });
  const submit = useSubmit(async () => {
    await api.post('/api/resellers', {
      name: form.name.trim(),
      email: form.email.trim(),
      password: form.password,
      limit_tenants: Number(form.limit_tenants),
      limit_documents_month: Number(form.limit_documents_month),
    });
    const message = `Distribuidor ${form.name.trim()} creado: inicia sesión aquí con ${form.email.trim()}.`;
    setForm(empty);
    onCreated();
    return message;
  });
  const e = submit.error;
  return (
    <Section title="Nuevo distribuidor">
      <ErrorAlert error={e} />
      <Done message={submit.done} />
      <Form onSubmit={() => submit.run()} label="Nuevo distribuidor">
        <div class="row">
          <Field label="Nombre" name="name" value={form.name} onValue={set('name')} required error={e} />
          <Field
            label="Correo (para iniciar sesión)"
            name="email"
            type="email"
            value={form.email}
            onValue={set('email')}
            required
            error={e}
          />
        </div>
        <Field
          label="Contraseña"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onValue={set('password')}
          required
          minLength={8}
          error={e}
          hint="8 caracteres o más."
        />
        <div class="row">
          <Field
            label="Empresas (0 = sin límite)"
            name="limit_tenants"
            type="number"
            min={0}
            value={form.limit_tenants}
            onValue={set('limit_tenants')}
            error={e}
          />
          <Field
            label="Comprobantes por mes (0 = sin límite)"
            name="limit_documents_month"
            type="number"
            min={0}
            value={form.limit_documents_month}
            onValue={set('limit_documents_month')}
            error={e}
          />
        </div>
        <Button type="submit" variant="primary" busy={submit.busy}>
          Crear distribuidor
        </Button>
      </Form>
    </Section>
  );
}

export function Resellers() {
  const list = useLoad(() => api.get<{ data: Reseller[] }>('/api/resellers'), []);
  const [dialog, setDialog] = useState<{ kind: 'limits' | 'lock'; reseller: Reseller } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const done = (m: string) => {
    setDialog(null);
    setMessage(m);
    list.reload();
  };
  return (
    <Page title="Distribuidores">
      <ErrorAlert error={list.error} />
      <Done message={message} />
      {list.data ? (
        <Table
          caption="Distribuidores y sus cupos"
          hiddenCaption
          rows={list.data.data}
          rowKey={(r) => r.id}
          empty="Aún no hay distribuidores."
          columns={[
            {
              label: 'Distribuidor',
              cell: (r) => (
                <>
                  <strong>{r.name}</strong>
                  <br />
                  <span class="muted">{r.email}</span>
                </>
              ),
            },
            { label: 'Empresas', cell: (r) => `${r.tenants} de ${limitText(r.limit_tenants)}` },
            { label: 'Comprobantes por mes', cell: (r) => limitText(r.limit_documents_month) },
            {
              label: 'Estado',
              cell: (r) =>
                r.lock ? (
                  <>
                    <Badge tone="bad">Bloqueado</Badge>
                    <p class="hint">
                      {r.lock.reason ?? 'Sin motivo'} — {formatInstant(r.lock.locked_at)}
                    </p>
                  </>
                ) : (
                  <Badge tone="ok">Activo</Badge>
                ),
            },
            {
              label: 'Acciones',
              cell: (r) => (
                <div class="button-row">
                  <Button onClick={() => setDialog({ kind: 'limits', reseller: r })}>
                    Cupos<span class="sr-only"> de {r.name}</span>
                  </Button>
                  <Button
                    variant={r.locked ? 'secondary' : 'danger'}
                    onClick={() => setDialog({ kind: 'lock', reseller: r })}
                  >
                    {r.locked ? 'Desbloquear' : 'Bloquear'}
                    <span class="sr-only"> a {r.name}</span>
                  </Button>
                </div>
              ),
            },
          ]}
        />
      ) : (
        list.loading && <Loading />
      )}
      <CreateReseller onCreated={list.reload} />
      {dialog?.kind === 'limits' && (
        <LimitsDialog reseller={dialog.reseller} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'lock' && (
        <LockDialog
          subject={`a ${dialog.reseller.name}`}
          locking={!dialog.reseller.locked}
          lockHint="Bloquear cierra sus sesiones y detiene todas sus empresas."
          unlockText="Sus empresas vuelven a funcionar, salvo las que tengan su propio bloqueo."
          apply={async (reason) => {
            const { reseller } = dialog;
            const locking = !reseller.locked;
            await api.post('/api/reseller/lockedAdmin', {
              id: reseller.id,
              locked_admin: locking,
              ...(locking ? { reason } : {}),
            });
            return `${reseller.name}: ${locking ? 'bloqueado' : 'desbloqueado'}.`;
          }}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
    </Page>
  );
}
