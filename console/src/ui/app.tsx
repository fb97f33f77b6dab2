// A console's life: ask the API who is logged in (GET /api/session); without a session, the login form
// (POST /api/session); with one, the screens. Logging out ends the session on the server (DELETE /api/session);
// a session that ends elsewhere (expiry, another tab) brings the login back with a message.
import type { ComponentChildren } from 'preact';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, onSessionEnded, setCsrfToken } from '../lib/api.ts';
import { useSubmit } from '../lib/hooks.ts';
import { ErrorAlert, Loading } from './feedback.tsx';
import { Alert } from './feedback.tsx';
import { Button, Field, Form } from './form.tsx';

export interface SessionBase {
  name: string;
  email: string;
  role: string;
  csrf_token: string | null;
  expires_at: string | null;
}

interface ConsoleProps<S extends SessionBase> {
  /** "Empresa acme" / "Administración": what the login says this console is. */
  loginTitle: string;
  loginHint?: ComponentChildren;
  children(session: S, logout: () => void): ComponentChildren;
}

function Login<S extends SessionBase>(props: {
  title: string;
  hint?: ComponentChildren;
  notice: string | null;
  onSession(s: S): void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit(async () => {
    const res = await api.post<{ data: S }>('/api/session', { email, password });
    props.onSession(res.data);
    return null;
  });
  useEffect(() => {
    document.title = `Iniciar sesión · ${props.title} · Facturo`;
  }, [props.title]);
  return (
    <main class="login" id="main">
      <div class="login-card">
        <p class="login-brand">Facturo</p>
        <h1>{props.title}</h1>
        {props.hint && <p class="hint">{props.hint}</p>}
        {props.notice && <Alert tone="info">{props.notice}</Alert>}
        <ErrorAlert error={submit.error} />
        <Form onSubmit={() => submit.run()} label="Iniciar sesión">
          <Field
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onValue={setEmail}
            error={submit.error}
          />
          <Field
            label="Contraseña"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onValue={setPassword}
            error={submit.error}
          />
          <Button type="submit" variant="primary" busy={submit.busy}>
            Ingresar
          </Button>
        </Form>
      </div>
    </main>
  );
}

function Console<S extends SessionBase>({ loginTitle, loginHint, children }: ConsoleProps<S>) {
  const [session, setSession] = useState<S | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const open = (s: S | null) => {
    setCsrfToken(s?.csrf_token ?? null);
    setSession(s);
  };
  useEffect(() => {
    api.get<{ data: S }>('/api/session').then(
      (res) => open(res.data),
      () => open(null),
    );
    return onSessionEnded(() => {
      setNotice('Su sesión terminó: vuelva a iniciar sesión.');
      open(null);
    });
  }, []);
  const logout = () => {
    api.delete('/api/session').finally(() => {
      setNotice('Sesión cerrada.');
      open(null);
    });
  };
  if (session === undefined) return <Loading what="Abriendo la consola" />;
  if (session === null)
    return (
      <Login<S>
        title={loginTitle}
        hint={loginHint}
        notice={notice}
        onSession={(s) => {
          setNotice(null);
          open(s);
        }}
      />
    );
  return <>{children(session, logout)}</>;
}

export function startConsole<S extends SessionBase>(props: ConsoleProps<S>): void {
  const root = document.getElementById('app');
  if (root) render(<Console<S> {...props} />, root);
}
