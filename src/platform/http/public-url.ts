// Links the API hands out (downloads, consultas) are built from configuration — PUBLIC_URL's scheme and port —
// and a tenant host name read from the database, never from the request's Host header, which the client writes
// (`Host: acme.localhost:@evil.example` must not turn into a link to evil.example).

/** `http://localhost:3000` + `acme.localhost` → `http://acme.localhost:3000` (no port when it is the scheme's own). */
export function tenantBaseUrl(publicUrl: string, hostname: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${hostname}${url.port ? `:${url.port}` : ''}`;
}
