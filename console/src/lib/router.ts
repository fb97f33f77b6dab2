// Pages are addressed by the URL's fragment (`/#/comprobantes?desde=…`): the server serves one page at `/` and the
// API keeps every other path. Back, forward, reload and a bookmarked link all land on the same screen.
import { useEffect, useState } from 'preact/hooks';

export interface Location {
  /** `/comprobantes/…`, always starting with `/`. */
  path: string;
  query: URLSearchParams;
}

export function currentLocation(): Location {
  const hash = window.location.hash.replace(/^#/, '') || '/';
  const [path, search = ''] = hash.split('?');
  return { path: path.startsWith('/') ? path : `/${path}`, query: new URLSearchParams(search) };
}

export function navigate(to: string): void {
  window.location.hash = to;
}

/** `#/…` for an href. */
export function href(to: string): string {
  return `#${to}`;
}

export function useLocation(): Location {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const update = () => setLocation(currentLocation());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return location;
}

/** The parameters of `pattern` (`/comprobantes/:id`) in `path`, or null when it does not match. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(got[i]);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}
