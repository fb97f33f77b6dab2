// The console's only way to the data: the same HTTP API the ERPs call, on the page's own origin. The session is an
// HTTP-only cookie the page never sees; every request that changes something carries the session's CSRF token in
// X-CSRF-Token (the API refuses it otherwise). A 401 means the session ended: the console shows the login again.

/** An error answer of the API, as docs/errors.md describes it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly items: Array<{ path: string; message: string }> = [],
  ) {
    super(message);
  }

  /** The message of the field at `path` (or of a part of it: `path.x`, `path[0]`), if the API named it. */
  fieldMessage(path: string): string | undefined {
    return this.items.find((i) => i.path === path || i.path.startsWith(`${path}.`) || i.path.startsWith(`${path}[`))
      ?.message;
  }
}

let csrfToken: string | null = null;
const sessionEndedListeners = new Set<() => void>();

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when the API answers 401 to a logged-in page: the session expired or was closed elsewhere. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

async function errorOf(res: Response): Promise<ApiError> {
  let body: { code?: string; message?: string; errors?: Array<{ path: string; message: string }> } = {};
  try {
    body = await res.json();
  } catch {
    // not JSON: a proxy's page
  }
  const message = body.message ?? `El servidor respondió ${res.status}.`;
  return new ApiError(res.status, body.code ?? `http_${res.status}`, message, body.errors ?? []);
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'network', 'No se pudo conectar con el servidor. Revise su conexión e intente de nuevo.');
  }
  if (!res.ok) {
    const error = await errorOf(res);
    if (res.status === 401 && csrfToken && path !== '/api/session')
      for (const listener of sessionEndedListeners) listener();
    throw error;
  }
  return (await res.json()) as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** `?a=1&b=2` of the defined, non-empty values. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
