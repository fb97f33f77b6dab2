// The walk that finds the keys a body sends and its schema does not know (src/core/unknown-fields.ts), and the
// "¿Quiso decir…?" distance behind its suggestions (src/core/closest-name.ts).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closestName, closestNames, editDistance } from '../../src/core/closest-name.ts';
import { documentBodySchema } from '../../src/core/invoice/schema.ts';
import { explainNearMisses, refusingUnknownKeys, unknownFields, withAliases } from '../../src/core/unknown-fields.ts';

describe('editDistance (Damerau–Levenshtein, optimal string alignment)', () => {
  it('counts a swapped pair of letters as one edit', () => {
    expect(editDistance('fecha_de_vencimeinto', 'fecha_de_vencimiento')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
  });
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('enviar_xml_firmdo', 'enviar_xml_firmado')).toBe(1);
    expect(editDistance('serie_documentos', 'serie_documento')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('closestNames', () => {
  const names = ['serie_documento', 'numero_documento', 'monto', 'base'];
  it('suggests a known name within a typo, ignoring case', () => {
    expect(closestNames('Serie_Documentos', names)).toEqual(['serie_documento']);
    expect(closestName('mont', names)).toBe('monto');
  });
  it('suggests nothing for an unrelated word or a short word two edits away', () => {
    expect(closestNames('color_favorito', names)).toEqual([]);
    expect(closestNames('bxsx', names)).toEqual([]);
  });
  it('lists ties; closestName refuses to pick one', () => {
    expect(closestNames('abc', ['abd', 'abe'])).toEqual(['abd', 'abe']);
    expect(closestName('abc', ['abd', 'abe'])).toBeUndefined();
  });
});

describe('unknownFields', () => {
  it('walks optional, preprocessed and nested objects, lists and records', () => {
    const schema = z.object({
      a: z.string().optional(),
      b: z.preprocess((v) => v, z.object({ x: z.number() })),
      list: z.array(z.object({ y: z.string() })).optional(),
      free: z.record(z.string(), z.object({ z: z.string() })),
      any: z.unknown(),
    });
    const found = unknownFields(schema, {
      aa: 1,
      b: { x: 1, xx: 2 },
      list: [{ y: 'a' }, { y: 'b', yy: 1 }],
      free: { anything: { z: 'a', zz: 1 } },
      any: { whatever: true },
    });
    expect(found.map((f) => [f.path, f.parent, f.suggestions])).toEqual([
      ['aa', '', ['a']],
      ['b.xx', 'b', ['x']],
      ['list[1].yy', 'list[1]', ['y']],
      ['free.anything.zz', 'free.anything', ['z']],
    ]);
  });

  it('takes passthrough objects whole, and an alias only on the object it is declared on', () => {
    const inner = z.object({ n: z.string() });
    const schema = z.object({
      open: z.object({}).passthrough(),
      aliased: withAliases(z.object({ numero: z.string(), inner }), ['numero_documento']),
    });
    const found = unknownFields(schema, {
      open: { k: 1 },
      aliased: { numero_documento: 'F001-1', inner: { numero_documento: 'x', n: 'a' } },
    });
    expect(found.map((f) => f.path)).toEqual(['aliased.inner.numero_documento']);
  });

  it('judges a union by the option the value fits best', () => {
    const schema = z.object({ u: z.union([z.object({ a: z.string() }), z.object({ b: z.string(), c: z.string() })]) });
    expect(unknownFields(schema, { u: { b: '1', c: '2' } })).toEqual([]);
    expect(unknownFields(schema, { u: { b: '1', d: '2' } }).map((f) => f.path)).toEqual(['u.d']);
  });

  it('marks the keys inside a refusing block, and below it, as refused', () => {
    const schema = z.object({
      acciones: refusingUnknownKeys(z.object({ inner: z.object({}).optional() })),
      x: z.string(),
    });
    const found = unknownFields(schema, { acciones: { y: 1, inner: { z: 1 } }, w: 1 });
    expect(found.map((f) => [f.path, f.refused])).toEqual([
      ['acciones.y', true],
      ['acciones.inner.z', true],
      ['w', false],
    ]);
  });

  it('finds nothing in every documented field of the document body', () => {
    const body = {
      serie_documento: 'F001',
      anticipos: [{ numero_documento: 'F001-1', codigo_tipo_documento: '02', monto: 1, total: 1.18 }],
      guias: [{ numero_documento: 'T001-1', codigo_tipo_documento: '09' }],
      descuentos: [{ codigo: '02', cantidad_sin_redondeo: 1, global_distribucion: true }],
      acciones: { enviar_xml_firmado: false, auto_print: true },
      datos_del_emisor: { codigo_del_domicilio_fiscal: '0000', ubigeo: '150101', telefono: 1 },
    };
    expect(unknownFields(documentBodySchema, body)).toEqual([]);
  });
});

describe('explainNearMisses', () => {
  it('adds the near miss received beside a missing field, and leaves other problems alone', () => {
    const unknown = unknownFields(z.object({ serie_documento: z.string(), x: z.string() }), {
      serie_documentos: 'F001',
    });
    const problems = [
      { path: 'serie_documento', message: 'Este campo es obligatorio.' },
      { path: 'x', message: 'Este campo es obligatorio.' },
    ];
    expect(explainNearMisses(problems, unknown, () => true).map((p) => p.message)).toEqual([
      'Este campo es obligatorio. Se recibió "serie_documentos", que no se conoce: ¿quiso decir "serie_documento"?',
      'Este campo es obligatorio.',
    ]);
  });
});
