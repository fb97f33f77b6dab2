// Certificado digital (PUT /api/company/certificate) and SUNAT y SOL (PUT /api/company/sunat), with "Probar
// conexión" (POST /api/company/sunat/check): SUNAT says whether it takes the user and password before they are saved.
import { useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import { formatInstant } from '../lib/format.ts';
import { useSubmit } from '../lib/hooks.ts';
import { Alert, Badge, Done, ErrorAlert } from '../ui/feedback.tsx';
import { Button, Field, Form, Select } from '../ui/form.tsx';
import { Section } from '../ui/shell.tsx';
import { fileBase64 } from './settings-company.tsx';
import type { SectionProps } from './settings.tsx';

interface CertificateAnswer {
  data: { sujeto: string; emisor: string; vence: string; autofirmado: boolean; advertencias: string[] };
}

export function CertificateSettings({ company, reload }: SectionProps) {
  const c = company.certificado;
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [warnings, setWarnings] = useState<string[]>([]);
  const upload = useSubmit(async () => {
    if (!file) throw new Error('Elija el archivo del certificado (.pfx o .p12).');
    const res = await api.put<CertificateAnswer>('/api/company/certificate', {
      pfx_base64: await fileBase64(file),
      password,
    });
    setWarnings(res.data.advertencias);
    setPassword('');
    reload();
    return `Certificado guardado: ${res.data.sujeto}, vence ${formatInstant(res.data.vence)}.`;
  });
  return (
    <>
      <Section title="Certificado actual">
        {c.sujeto ? (
          <dl class="facts">
            <dt>Titular</dt>
            <dd>{c.sujeto}</dd>
            <dt>Vence</dt>
            <dd>
              {formatInstant(c.vence)}{' '}
              {c.dias_restantes !== null && (
                <Badge tone={c.dias_restantes > 30 ? 'ok' : c.dias_restantes >= 0 ? 'warn' : 'bad'}>
                  {c.dias_restantes >= 0 ? `${c.dias_restantes} días` : 'vencido'}
                </Badge>
              )}
            </dd>
            <dt>Tipo</dt>
            <dd>
              {c.autofirmado ? 'Autofirmado (demostración): no sirve para producción' : 'Certificado de la empresa'}
            </dd>
          </dl>
        ) : (
          <p>La empresa no tiene certificado.</p>
        )}
        {c.advertencia && <Alert tone="warn">{c.advertencia}</Alert>}
      </Section>
      <Section title="Subir el certificado digital">
        <ErrorAlert error={upload.error} />
        <Done message={upload.done} />
        {warnings.length > 0 && (
          <Alert tone="warn">
            <ul>
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </Alert>
        )}
        <Form onSubmit={() => upload.run()} label="Subir el certificado digital">
          <Field
            label="Archivo PFX o P12"
            name="pfx_base64"
            type="file"
            accept=".pfx,.p12,application/x-pkcs12"
            error={upload.error}
            hint="El certificado con su clave privada, como lo entrega la entidad certificadora."
            onChange={(ev) => setFile((ev.currentTarget as HTMLInputElement).files?.[0] ?? null)}
          />
          <Field
            label="Contraseña del certificado"
            name="password"
            type="password"
            autoComplete="off"
            value={password}
            onValue={setPassword}
            error={upload.error}
          />
          <Button type="submit" variant="primary" busy={upload.busy} disabled={!file}>
            Guardar certificado
          </Button>
        </Form>
      </Section>
    </>
  );
}

interface CheckAnswer {
  data: { ok: boolean; codigo: string; mensaje: string; servicio: string };
}

export function SunatSettings({ company, reload }: SectionProps) {
  const [mode, setMode] = useState<string>(company.modo_sunat);
  const [user, setUser] = useState(company.sol.propio ? (company.sol.usuario ?? '') : '');
  const [password, setPassword] = useState('');
  const [check, setCheck] = useState<CheckAnswer['data'] | null>(null);
  const credentials = () => (user && password ? { usuario_sol: user.trim(), clave_sol: password } : {});
  const test = useSubmit(async () => {
    setCheck(null);
    const res = await api.post<CheckAnswer>('/api/company/sunat/check', { modo: mode, ...credentials() });
    setCheck(res.data);
    return null;
  });
  const save = useSubmit(async () => {
    await api.put('/api/company/sunat', { modo: mode, ...credentials() });
    setPassword('');
    reload();
    return 'Acceso a SUNAT guardado.';
  });
  return (
    <Section title="Modo SUNAT y credenciales SOL">
      <p>
        Modo actual: <Badge tone={company.modo_sunat === 'production' ? 'ok' : 'warn'}>{company.modo_sunat}</Badge> ·
        usuario SOL: {company.sol.usuario ?? '—'}
        {company.sol.propio ? '' : ' (de demostración)'}
      </p>
      <ErrorAlert error={save.error ?? test.error} />
      <Done message={save.done} />
      {check && (
        <Alert tone={check.ok ? 'ok' : 'error'}>
          <p>{check.mensaje}</p>
          <p class="hint">
            Código {check.codigo} · {check.servicio}
          </p>
        </Alert>
      )}
      <Form onSubmit={() => save.run()} label="Modo SUNAT y credenciales SOL">
        <Select
          label="Modo"
          name="modo"
          value={mode}
          onValue={setMode}
          error={save.error}
          options={[
            ['demo', 'Demostración (simulador o SUNAT beta)'],
            ['beta', 'SUNAT beta (pruebas)'],
            ['production', 'Producción'],
          ]}
          hint="Producción necesita el certificado digital de la empresa y su usuario SOL secundario."
        />
        <Field
          label="Usuario SOL secundario (sin el RUC)"
          name="usuario_sol"
          value={user}
          onValue={setUser}
          autoComplete="off"
          error={save.error ?? test.error}
        />
        <Field
          label="Clave SOL"
          name="clave_sol"
          type="password"
          value={password}
          onValue={setPassword}
          autoComplete="new-password"
          error={save.error ?? test.error}
          hint="Se guarda cifrada y no se vuelve a mostrar. Vacía: se prueban o conservan las guardadas."
        />
        <div class="button-row">
          <Button onClick={() => test.run()} busy={test.busy}>
            Probar conexión
          </Button>
          <Button type="submit" variant="primary" busy={save.busy}>
            Guardar
          </Button>
        </div>
      </Form>
    </Section>
  );
}
