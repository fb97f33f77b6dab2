// Malformed and hostile requests for the drills and the fuzz test: every one must be refused with a clear 4xx (or,
// when the mutation happens to leave a valid request, accepted) — never a 5xx — and a refused one writes nothing.
//
// - HOSTILE_VALUES: the classes of values an attacker (or a broken ERP) sends in place of a field, as raw JSON text
//   (so that 1e400, -0 and lone surrogates reach the server exactly as written).
// - mutationCases(): for every field of every example body, the field deleted, wrapped in an array or an object,
//   and replaced by each hostile value; for every object, hostile keys added; for every body, whole-body breakages
//   (not JSON, wrong Content-Type, no body…); for GET and DELETE routes, each path or query parameter replaced.
// - hostileBodies(): the older list of whole-body breakages of a factura, kept as one more class.

export interface HostileBody {
  payload: string;
  contentType?: string;
  kind: string;
}

type Body = Record<string, any>;

export interface HostileValue {
  cls: string;
  label: string;
  json: string;
}

const text = (cls: string, label: string, value: string): HostileValue => ({ cls, label, json: JSON.stringify(value) });
const raw = (cls: string, label: string, json: string): HostileValue => ({ cls, label, json });

const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

export const HOSTILE_VALUES: HostileValue[] = [
  text('nul', 'NUL alone', '\u0000'),
  text('nul', 'NUL inside a text', 'F00\u00001'),
  text('surrogate', 'lone high surrogate', '\ud800'),
  text('surrogate', 'lone low surrogate inside a text', 'Caf\udc00é'),
  text('surrogate', 'reversed pair', '\udfff\ud800'),
  text('odd-unicode', 'right-to-left override', '\u202eFCAT\u202c'),
  text('odd-unicode', 'zero-width characters', '\u200b\u200c\u200d\u2060'),
  text('odd-unicode', 'emoji and flags', '😀🇵🇪👩‍👩‍👧'),
  text('odd-unicode', '500 combining accents', `e${'\u0301'.repeat(500)}`),
  text('odd-unicode', 'BOM and line separators', '\ufeff\u2028\u2029\u0085'),
  text('odd-unicode', 'full-width and Arabic-Indic digits', '１２３٤٥'),
  text('odd-unicode', 'control characters', '\u0001\u0007\u001b[31m\u007f'),
  text('long-string', '100,000 characters', 'A'.repeat(100_000)),
  text('long-string', '20,000 accented characters', 'Ñ'.repeat(20_000)),
  text('long-string', '5,000 digits', '9'.repeat(5_000)),
  raw('huge-number', '1e308', '1e308'),
  raw('huge-number', 'largest double', '1.7976931348623157e308'),
  raw('huge-number', '1e400 (beyond a double)', '1e400'),
  raw('huge-number', '-1e400', '-1e400'),
  raw('huge-number', '1e15 (words limit)', '1e15'),
  raw('huge-number', '13 integer digits', '1000000000000'),
  raw('huge-number', '999999999999.999 (rounds to 13 digits)', '999999999999.999'),
  raw('huge-number', '2^31 (beyond int4)', '2147483648'),
  raw('huge-number', '99999999999 (beyond int4)', '99999999999'),
  raw('huge-number', '2^53 + 1', '9007199254740993'),
  raw('huge-number', '30-digit integer', '123456789012345678901234567890'),
  raw('negative', '-1', '-1'),
  raw('negative', '-0', '-0'),
  raw('negative', '-0.000001', '-0.000001'),
  raw('negative', '-1e308', '-1e308'),
  raw('tiny', '1e-300', '1e-300'),
  raw('tiny', '0.00000000001', '0.00000000001'),
  raw('tiny', 'zero', '0'),
  text('numeric-string', 'NaN', 'NaN'),
  text('numeric-string', 'Infinity', 'Infinity'),
  text('numeric-string', '-Infinity', '-Infinity'),
  text('numeric-string', 'exponent 1e99999', '1e99999'),
  text('numeric-string', 'exponent 1e3', '1e3'),
  text('numeric-string', 'hex 0x1F', '0x1F'),
  text('numeric-string', 'binary 0b101', '0b101'),
  text('numeric-string', 'separators 1_000 and 1,5', '1_000,5'),
  text('numeric-string', 'padded " 12 "', ' 12 '),
  text('numeric-string', 'signed "+5"', '+5'),
  text('numeric-string', '".5" and "5."', '.5'),
  text('numeric-string', '100 zeros then 1', `0.${'0'.repeat(100)}1`),
  text('empty', 'empty text', ''),
  text('empty', 'blanks', '   \t\n'),
  raw('empty', 'empty object', '{}'),
  raw('empty', 'empty array', '[]'),
  raw('null', 'null', 'null'),
  raw('wrong-type', 'true', 'true'),
  raw('wrong-type', 'false', 'false'),
  text('wrong-type', 'a word', 'texto'),
  raw('wrong-type', 'a number', '987654'),
  raw('wrong-type', 'an array of numbers', '[1,2,3]'),
  raw('wrong-type', 'an object', '{"valor":1}'),
  text('date', 'month 13, day 45', '2026-13-45'),
  text('date', 'year 0000', '0000-01-01'),
  text('date', 'year 9999', '9999-12-31'),
  text('date', 'February 30', '2026-02-30'),
  text('date', 'extended year', '+275760-09-13'),
  text('date', 'time 25:61:61', '25:61:61'),
  text('injection', 'SQL quote', "' OR '1'='1"),
  text('injection', 'SQL statement', '"; DROP TABLE documents; --'),
  text('injection', 'path traversal', '../../../../etc/passwd'),
  text('injection', 'HTML/XML markup', '<script>alert(1)</script><![CDATA[x]]>&amp;'),
  text('injection', 'template and JNDI', '${jndi:ldap://x/a}{{7*7}}%s%n'),
  text('injection', 'percent sequences', '%00%ff%zz'),
  raw('proto', '__proto__ object', '{"__proto__":{"polluted":true,"isAdmin":true}}'),
  raw('proto', 'constructor.prototype object', '{"constructor":{"prototype":{"polluted":true}}}'),
  text('proto', '"__proto__" as a value', '__proto__'),
  raw('deep-nesting', '5,000 nested arrays', deepArray(5_000)),
  raw('deep-nesting', '1,000 nested objects', deepObject(1_000)),
  raw('big-array', '5,000 numbers', `[${Array(5_000).fill('0').join(',')}]`),
  raw('big-array', '2,000 objects', `[${Array(2_000).fill('{"a":1}').join(',')}]`),
];

