// A Postman collection (v2.1) from the OpenAPI document: one folder per host tag, one request per operation and
// per request example, `{{baseUrl}}` (a company) or `{{adminUrl}}` (the admin host), and the bearer token in
// `{{token}}` (a company's API token) or `{{adminToken}}` (an admin session).
import type { OpenApiDocument } from './openapi-document.ts';

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
// biome-ignore lint/suspicious/noExplicitAny: it walks the OpenAPI JSON, whose shape TypeScript does not know here
type Json = Record<string, any>;

interface PostmanItem {
  name: string;
  request: Json;
}

function urlOf(base: string, path: string): Json {
  const postmanPath = path.replace(/\{(\w+)\}/g, ':$1');
  const segments = postmanPath.split('/').filter(Boolean);
  const variables = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ key: m[1], value: '' }));
  return {
    raw: `${base}${postmanPath}`,
    host: [base],
    path: segments,
    ...(variables.length ? { variable: variables } : {}),
  };
}

function authOf(op: Json, admin: boolean): Json {
  const schemes = (op.security ?? []).flatMap((s: Json) => Object.keys(s));
  if (schemes.length === 0) return { type: 'noauth' };
  const token = admin ? '{{adminToken}}' : '{{token}}';
  return { type: 'bearer', bearer: [{ key: 'token', value: token, type: 'string' }] };
}

function itemsOf(path: string, method: string, op: Json): PostmanItem[] {
  const admin = Boolean(op.servers) || (op.tags ?? []).join() === 'admin';
  const base = admin ? '{{adminUrl}}' : '{{baseUrl}}';
  const request: Json = { method: method.toUpperCase(), url: urlOf(base, path), auth: authOf(op, admin), header: [] };
  if (op.summary) request.description = op.summary;
  const examples = op.requestBody?.content?.['application/json']?.examples as Json | undefined;
  const title = op.summary ?? `${method.toUpperCase()} ${path}`;
  if (!op.requestBody) return [{ name: title, request }];
  request.header = [{ key: 'Content-Type', value: 'application/json' }];
  const entries = Object.entries(examples ?? { vacío: { summary: title, value: {} } });
  return entries.map(([name, example]) => ({
    name: entries.length > 1 ? `${title} — ${example.summary ?? name}` : title,
    request: {
      ...request,
      body: { mode: 'raw', raw: JSON.stringify(example.value, null, 2), options: { raw: { language: 'json' } } },
    },
  }));
}

function firstUrl(server: Json | undefined): string {
  if (!server) return 'http://localhost:3000';
  return String(server.url).replace(
    /\{(\w+)\}/g,
    (_: string, name: string) => server.variables?.[name]?.default ?? name,
  );
}

export function postmanCollection(document: OpenApiDocument): Json {
  const folders = new Map<string, PostmanItem[]>();
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(item as Json)) {
      const folder = (op.tags as string[] | undefined)?.[0] ?? 'general';
      folders.set(folder, [...(folders.get(folder) ?? []), ...itemsOf(path, method, op)]);
    }
  const info = document.info as Json;
  return {
    info: { name: info.title, description: info.description, schema: SCHEMA },
    variable: [
      { key: 'baseUrl', value: firstUrl(document.servers?.[0]) },
      { key: 'adminUrl', value: firstUrl(document.servers?.[1]) },
      { key: 'token', value: '' },
      { key: 'adminToken', value: '' },
    ],
    item: [...folders].map(([name, item]) => ({ name, item })),
  };
}
