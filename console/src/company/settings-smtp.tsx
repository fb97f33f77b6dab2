// Correo (SMTP): the company's own mail server for the documents it e-mails (PUT and DELETE /api/company/smtp);
// without one, mail goes out through the system's server when there is one.
import { useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import { useSubmit } from '../lib/hooks.ts';
import { Done, ErrorAlert } from '../ui/feedback.tsx';
import { Button, Checkbox, Field, Form } from '../ui/form.tsx';
import { Section } from '../ui/shell.tsx';
import type { SectionProps } from './settings.tsx';

export function SmtpSettings({ company, reload }: SectionProps) {
  const smtp = company.smtp;
  const [form, setForm] = useState({
    host: smtp.host ?? '',
    port: String(smtp.port ?? 587),
    usuario: smtp.usuario ?? '',
    clave: '',
    remitente: smtp.remitente ?? '',
  });
  const [secure, setSecure] = useState(smtp.secure);
  const set = (name: keyof typeof form) => (value: string) => setForm({ ...form, [name]: value });
  const save = useSubmit(async () => {
    const user = form.usuario.trim();
    await api.put('/api/company/smtp', {
      host: form.host.trim(),
      port: Number(form.port),
      secure,
      // The API takes the user and the password together (neither: a server without authentication).
      usuario: user || null,
      clave: form.clave || null,
      remitente: form.remitente.trim(),
    });
    setForm({ ...form, clave: '' });
    reload();
    return 'Servidor de correo guardado.';
  });
  const remove = useSubmit(async () => {
    await api.delete('/api/company/smtp');
    reload();
    return 'Se quitó el servidor propio: el correo saldrá por el del sistema, si lo hay.';
  });
  const e = save.error;
  return (
    <Section title="Servidor de correo de la empresa">
      <p>
        {smtp.configurado
          ? `Los correos salen por ${smtp.host}:${smtp.port} como ${smtp.remitente}.`
          : 'Sin servidor propio: los correos salen por el servidor del sistema, si está configurado.'}
      </p>
      <ErrorAlert error={e ?? remove.error} />
      <Done message={save.done ?? remove.done} />
      <Form onSubmit={() => save.run()} label="Servidor de correo">
        <div class="row">
          <Field label="Servidor (host)" name="host" value={form.host} onValue={set('host')} required error={e} />
          <Field
            label="Puerto"
            name="port"
            type="number"
            min={1}
            max={65535}
            value={form.port}
            onValue={set('port')}
            error={e}
          />
        </div>
        <Checkbox label="TLS desde el inicio (puerto 465)" name="secure" checked={secure} onChecked={setSecure} />
        <div class="row">
          <Field
            label="Usuario"
            name="usuario"
            value={form.usuario}
            onValue={set('usuario')}
            autoComplete="off"
            error={e}
          />
          <Field
            label="Clave"
            name="clave"
            type="password"
            value={form.clave}
            onValue={set('clave')}
            autoComplete="new-password"
            error={e}
            hint="Con usuario, escriba la clave cada vez que guarde (se guarda cifrada y no se muestra)."
          />
        </div>
        <Field
          label="Remitente (From)"
          name="remitente"
          type="email"
          value={form.remitente}
          onValue={set('remitente')}
          required
          error={e}
        />
        <div class="button-row">
          <Button type="submit" variant="primary" busy={save.busy}>
            Guardar
          </Button>
          {smtp.configurado && (
            <Button variant="danger" busy={remove.busy} onClick={() => remove.run()}>
              Quitar servidor propio
            </Button>
          )}
        </div>
      </Form>
    </Section>
  );
}