/** Keys added to every object of a body. */
export const HOSTILE_KEYS: { label: string; json: string }[] = [
  { label: '__proto__ key', json: '"__proto__":{"polluted":true}' },
  { label: 'constructor key', json: '"constructor":{"prototype":{"polluted":true}}' },
  { label: 'NUL key', json: '"a\\u0000b":1' },
  { label: 'lone surrogate key', json: '"\\ud800":1' },
  { label: '10,000-character key', json: `"${'k'.repeat(10_000)}":1` },
  { label: 'duplicated key of another type', json: '"x":1,"x":{"y":[]}' },
];

export interface FuzzRequest {
  method: 'GET' | 'DELETE' | BodyMethod;
  url: string;
  /** The body, built when sent (the full set of cases would hold half a gigabyte); absent: no body. */
  payload?: () => string | Buffer;
  /** undefined: application/json when there is a payload; null: no Content-Type header. */
  contentType?: string | null;
}

export interface FuzzCase extends FuzzRequest {
  endpoint: string;
  example: string;
  /** The field, key or parameter mutated ('items[0].cantidad', '{items[0]}', '(body)', 'param inicio'). */
  target: string;
  cls: string;
  label: string;
}

type Path = (string | number)[];

function formatPath(path: Path): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${key}` : key;
  return out;
}

/** Every path of a JSON value below its root, containers included. */
export function fieldPaths(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push([...prefix, i], ...fieldPaths(item, [...prefix, i]));
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) out.push([...prefix, key], ...fieldPaths(item, [...prefix, key]));
  }
  return out;
}

function objectPaths(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value))
    value.forEach((item, i) => {
      out.push(...objectPaths(item, [...prefix, i]));
    });
  else if (value !== null && typeof value === 'object') {
    out.push(prefix);
    for (const [key, item] of Object.entries(value)) out.push(...objectPaths(item, [...prefix, key]));
  }
  return out;
}

const MARKER = '__facturo_hostile_marker__';

function at(root: any, path: Path): any {
  return path.reduce((node, key) => node[key], root);
}

/** The body with the value at `path` replaced by raw JSON text. */
export function replaceAt(body: unknown, path: Path, json: string): string {
  const copy = structuredClone(body) as any;
  at(copy, path.slice(0, -1))[path.at(-1)!] = MARKER;
  return JSON.stringify(copy).replace(`"${MARKER}"`, () => json);
}

function deleteAt(body: unknown, path: Path): string {
  const copy = structuredClone(body) as any;
  const parent = at(copy, path.slice(0, -1));
  const key = path.at(-1)!;
  if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete parent[key];
  return JSON.stringify(copy);
}

function addKeyAt(body: unknown, path: Path, json: string): string {
  const copy = structuredClone(body) as any;
  at(copy, path)[MARKER] = 0;
  return JSON.stringify(copy).replace(`"${MARKER}":0`, () => json);
}

/** Whole-body breakages, for any JSON route. */
function wholeBodyCases(body: unknown): { label: string; payload?: string | Buffer; contentType?: string | null }[] {
  const json = JSON.stringify(body);
  return [
    { label: 'null body', payload: 'null' },
    { label: 'array body', payload: `[${json}]` },
    { label: 'string body', payload: '"texto"' },
    { label: 'number body', payload: '42' },
    { label: 'empty object', payload: '{}' },
    { label: 'truncated JSON', payload: json.slice(0, Math.max(1, Math.floor(json.length / 2))) },
    { label: 'trailing garbage', payload: `${json}xyz` },
    { label: 'BOM before JSON', payload: `\ufeff${json}` },
    {
      label: 'invalid UTF-8 bytes',
      payload: Buffer.concat([
        Buffer.from(json.slice(0, -1)),
        Buffer.from(',"x":"'),
        Buffer.from([0xff, 0xc0, 0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]),
    },
    { label: '20,000 nested arrays', payload: deepArray(20_000) },
    { label: '__proto__ at the root', payload: json.replace(/^\{/, '{"__proto__":{"polluted":true},') },
    { label: 'Content-Type text/plain', payload: json, contentType: 'text/plain' },
    { label: 'Content-Type application/vnd.api+json', payload: json, contentType: 'application/vnd.api+json' },
    { label: 'Content-Type form', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    {
      label: 'Content-Type multipart',
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      contentType: 'multipart/form-data; boundary=x',
    },
    { label: 'no Content-Type', payload: json, contentType: null },
    { label: 'no body at all', contentType: null },
    { label: 'empty JSON body', payload: '' },
  ];
}

/** A parameter value as it travels in a URL (lone surrogates as the bytes a broken client would send). */
export function encodeParam(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}

/** What a hostile value becomes in a path or query parameter: its text, or its JSON text. */
function asParameter(v: HostileValue): string {
  const parsed = JSON.parse(v.json);
  // URLs are bounded by the server's header size (16 KiB): longer values test the HTTP parser, not us.
  return (typeof parsed === 'string' ? parsed : v.json).slice(0, 4_000);
}

export type BodyMethod = 'POST' | 'PATCH' | 'PUT';

export interface BodyEndpoint {
  method: BodyMethod;
  path: string;
  examples: { name: string; body: unknown }[];
}

export interface ParamEndpoint {
  method: 'GET' | 'DELETE';
  /** `/api/documents/lists/{inicio}/{fin}` */
  template: string;
  params: Record<string, string>;
  query?: Record<string, string>;
}

export type FuzzTarget = (BodyEndpoint | ParamEndpoint) & { name: string };

function urlOf(e: ParamEndpoint, params: Record<string, string>, query: Record<string, string>): string {
  const path = e.template.replace(/\{(\w+)\}/g, (_m, k: string) => params[k]);
  const qs = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

function paramCases(e: ParamEndpoint & { name: string }): FuzzCase[] {
  const out: FuzzCase[] = [];
  const baseParams = Object.fromEntries(Object.entries(e.params).map(([k, v]) => [k, encodeParam(v)]));
  const baseQuery = Object.fromEntries(Object.entries(e.query ?? {}).map(([k, v]) => [k, encodeParam(v)]));
  const variants: { cls: string; label: string; encoded: string }[] = [
    ...HOSTILE_VALUES.map((v) => ({ cls: v.cls, label: v.label, encoded: encodeParam(asParameter(v)) })),
    { cls: 'bad-percent', label: 'malformed % sequence', encoded: '%zz' },
    { cls: 'bad-percent', label: 'truncated UTF-8 sequence', encoded: '%E0%A4%A' },
    { cls: 'bad-percent', label: 'encoded slash and dot-dot', encoded: '..%2F..%2Fetc%2Fpasswd' },
  ];
  for (const [kind, base] of [
    ['param', baseParams],
    ['query', baseQuery],
  ] as const) {
    for (const key of Object.keys(base)) {
      for (const variant of variants) {
        const params = kind === 'param' ? { ...baseParams, [key]: variant.encoded } : baseParams;
        const query = kind === 'query' ? { ...baseQuery, [key]: variant.encoded } : baseQuery;
        out.push({
          endpoint: e.name,
          example: 'base',
          target: `${kind} ${key}`,
          cls: variant.cls,
          label: variant.label,
          method: e.method,
          url: urlOf(e, params, query),
        });
      }
      if (kind === 'query') {
        const { [key]: _dropped, ...rest } = baseQuery;
        out.push({
          endpoint: e.name,
          example: 'base',
          target: `query ${key}`,
          cls: 'deleted',
          label: 'parameter left out',
          method: e.method,
          url: urlOf(e, baseParams, rest),
        });
        out.push({
          endpoint: e.name,
          example: 'base',
          target: `query ${key}`,
          cls: 'wrong-type',
          label: 'parameter repeated',
          method: e.method,
          url: urlOf(e, baseParams, { ...baseQuery, [key]: `${baseQuery[key]}&${key}=1` }),
        });
      }
    }
  }
  return out;
}

function bodyCases(e: BodyEndpoint & { name: string }): FuzzCase[] {
  const out: FuzzCase[] = [];
  const add = (
    example: string,
    target: string,
    cls: string,
    label: string,
    payload?: () => string | Buffer,
    contentType?: string | null,
  ) => out.push({ endpoint: e.name, example, target, cls, label, method: e.method, url: e.path, payload, contentType });
  for (const { name, body } of e.examples) {
    for (const path of fieldPaths(body)) {
      const target = formatPath(path);
      const original = () => JSON.stringify(at(body, path));
      add(name, target, 'deleted', 'field deleted', () => deleteAt(body, path));
      add(name, target, 'array-for-object', 'wrapped in an array', () => replaceAt(body, path, `[${original()}]`));
      add(name, target, 'object-for-array', 'wrapped in an object', () =>
        replaceAt(body, path, `{"valor":${original()}}`),
      );
      for (const v of HOSTILE_VALUES) add(name, target, v.cls, v.label, () => replaceAt(body, path, v.json));
    }
    for (const path of objectPaths(body)) {
      for (const k of HOSTILE_KEYS)
        add(name, `{${formatPath(path)}}`, 'hostile-key', k.label, () => addKeyAt(body, path, k.json));
    }
    for (const w of wholeBodyCases(body))
      add(name, '(body)', 'whole-body', w.label, w.payload === undefined ? undefined : () => w.payload!, w.contentType);
  }
  return out;
}

/** Every mutation of every target: bodies field by field, objects key by key, GET and DELETE routes parameter by
 * parameter. */
export function mutationCases(targets: FuzzTarget[]): FuzzCase[] {
  return targets.flatMap((t) => ('template' in t ? paramCases(t) : bodyCases(t)));
}

/**
 * A deterministic spread of `n` cases: round-robin over (endpoint, class) groups; within a group, seeded order with
 * each field (target) taken once before any is taken again — so a larger `n` reaches every field of every class.
 */
export function sampleCases(cases: FuzzCase[], n: number, seed = 16): FuzzCase[] {
  if (n >= cases.length) return cases;
  let state = seed >>> 0;
  const random = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const groups = new Map<string, FuzzCase[]>();
  for (const c of cases) {
    const key = `${c.endpoint}|${c.cls}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(c);
  }
  const queues = [...groups.values()].map((group) => {
    const shuffled = [...group];
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    // The k-th case of each target comes in round k.
    const seen = new Map<string, number>();
    const rank = new Map(
      shuffled.map((c) => {
        const k = seen.get(c.target) ?? 0;
        seen.set(c.target, k + 1);
        return [c, k] as const;
      }),
    );
    return shuffled.sort((a, b) => rank.get(a)! - rank.get(b)!);
  });
  const out: FuzzCase[] = [];
  for (let round = 0; out.length < n; round += 1) {
    for (const q of queues) if (round < q.length && out.length < n) out.push(q[round]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The older whole-body set for a factura (kept: it still finds what a field-by-field pass does not).

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
    apply: (b) => JSON.stringify(b).replace(/"total_venta":[0-9.]+/, '"total_venta":1e400'),
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
