// Malformed and hostile request bodies for the drills: every one must be refused (4xx) without writing anything.
// Each is a valid factura body broken in one way (so that the server cannot accept it), or not JSON at all.

export interface HostileBody {
  payload: string;
  contentType?: string;
  kind: string;
}

type Body = Record<string, any>;

function deep(levels: number): unknown {
  let node: unknown = 'x';
  for (let i = 0; i < levels; i += 1) node = { a: node };
  return node;
}

const MUTATIONS: { kind: string; apply(b: Body, i: number): Body | string }[] = [
  { kind: 'wrong type: items is a string', apply: (b) => ({ ...b, items: 'todos' }) },
  { kind: 'wrong type: total as object', apply: (b) => ({ ...b, totales: { ...b.totales, total_venta: { $gt: 0 } } }) },
  { kind: 'wrong type: date as number', apply: (b) => ({ ...b, fecha_de_emision: 20260101 }) },
  { kind: 'array instead of body', apply: (b) => JSON.stringify([b]) },
  { kind: 'null body', apply: () => 'null' },
  {
    kind: 'huge description',
    apply: (b, i) => ({ ...b, items: [{ ...b.items[0], descripcion: 'Á'.repeat(20_000 + i) }] }),
  },
  { kind: 'huge series', apply: (b) => ({ ...b, serie_documento: 'F'.repeat(100_000) }) },
  { kind: 'deep nesting', apply: (b, i) => ({ ...b, datos_del_cliente_o_receptor: deep(500 + (i % 2000)) }) },
  { kind: 'unicode in the series', apply: (b) => ({ ...b, serie_documento: 'F0😀1' }) },
  {
    kind: 'NUL and RTL in the customer RUC',
    apply: (b) => ({
      ...b,
      datos_del_cliente_o_receptor: { ...b.datos_del_cliente_o_receptor, numero_documento: '2060\u0000418\u202e7339' },
    }),
  },
  { kind: 'lone surrogate in the currency', apply: (b) => ({ ...b, codigo_tipo_moneda: 'PE\ud800' }) },
  { kind: 'negative quantity', apply: (b) => ({ ...b, items: b.items.map((it: Body) => ({ ...it, cantidad: -3 })) }) },
  { kind: 'negative amount', apply: (b) => ({ ...b, totales: { ...b.totales, total_venta: -580.91 } }) },
  {
    kind: 'enormous amount',
    apply: (b) => ({ ...b, items: [{ ...b.items[0], valor_unitario: 1e308, precio_unitario: 1e308 }] }),
  },
  {
    kind: 'amount beyond double',
    apply: (b) => JSON.stringify(b).replace('"total_venta":580.91', '"total_venta":1e400'),
  },
  {
    kind: 'NaN and Infinity as strings',
    apply: (b) => ({ ...b, items: [{ ...b.items[0], cantidad: 'NaN', valor_unitario: 'Infinity' }] }),
  },
  {
    kind: '__proto__ pollution',
    apply: (b) =>
      JSON.stringify({ ...b, serie_documento: undefined }).replace(
        /^\{/,
        '{"__proto__":{"serie_documento":"F001","isAdmin":true},',
      ),
  },
  {
    kind: 'constructor.prototype pollution',
    apply: (b) => ({ ...b, constructor: { prototype: { polluted: true } }, codigo_tipo_documento: '99' }),
  },
  { kind: 'items empty', apply: (b) => ({ ...b, items: [] }) },
  { kind: '100k items', apply: (b) => ({ ...b, items: Array.from({ length: 100_000 }, () => 1) }) },
  { kind: 'wrong content type', apply: (b) => JSON.stringify(b) },
  { kind: 'truncated JSON', apply: (b) => JSON.stringify(b).slice(0, 200) },
  { kind: 'number as huge exponent string', apply: (b) => ({ ...b, numero_documento: '1e99999' }) },
  { kind: 'SQL in the series', apply: (b) => ({ ...b, serie_documento: "F001'; DROP TABLE documents; --" }) },
];

export function hostileBodies(base: Body, n: number): HostileBody[] {
  const out: HostileBody[] = [];
  for (let i = 0; i < n; i += 1) {
    const m = MUTATIONS[i % MUTATIONS.length];
    const result = m.apply(structuredClone(base), i);
    const payload = typeof result === 'string' ? result : JSON.stringify(result);
    out.push({ kind: m.kind, payload, contentType: m.kind === 'wrong content type' ? 'text/plain' : undefined });
  }
  return out;
}
