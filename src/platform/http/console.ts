// The web console's files: `/` of a company's host serves the company console, `/` of the admin host the admin
// console (any other host keeps its 404), and `/console/{file}` their scripts, stylesheet and icon — the bundle
// scripts/build-console.mjs writes into build/console/ (`npm run build`). The page loads nothing from anywhere else:
// its Content-Security-Policy allows only this origin, with no inline script or style. The page is revalidated on
// every visit (no-cache); the files, named by their content's hash, are kept for a year (immutable) and sent
// gzipped to a browser that accepts it. The console talks to the same HTTP API as everyone else.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { errors } from '../errors.ts';

/** build/console at the repository root, from src/platform/http as from build/platform/http. */
export const DEFAULT_CONSOLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'build', 'console');

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // data: and blob: for the logo's preview before it is uploaded.
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

interface Manifest {
  company: string;
  admin: string;
  css: string;
  icon: string;
}

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  type: string;
}

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

const TITLES = { company: 'Facturo — Empresa', admin: 'Facturo — Administración' } as const;

function pageOf(manifest: Manifest, which: 'company' | 'admin'): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${TITLES[which]}</title>
<link rel="icon" type="image/svg+xml" href="/console/${manifest.icon}">
<link rel="stylesheet" href="/console/${manifest.css}">
<script type="module" src="/console/${manifest[which]}"></script>
</head>
<body>
<div id="app"><p class="boot">Cargando la consola… (necesita JavaScript)</p></div>
</body>
</html>
`;
}

const MISSING_PAGE = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Facturo</title></head>
<body><h1>La consola web no está compilada</h1><p>Ejecute <code>npm run build</code> y vuelva a iniciar Facturo.</p></body>
</html>
`;

function loadAssets(dir: string, manifest: Manifest): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of Object.values(manifest)) {
    const body = readFileSync(join(dir, name));
    assets.set(name, {
      body,
      gzipped: gzipSync(body),
      type: TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream',
    });
  }
  return assets;
}

function acceptsGzip(request: FastifyRequest): boolean {
  return /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', CONSOLE_CSP)
    .header('cache-control', 'no-cache')
    .send(html);
}

/**
 * The console's routes. Without a built console (no manifest.json in `dir`), `/` explains how to build it (503) and
 * the server still starts: the API does not need the console.
 */
export function installConsole(app: FastifyInstance, dir = DEFAULT_CONSOLE_DIR): void {
  const manifestPath = join(dir, 'manifest.json');
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : null;
  const assets = manifest ? loadAssets(dir, manifest) : new Map<string, Asset>();
  const pages = manifest ? { company: pageOf(manifest, 'company'), admin: pageOf(manifest, 'admin') } : null;
  if (!manifest) app.log.warn({ dir }, 'web console not built (npm run build): / answers 503');

  const hidden = { hide: true } as const;
  app.get('/', { schema: hidden }, async (request, reply) => {
    const kind = request.hostKind;
    if (kind === 'other') throw errors.routeNotFound();
    if (!pages) return sendPage(reply, 503, MISSING_PAGE);
    return sendPage(reply, 200, kind === 'admin' ? pages.admin : pages.company);
  });

  app.get<{ Params: { file: string } }>('/console/:file', { schema: hidden }, async (request, reply) => {
    const asset = request.hostKind === 'other' ? undefined : assets.get(request.params.file);
    if (!asset) throw errors.notFound('file_not_found', 'El archivo solicitado no existe.');
    reply
      .type(asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(asset.gzipped);
    return reply.send(asset.body);
  });
}
