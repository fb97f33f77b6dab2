// SDK-ready: the OpenAPI document the app builds (what `npm run openapi` writes) generates TypeScript types with
// openapi-typescript, and a small client written against them type-checks — while a client that sends a wrong
// field type does not. `npm run postman`'s collection carries every operation, the examples and {{token}}.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, type OpenApiDocument } from '../../scripts/lib/openapi-document.ts';
import { postmanCollection } from '../../scripts/lib/postman.ts';
import { testDatabaseUrl } from '../helpers/db.ts';

const run = promisify(execFile);
const tsc = join(import.meta.dirname, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
let doc: OpenApiDocument;
let dir: string;

beforeAll(async () => {
  doc = await buildOpenApiDocument({ ...process.env, DATABASE_URL: testDatabaseUrl(), PORT: '3000' });
  dir = await mkdtemp(join(tmpdir(), 'facturo-sdk-'));
  const ast = await openapiTS(structuredClone(doc) as unknown as Parameters<typeof openapiTS>[0]);
  await writeFile(join(dir, 'api.d.ts'), astToString(ast));
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const CLIENT = `
import type { paths } from './api';

type Issue = paths['/api/documents']['post'];
export type IssueBody = Issue['requestBody'] extends { content: { 'application/json': infer B } } ? B : never;
export type Issued = Issue['responses'][200]['content']['application/json'];
export type ListRow = paths['/api/documents/lists']['get']['responses'][200]['content']['application/json']['data'][number];
export type Failure = Issue['responses'][422]['content']['application/json'];

export async function issue(baseUrl: string, token: string, body: IssueBody, key?: string): Promise<Issued> {
  const headers: Record<string, string> = { authorization: 'Bearer ' + token, 'content-type': 'application/json' };
  if (key) headers['Idempotency-Key'] = key;
  const res = await fetch(baseUrl + '/api/documents', { method: 'POST', headers, body: JSON.stringify(body) });
  if (!res.ok) {
    const failure = (await res.json()) as Failure;
    throw new Error(failure.code + ': ' + failure.errors.map((e) => e.path).join(', '));
  }
  return (await res.json()) as Issued;
}

export function summary(issued: Issued, row: ListRow): string {
  const due: string | null = row.date_of_due;
  return issued.data.number + ' ' + issued.data.external_id + ' ' + row.soap_type_id + ' ' + row.created_at + ' ' + due;
}
`;

async function typeCheck(files: Record<string, string>): Promise<string> {
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler'];
  try {
    await run(process.execPath, [tsc, ...args, '--lib', 'es2022,dom', ...Object.keys(files).map((f) => join(dir, f))]);
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('SDK from the OpenAPI document', () => {
  it('generates types that a small client type-checks against', async () => {
    expect(await typeCheck({ 'client.ts': CLIENT })).toBe('');
  }, 120_000);

  it('and a client that reads a field with the wrong type or a missing field does not', async () => {
    const wrong = `${CLIENT}
export const wrongType = (i: Issued): number => i.data.number;
export const missing = (i: Issued) => i.data.no_such_field;
`;
    const errors = await typeCheck({ 'wrong.ts': wrong });
    expect(errors).toContain("Type 'string' is not assignable to type 'number'");
    expect(errors).toContain('no_such_field');
  }, 120_000);
});

describe('Postman collection', () => {
  it('has every operation, the request examples, {{baseUrl}} and the {{token}} variable', () => {
    const collection = postmanCollection(doc);
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(collection.variable.map((v: { key: string }) => v.key)).toEqual(
      expect.arrayContaining(['baseUrl', 'token', 'adminUrl', 'adminToken']),
    );
    expect(collection.variable.find((v: { key: string }) => v.key === 'baseUrl').value).toBe(
      'http://demo.localhost:3000',
    );
    const requests = collection.item.flatMap((folder: { item: { name: string; request: any }[] }) => folder.item);
    const issue = requests.filter((r: { request: any }) => r.request.url.raw === '{{baseUrl}}/api/documents');
    const documented = Object.keys(
      (doc.paths['/api/documents'].post as any).requestBody.content['application/json'].examples,
    );
    expect(documented.length).toBeGreaterThan(20);
    expect(issue).toHaveLength(documented.length);
    expect(issue[0].request.auth.bearer[0].value).toBe('{{token}}');
    expect(JSON.parse(issue[0].request.body.raw)).toHaveProperty('serie_documento');
    const tenants = requests.find(
      (r: { request: any }) => r.request.url.raw === '{{adminUrl}}/api/tenants' && r.request.method === 'POST',
    );
    expect(tenants.request.auth.bearer[0].value).toBe('{{adminToken}}');
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item)).length;
    expect(new Set(requests.map((r: { request: any }) => `${r.request.method} ${r.request.url.raw}`)).size).toBe(
      operations,
    );
  });
});
