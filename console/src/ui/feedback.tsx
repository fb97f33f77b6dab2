// Messages, badges and the loading state. Errors are announced (role="alert"); confirmations politely (role="status").
import type { ComponentChildren } from 'preact';
import type { ApiError } from '../lib/api.ts';

export function Alert({ tone, children }: { tone: 'error' | 'ok' | 'info' | 'warn'; children: ComponentChildren }) {
  const role = tone === 'error' ? 'alert' : 'status';
  return (
    <div class={`alert alert-${tone}`} role={role}>
      {children}
    </div>
  );
}

/** The API's error: its message, and the other fields it names (the form shows the ones it has beside them). */
export function ErrorAlert({ error }: { error: ApiError | null | undefined }) {
  if (!error) return null;
  const others = error.items.filter((i) => i.message !== error.message);
  return (
    <Alert tone="error">
      <p>{error.message}</p>
      {others.length > 0 && (
        <ul>
          {others.map((i) => (
            <li key={i.path + i.message}>
              {i.path ? <code>{i.path}</code> : null} {i.message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

export function Done({ message }: { message: string | null }) {
  return message ? <Alert tone="ok">{message}</Alert> : null;
}

export function Badge({ tone, children }: { tone: string; children: ComponentChildren }) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}

export function Loading({ what = 'Cargando' }: { what?: string }) {
  return (
    <p class="loading" role="status">
      {what}…
    </p>
  );
}
