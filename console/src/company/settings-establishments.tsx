// Establecimientos (GET/POST /api/establishments, PATCH /api/establishments/{codigo}): the company's locals with the
// four-digit code SUNAT gave each one (0000: the fiscal domicile). They are deactivated, never deleted; 0000 never.
import { useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import { useLoad, useSubmit } from '../lib/hooks.ts';
import { Badge, Done, ErrorAlert, Loading } from '../ui/feedback.tsx';
import { Button, Field, Form } from '../ui/form.tsx';
import { Section } from '../ui/shell.tsx';
import { Table } from '../ui/table.tsx';
import type { SectionProps } from './settings.tsx';
import type { Establishment } from './types.ts';

const EMPTY = {
  codigo: '',
  nombre: '',
  direccion: '',
  ubigeo: '',
  urbanizacion: '',
  telefono: '',
  correo_electronico: '',
};
type Draft = typeof EMPTY;
const OPTIONAL = ['urbanizacion', 'telefono', 'correo_electronico'] as const;

/** The POST body: the required fields trimmed, the optional ones only when filled. */
function bodyOf(draft: Draft): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [key, value] of Object.entries(draft)) {
    const text = value.trim();
    if (text || !(OPTIONAL as readonly string[]).includes(key)) body[key] = text;
  }
  return body;
}

function placeOf(e: Establishment): string {
  return [e.direccion, e.urbanizacion, `${e.distrito} - ${e.provincia} - ${e.departamento}`].filter(Boolean).join(', ');
}

export function EstablishmentsSettings(_: SectionProps) {
  const list = useLoad(() => api.get<{ data: Establishment[] }>('/api/establishments'), []);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const set = (name: keyof Draft) => (value: string) => setDraft({ ...draft, [name]: value });
  const create = useSubmit(async () => {
    const res = await api.post<{ data: Establishment }>('/api/establishments', bodyOf(draft));
    setDraft(EMPTY);
    list.reload();
    return `Establecimiento ${res.data.codigo} (${res.data.nombre}) registrado.`;
  });
  const toggle = useSubmit(async (e: Establishment) => {
    const activo = !e.activo;
    if (!activo && !window.confirm(`¿Desactivar el establecimiento ${e.codigo}? Ya no se podrá emitir desde él.`))
      return null;
    await api.patch(`/api/establishments/${e.codigo}`, { activo });
    list.reload();
    return `Establecimiento ${e.codigo} ${activo ? 'reactivado' : 'desactivado'}.`;
  });
  const field = (name: keyof Draft) => ({ name, value: draft[name], onValue: set(name), error: create.error });
  return (
    <>
      <Section title="Establecimientos de la empresa">
        <p class="hint">
          El código es el que SUNAT asignó a cada local en el RUC (0000: domicilio fiscal). Los comprobantes y las
          series lo indican; un establecimiento se desactiva, nunca se borra.
        </p>
        <ErrorAlert error={list.error ?? toggle.error} />
        <Done message={toggle.done} />
        {list.data ? (
          <Table
            caption="Establecimientos de la empresa"
            hiddenCaption
            rows={list.data.data}
            rowKey={(e) => e.codigo}
            empty="La empresa no tiene establecimientos."
            columns={[
              { label: 'Código', cell: (e) => <code>{e.codigo}</code> },
              { label: 'Nombre', cell: (e) => e.nombre },
              { label: 'Dirección', cell: placeOf },
              { label: 'Ubigeo', cell: (e) => e.ubigeo },
              {
                label: 'Estado',
                cell: (e) => <Badge tone={e.activo ? 'ok' : 'muted'}>{e.activo ? 'Activo' : 'Desactivado'}</Badge>,
              },
              {
                label: 'Acciones',
                cell: (e) =>
                  e.codigo === '0000' ? (
                    <span class="muted">Domicilio fiscal</span>
                  ) : (
                    <Button
                      variant={e.activo ? 'danger' : 'secondary'}
                      busy={toggle.busy}
                      onClick={() => toggle.run(e)}
                      aria-label={`${e.activo ? 'Desactivar' : 'Reactivar'} el establecimiento ${e.codigo}`}
                    >
                      {e.activo ? 'Desactivar' : 'Reactivar'}
                    </Button>
                  ),
              },
            ]}
          />
        ) : (
          list.loading && <Loading />
        )}
      </Section>
      <Section title="Nuevo establecimiento">
        <ErrorAlert error={create.error} />
        <Done message={create.done} />
        <Form onSubmit={() => create.run()} label="Nuevo establecimiento">
          <div class="row">
            <Field
              label="Código (anexo SUNAT)"
              {...field('codigo')}
              inputMode="numeric"
              maxLength={4}
              required
              placeholder="0001"
              hint="4 dígitos, como figura en la consulta RUC."
            />
            <Field
              label="Nombre del local"
              {...field('nombre')}
              maxLength={100}
              required
              placeholder="Tienda Miraflores"
            />
          </div>
          <div class="row">
            <Field label="Dirección" {...field('direccion')} maxLength={200} required placeholder="Av. Larco 345" />
            <Field
              label="Ubigeo"
              {...field('ubigeo')}
              inputMode="numeric"
              maxLength={6}
              required
              placeholder="150122"
              hint="Código INEI del distrito (6 dígitos)."
            />
          </div>
          <div class="row">
            <Field label="Urbanización (opcional)" {...field('urbanizacion')} maxLength={100} />
            <Field label="Teléfono (opcional)" {...field('telefono')} type="tel" maxLength={30} />
            <Field
              label="Correo electrónico (opcional)"
              {...field('correo_electronico')}
              type="email"
              maxLength={254}
            />
          </div>
          <Button type="submit" variant="primary" busy={create.busy}>
            Registrar establecimiento
          </Button>
        </Form>
      </Section>
    </>
  );
}
