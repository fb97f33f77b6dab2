// Empresa: the issuer's data printed on every document, the PDF's defaults and the logo (PATCH /api/company).
import { useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import { useSubmit } from '../lib/hooks.ts';
import { Done, ErrorAlert } from '../ui/feedback.tsx';
import { Button, Field, Form, Select } from '../ui/form.tsx';
import { Section } from '../ui/shell.tsx';
import type { SectionProps } from './settings.tsx';

/** The file's bytes in base64 (what the API takes for a logo or a certificate). */
export function fileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('No se pudo leer el archivo.'));
    reader.readAsDataURL(file);
  });
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

export function CompanyData({ company, reload }: SectionProps) {
  const [form, setForm] = useState({
    razon_social: company.razon_social,
    nombre_comercial: company.nombre_comercial ?? '',
    telefono: company.telefono ?? '',
    email: company.email ?? '',
    ubigeo: company.direccion.ubigeo,
    direccion: company.direccion.direccion,
    urbanizacion: company.direccion.urbanizacion ?? '',
    distrito: company.direccion.distrito,
    provincia: company.direccion.provincia,
    departamento: company.direccion.departamento,
    formato: company.pdf.formato as string,
    pie_de_pagina: company.pdf.pie_de_pagina ?? '',
    envio_de_boletas: company.envio_de_boletas as string,
  });
  const set = (name: keyof typeof form) => (value: string) => setForm({ ...form, [name]: value });
  const save = useSubmit(async () => {
    await api.patch('/api/company', {
      razon_social: form.razon_social.trim(),
      nombre_comercial: orNull(form.nombre_comercial),
      telefono: orNull(form.telefono),
      email: orNull(form.email),
      direccion: {
        ubigeo: form.ubigeo.trim(),
        direccion: form.direccion.trim(),
        urbanizacion: orNull(form.urbanizacion),
        distrito: form.distrito.trim(),
        provincia: form.provincia.trim(),
        departamento: form.departamento.trim(),
      },
      pdf: { formato: form.formato, pie_de_pagina: orNull(form.pie_de_pagina) },
      envio_de_boletas: form.envio_de_boletas,
    });
    reload();
    return 'Datos de la empresa guardados: el próximo comprobante los usa.';
  });
  const e = save.error;
  return (
    <>
      <Section title="Datos del emisor">
        <ErrorAlert error={e} />
        <Done message={save.done} />
        <Form onSubmit={() => save.run()} label="Datos del emisor">
          <p class="hint">RUC {company.ruc} (no cambia).</p>
          <Field
            label="Razón social"
            name="razon_social"
            value={form.razon_social}
            onValue={set('razon_social')}
            error={e}
            required
          />
          <Field
            label="Nombre comercial"
            name="nombre_comercial"
            value={form.nombre_comercial}
            onValue={set('nombre_comercial')}
            error={e}
          />
          <div class="row">
            <Field
              label="Teléfono"
              name="telefono"
              type="tel"
              value={form.telefono}
              onValue={set('telefono')}
              error={e}
            />
            <Field label="Correo" name="email" type="email" value={form.email} onValue={set('email')} error={e} />
          </div>
          <fieldset>
            <legend>Domicilio fiscal</legend>
            <Field
              label="Dirección"
              name="direccion"
              path="direccion.direccion"
              value={form.direccion}
              onValue={set('direccion')}
              error={e}
            />
            <div class="row">
              <Field
                label="Ubigeo"
                name="ubigeo"
                path="direccion.ubigeo"
                value={form.ubigeo}
                onValue={set('ubigeo')}
                inputMode="numeric"
                maxLength={6}
                error={e}
                hint="6 dígitos del INEI (150101: Lima)."
              />
              <Field
                label="Urbanización"
                name="urbanizacion"
                path="direccion.urbanizacion"
                value={form.urbanizacion}
                onValue={set('urbanizacion')}
                error={e}
              />
            </div>
            <div class="row">
              <Field
                label="Distrito"
                name="distrito"
                path="direccion.distrito"
                value={form.distrito}
                onValue={set('distrito')}
                error={e}
              />
              <Field
                label="Provincia"
                name="provincia"
                path="direccion.provincia"
                value={form.provincia}
                onValue={set('provincia')}
                error={e}
              />
              <Field
                label="Departamento"
                name="departamento"
                path="direccion.departamento"
                value={form.departamento}
                onValue={set('departamento')}
                error={e}
              />
            </div>
          </fieldset>
          <fieldset>
            <legend>PDF y boletas</legend>
            <div class="row">
              <Select
                label="Formato del PDF"
                name="formato"
                value={form.formato}
                onValue={set('formato')}
                options={[
                  ['a4', 'A4'],
                  ['ticket', 'Ticket 80 mm'],
                ]}
                error={e}
              />
              <Select
                label="Envío de boletas"
                name="envio_de_boletas"
                value={form.envio_de_boletas}
                onValue={set('envio_de_boletas')}
                options={[
                  ['individual', 'Una por una'],
                  ['resumen_diario', 'En el resumen diario'],
                ]}
                error={e}
              />
            </div>
            <Field
              label="Pie de página"
              name="pie_de_pagina"
              path="pdf.pie_de_pagina"
              value={form.pie_de_pagina}
              onValue={set('pie_de_pagina')}
              error={e}
            />
          </fieldset>
          <Button type="submit" variant="primary" busy={save.busy}>
            Guardar datos
          </Button>
        </Form>
      </Section>
      <Logo hasLogo={company.tiene_logo} reload={reload} />
    </>
  );
}

function Logo({ hasLogo, reload }: { hasLogo: boolean; reload(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useSubmit(async () => {
    if (!file) throw new Error('Elija una imagen PNG o JPEG.');
    await api.patch('/api/company', { logo: await fileBase64(file) });
    reload();
    return 'Logo guardado: sale en los próximos PDF y correos.';
  });
  const remove = useSubmit(async () => {
    await api.patch('/api/company', { logo: null });
    reload();
    return 'Logo quitado.';
  });
  return (
    <Section title="Logo">
      <p>{hasLogo ? 'La empresa tiene logo en sus PDF.' : 'Los PDF salen sin logo.'}</p>
      <ErrorAlert error={upload.error ?? remove.error} />
      <Done message={upload.done ?? remove.done} />
      <Form onSubmit={() => upload.run()} label="Logo">
        <Field
          label="Imagen (PNG o JPEG, 512 KB como máximo)"
          name="logo"
          type="file"
          accept="image/png,image/jpeg"
          error={upload.error}
          onChange={(ev) => {
            const chosen = (ev.currentTarget as HTMLInputElement).files?.[0] ?? null;
            setFile(chosen);
            if (preview) URL.revokeObjectURL(preview);
            setPreview(chosen ? URL.createObjectURL(chosen) : null);
          }}
        />
        {preview && <img class="logo-preview" src={preview} alt="Vista previa del logo elegido" />}
        <div class="button-row">
          <Button type="submit" variant="primary" busy={upload.busy} disabled={!file}>
            Subir logo
          </Button>
          {hasLogo && (
            <Button variant="danger" busy={remove.busy} onClick={() => remove.run()}>
              Quitar logo
            </Button>
          )}
        </div>
      </Form>
    </Section>
  );
}
