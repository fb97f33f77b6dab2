// The input schema is the OpenAPI documentation integrators read: every field described, components with stable
// ids, usable as a fastify-type-provider-zod route body schema. Its output parses again to the same value.
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentBodySchema } from '../../../src/core/index.ts';
import { loadInvoiceFixture, invoiceFixtureNames } from '../../fixtures/invoices.ts';

type Json = Record<string, any>;

function undocumented(schema: Json, where: string, out: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  if (schema.properties) {
    for (const [key, prop] of Object.entries<Json>(schema.properties)) {
      if (!prop.description && !prop.$ref) out.push(`${where}.${key}`);
      undocumented(prop, `${where}.${key}`, out);
    }
  }
  for (const k of ['items', 'additionalProperties']) if (schema[k]) undocumented(schema[k], `${where}[]`, out);
  for (const k of ['anyOf', 'oneOf', 'allOf']) for (const s of schema[k] ?? []) undocumented(s, where, out);
}

describe('documentBodySchema as OpenAPI', () => {
  const json = z.toJSONSchema(documentBodySchema, { io: 'input', unrepresentable: 'any' }) as Json;

  it('registers reusable components with stable ids', () => {
    expect(Object.keys(json.$defs).sort()).toEqual(
      [
        'AffectedDocument',
        'DocumentActions',
        'DocumentAdvance',
        'DocumentAllowanceCharge',
        'DocumentBody',
        'DocumentCustomer',
        'DocumentDetraction',
        'DocumentGuide',
        'DocumentInstallment',
        'DocumentInvoicePerception',
        'DocumentItem',
        'DocumentItemAttribute',
        'DocumentLegend',
        'DocumentPayment',
        'DocumentRelated',
        'DocumentRetention',
        'DocumentTotals',
      ].sort(),
    );
  });

  it('describes every field of every component', () => {
    const missing: string[] = [];
    for (const [id, def] of Object.entries<Json>(json.$defs)) {
      expect(def.description, `${id} has a description`).toBeTruthy();
      undocumented(def, id, missing);
    }
    expect(missing).toEqual([]);
  });

  it('documents amounts as number or numeric string and the required keys of the dialect', () => {
    const body = json.$defs.DocumentBody;
    expect(body.required).toEqual(
      expect.arrayContaining([
        'serie_documento',
        'numero_documento',
        'fecha_de_emision',
        'hora_de_emision',
        'codigo_tipo_documento',
        'codigo_tipo_moneda',
        'datos_del_cliente_o_receptor',
        'items',
      ]),
    );
    const cantidad = json.$defs.DocumentItem.properties.cantidad;
    expect(JSON.stringify(cantidad)).toMatch(/number/);
    expect(JSON.stringify(cantidad)).toMatch(/string/);
  });

  it('works as a fastify-type-provider-zod route body (jsonSchemaTransform + components)', () => {
    const route = jsonSchemaTransform({
      schema: { body: documentBodySchema },
      url: '/api/documents',
      route: {} as never,
      openapiObject: { openapi: '3.1.0' },
    } as never) as { schema: Json };
    // Schemas with transforms get an "Input" component for request bodies (stack.md).
    expect(route.schema.body).toEqual({ $ref: '#/components/schemas/DocumentBodyInput' });
    const doc = jsonSchemaTransformObject({ openapiObject: { openapi: '3.1.0', components: {} } } as never) as Json;
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['DocumentBodyInput', 'DocumentItemInput', 'DocumentTotalsInput']),
    );
    expect(doc.components.schemas.DocumentItemInput.properties.descripcion.description).toMatch(/500/);
    expect(doc.components.schemas.DocumentBodyInput.properties.items.items).toEqual({
      $ref: '#/components/schemas/DocumentItemInput',
    });
  });
});

describe('documentBodySchema as a parser', () => {
  it('parsing its own output again gives the same value (route validation and prepareDocument agree)', () => {
    for (const name of invoiceFixtureNames()) {
      const once = documentBodySchema.parse(loadInvoiceFixture(name));
      const twice = documentBodySchema.parse(once);
      expect(JSON.stringify(twice), name).toBe(JSON.stringify(once));
    }
  });
  it('tolerates unknown keys (dropped), e.g. datos_del_emisor of old examples and vendor extensions', () => {
    const body: Json = { ...loadInvoiceFixture('01-taxed'), something_new: { a: 1 } };
    body.items[0].campo_libre = 'x';
    const parsed = documentBodySchema.parse(body) as Json;
    expect(parsed.something_new).toBeUndefined();
    expect(parsed.items[0].campo_libre).toBeUndefined();
  });
});
