// What the OpenAPI document promises about every route, checked by walking it: a route whose body is not strict
// declares `warnings` in its success answer (where unknown keys are reported, src/platform/http/validation.ts).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

type Json = Record<string, any>;

async function openapi(): Promise<Json> {
  const res = await t.app.inject({ method: 'GET', url: '/documentation/json', headers: { host: t.tenant.hostname } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function resolver(doc: Json) {
  const resolve = (schema: Json | undefined): Json => {
    let s = schema ?? {};
    while (s.$ref) s = doc.components.schemas[String(s.$ref).split('/').pop()!];
    return s;
  };
  return resolve;
}

function operations(doc: Json): { key: string; op: Json }[] {
  return Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

describe('OpenAPI: unknown keys have somewhere to be reported', () => {
  it('every operation with a non-strict JSON body declares warnings[] in its success answer', async () => {
    const doc = await openapi();
    const resolve = resolver(doc);
    const missing: string[] = [];
    let checked = 0;
    for (const { key, op } of operations(doc)) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (!body || resolve(body).additionalProperties === false) continue;
      const ok = op.responses['200'] ?? op.responses['202'];
      const schema = resolve(ok?.content?.['application/json']?.schema);
      const options = [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as Json[]).map(resolve)];
      checked += 1;
      if (!options.some((o) => o.properties?.warnings)) missing.push(key);
    }
    expect(checked).toBeGreaterThan(25);
    expect(missing).toEqual([]);
  });
});
