// Series (GET/POST /api/series, PATCH /api/series/{tipo}/{serie}; each one issues from an establishment, picked from
// GET /api/establishments) and Tokens API (GET/POST /api/tokens,
// DELETE /api/tokens/{id}): the new token's secret is shown once, as the API gives it once.
import { useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import { DOCUMENT_TYPES, formatInstant } from '../lib/format.ts';
import { useLoad, useSubmit } from '../lib/hooks.ts';
import { Alert, Done, ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Button, Checkbox, Field, Form, Select } from '../ui/form.tsx';
import { Section } from '../ui/shell.tsx';
import { Table } from '../ui/table.tsx';
import type { SectionProps } from './settings.tsx';
import type { Establishment, SeriesRow } from './types.ts';

function NumberEditor({ series, onSaved }: { series: SeriesRow; onSaved(message: string): void }) {
  const [value, setValue] = useState(String(series.ultimo_numero));
  const save = useSubmit(async () => {
    await api.patch(`/api/series/${series.codigo_tipo_documento}/${series.serie}`, { ultimo_numero: Number(value) });
    onSaved(`La serie ${series.serie} continúa en ${Number(value) + 1}.`);
    return null;
  });
  return (
    <Form class="inline-form" onSubmit={() => save.run()} label={`Último número de ${series.serie}`}>
      <Field
        label={`Último número de ${series.serie}`}
        name="ultimo_numero"
        type="number"
        min={0}
        value={value}
        onValue={setValue}
        error={save.error}
      />
      <Button type="submit" busy={save.busy}>
        Guardar
      </Button>
      <ErrorAlert error={save.error && !save.error.fieldMessage('ultimo_numero') ? save.error : null} />
    </Form>
  );
}

/** The active establishments as a select's options (0000 alone until they load). */
function establishmentOptions(list: Establishment[] | undefined): Array<[string, string]> {
  const active = (list ?? []).filter((e) => e.activo);
  return active.length ? active.map((e) => [e.codigo, `${e.codigo} · ${e.nombre}`]) : [['0000', '0000']];
}

export function SeriesSettings({ reload }: SectionProps) {
  const series = useLoad(() => api.get<{ data: SeriesRow[] }>('/api/series'), []);
  const establishments = useLoad(() => api.get<{ data: Establishment[] }>('/api/establishments'), []);
  const [type, setType] = useState('01');
  const [serie, setSerie] = useState('');
  const [establishment, setEstablishment] = useState('0000');
  const [contingency, setContingency] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const create = useSubmit(async () => {
    await api.post('/api/series', {
      codigo_tipo_documento: type,
      serie: serie.trim(),
      contingencia: contingency,
      codigo_establecimiento: establishment,
    });
    setSerie('');
    series.reload();
    reload();
    return `Serie ${serie.trim().toUpperCase()} creada.`;
  });
  const saved = (m: string) => {
    setMessage(m);
    series.reload();
    reload();
  };
  return (
    <>
      <Section title="Series de la empresa">
        <Done message={message} />
        <ErrorAlert error={series.error} />
        {series.data ? (
          <Table
            caption="Series y su último número usado"
            hiddenCaption
            rows={series.data.data}
            rowKey={(s) => `${s.codigo_tipo_documento}-${s.serie}`}
            empty="La empresa no tiene series."
            columns={[
              { label: 'Tipo', cell: (s) => DOCUMENT_TYPES[s.codigo_tipo_documento] ?? s.codigo_tipo_documento },
              { label: 'Serie', cell: (s) => `${s.serie}${s.contingencia ? ' (contingencia)' : ''}` },
              { label: 'Establecimiento', cell: (s) => <code>{s.codigo_establecimiento}</code> },
              { label: 'Último número', cell: (s) => <NumberEditor series={s} onSaved={saved} /> },
            ]}
          />
        ) : (
          series.loading && <Loading />
        )}
        <p class="hint">El número solo avanza: nunca por debajo de uno ya usado.</p>
      </Section>
      <Section title="Nueva serie">
        <ErrorAlert error={create.error} />
        <Done message={create.done} />
        <Form onSubmit={() => create.run()} label="Nueva serie">
          <div class="row">
            <Select
              label="Tipo de comprobante"
              name="codigo_tipo_documento"
              value={type}
              onValue={setType}
              options={Object.entries(DOCUMENT_TYPES)}
              error={create.error}
            />
            <Field
              label="Serie"
              name="serie"
              value={serie}
              onValue={setSerie}
              maxLength={4}
              required
              placeholder="F002"
              error={create.error}
              hint="4 caracteres: F### facturas, B### boletas; 4 dígitos si es de contingencia."
            />
            <Select
              label="Establecimiento"
              name="codigo_establecimiento"
              value={establishment}
              onValue={setEstablishment}
              options={establishmentOptions(establishments.data?.data)}
              error={create.error}
              hint="El local desde el que se emite con esta serie."
            />
          </div>
          <Checkbox
            label="Serie de contingencia"
            name="contingencia"
            checked={contingency}
            onChecked={setContingency}
          />
          <Button type="submit" variant="primary" busy={create.busy}>
            Crear serie
          </Button>
        </Form>
      </Section>
    </>
  );
}

interface Token {
  id: number;
  nombre: string;
  prefijo: string;
  creado: string;
  ultimo_uso: string | null;
}

export function TokensSettings(_: SectionProps) {
  const tokens = useLoad(() => api.get<{ data: Token[] }>('/api/tokens'), []);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const create = useSubmit(async () => {
    const res = await api.post<{ data: Token & { token: string } }>('/api/tokens', { nombre: name.trim() });
    setSecret({ name: res.data.nombre, token: res.data.token });
    setName('');
    tokens.reload();
    return null;
  });
  const revoke = useSubmit(async (token: Token) => {
    if (!window.confirm(`¿Revocar el token «${token.nombre}»? Deja de funcionar de inmediato.`)) return null;
    await api.delete(`/api/tokens/${token.id}`);
    tokens.reload();
    return `Token «${token.nombre}» revocado.`;
  });
  return (
    <>
      <Section title="Tokens API activos">
        <p class="hint">
          Su sistema (ERP) usa un token en la cabecera <code>Authorization: Bearer …</code>.
        </p>
        <ErrorAlert error={tokens.error ?? revoke.error} />
        <Done message={revoke.done} />
        {tokens.data ? (
          <Table
            caption="Tokens API activos"
            hiddenCaption
            rows={tokens.data.data}
            rowKey={(t) => t.id}
            empty="No hay tokens activos."
            columns={[
              { label: 'Nombre', cell: (t) => t.nombre },
              { label: 'Empieza por', cell: (t) => <code>{t.prefijo}…</code> },
              { label: 'Creado', cell: (t) => formatInstant(t.creado) },
              { label: 'Último uso', cell: (t) => formatInstant(t.ultimo_uso) },
              {
                label: 'Acciones',
                cell: (t) => (
                  <Button variant="danger" onClick={() => revoke.run(t)} aria-label={`Revocar el token ${t.nombre}`}>
                    Revocar
                  </Button>
                ),
              },
            ]}
          />
        ) : (
          tokens.loading && <Loading />
        )}
      </Section>
      <Section title="Nuevo token">
        <ErrorAlert error={create.error} />
        {secret && (
          <Alert tone="ok">
            <p>
              Token «{secret.name}» creado. Cópielo ahora: <strong>no se vuelve a mostrar</strong>.
            </p>
            <p>
              <code class="secret">{secret.token}</code>
            </p>
          </Alert>
        )}
        <Form onSubmit={() => create.run()} label="Nuevo token">
          <Field
            label="Nombre (para qué sirve)"
            name="nombre"
            value={name}
            onValue={setName}
            required
            placeholder="ERP de ventas"
            error={create.error}
          />
          <Button type="submit" variant="primary" busy={create.busy}>
            Crear token
          </Button>
        </Form>
      </Section>
    </>
  );
}
