// Properties of the dispatch-guide core over generated bodies (test/property/dispatch-bodies.ts): every body SUNAT
// accepts is accepted, and its DespatchAdvice is XSD-valid (libxml2, UBL 2.1) and carries a signature that verifies;
// every body with one thing SUNAT rejects is refused with an issue naming that field, with one of our codes and,
// when it cites SUNAT, a rejection code (below 4000). SUNAT's own GRE stylesheets judged the same generator during
// development (docs/dispatch-guides.md); no test depends on them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignDispatchNumber,
  buildDispatchXml,
  prepareDispatch,
  type DispatchKind,
} from '../../src/core/dispatch/index.ts';
import { ISSUE_CODES } from '../../src/core/index.ts';
import { signXml } from '../../src/core/signing.ts';
import { verifyXmlSignature } from '../../src/core/signing/verify.ts';
import { validateXsd } from '../../src/simulator/xsd.ts';
import { REPO_ROOT } from '../fixtures/invoices.ts';
import { type Body, carrierBody, DISPATCH_TODAY, dispatchIssuer, senderBody, shift } from './dispatch-bodies.ts';

const KEYS = join(REPO_ROOT, 'test/fixtures/keys');
const key = {
  privateKeyPem: readFileSync(join(KEYS, 'test-key.pem'), 'utf8'),
  certificatePem: readFileSync(join(KEYS, 'test-cert.pem'), 'utf8'),
};
const ctx = { today: DISPATCH_TODAY, timeNow: '09:00:00', issuer: dispatchIssuer, mode: 'production' as const };
const SCHEMA = join(REPO_ROOT, 'assets/sunat/xsd/2.1/maindoc/UBL-DespatchAdvice-2.1.xsd');

function acceptedProblem(body: Body, kind: DispatchKind): string | undefined {
  const prepared = prepareDispatch(structuredClone(body), ctx, kind);
  if (!prepared.ok) return `refused: ${JSON.stringify(prepared.issues)}`;
  const xml = signXml(buildDispatchXml(assignDispatchNumber(prepared.document, 7), dispatchIssuer), key).xml;
  const xsd = validateXsd(new TextEncoder().encode(xml), SCHEMA);
  if (!xsd.valid) return `not XSD-valid: ${xsd.message}`;
  const signature = verifyXmlSignature(xml);
  if (!signature.valid) return `signature does not verify: ${JSON.stringify(signature)}`;
  return undefined;
}

describe('bodies SUNAT accepts', () => {
  it('remitente guides (09) across modes, indicators and motives: accepted, XSD-valid, signed', () => {
    fc.assert(
      fc.property(senderBody(), (body) => {
        expect(acceptedProblem(body, 'sender')).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });
  it('transportista guides (31): accepted, XSD-valid, signed', () => {
    fc.assert(
      fc.property(carrierBody(), (body) => {
        expect(acceptedProblem(body, 'carrier')).toBeUndefined();
      }),
      { numRuns: 80 },
    );
  });
});

/** One thing SUNAT rejects, and the field the refusal must name. */
interface Mutation {
  name: string;
  applies?: (b: Body) => boolean;
  apply: (b: Body) => void;
  path: string;
}

const SENDER_MUTATIONS: Mutation[] = [
  {
    name: 'transfer before issue',
    apply: (b) => {
      b.fecha_de_traslado = shift(DISPATCH_TODAY, -1);
    },
    path: 'fecha_de_traslado',
  },
  {
    name: 'unknown province',
    apply: (b) => {
      b.direccion_partida.ubigeo = '159901';
    },
    path: 'direccion_partida.ubigeo',
  },
  {
    name: 'no gross weight',
    apply: (b) => {
      b.peso_total = 0;
    },
    path: 'peso_total',
  },
  {
    name: 'weight unit',
    apply: (b) => {
      b.unidad_peso_total = 'LBR';
    },
    path: 'unidad_peso_total',
  },
  {
    name: 'series',
    apply: (b) => {
      b.serie_documento = 'F001';
    },
    path: 'serie_documento',
  },
  {
    name: 'no items',
    apply: (b) => {
      b.items = [];
    },
    path: 'items',
  },
  {
    name: 'zero quantity',
    apply: (b) => {
      b.items[0].cantidad = 0;
    },
    path: 'items[0].cantidad',
  },
  {
    name: 'no description',
    applies: (b) => !['08', '09'].includes(b.codigo_motivo_traslado),
    apply: (b) => void delete b.items[0].descripcion,
    path: 'items[0].descripcion',
  },
  {
    name: 'unknown motive',
    apply: (b) => {
      b.codigo_motivo_traslado = '11';
    },
    path: 'codigo_motivo_traslado',
  },
  {
    name: 'unknown mode',
    apply: (b) => {
      b.codigo_modo_transporte = '03';
    },
    path: 'codigo_modo_transporte',
  },
  {
    name: 'no carrier',
    applies: (b) => b.transportista !== undefined,
    apply: (b) => void delete b.transportista,
    path: 'transportista',
  },
  {
    name: 'carrier is the issuer',
    applies: (b) => b.transportista !== undefined,
    apply: (b) => {
      b.transportista.numero_documento = dispatchIssuer.ruc;
    },
    path: 'transportista.numero_documento',
  },
  { name: 'no driver', applies: (b) => b.chofer !== undefined, apply: (b) => void delete b.chofer, path: 'chofer' },
  {
    name: 'no vehicle',
    applies: (b) => b.vehiculo !== undefined,
    apply: (b) => void delete b.vehiculo,
    path: 'vehiculo',
  },
  {
    name: 'short plate',
    applies: (b) => b.vehiculo !== undefined,
    apply: (b) => {
      b.vehiculo.numero_de_placa = 'AB12';
    },
    path: 'vehiculo.numero_de_placa',
  },
  {
    name: 'bad licence',
    applies: (b) => b.chofer !== undefined,
    apply: (b) => {
      b.chofer.numero_licencia = '1234';
    },
    path: 'chofer.numero_licencia',
  },
  {
    name: 'no licence',
    applies: (b) => b.chofer !== undefined,
    apply: (b) => void delete b.chofer.numero_licencia,
    path: 'chofer.numero_licencia',
  },
  {
    name: 'hand-over before issue',
    applies: (b) => b.codigo_modo_transporte === '01',
    apply: (b) => {
      b.fecha_entrega_transporte = shift(DISPATCH_TODAY, -2);
    },
    path: 'fecha_entrega_transporte',
  },
  {
    name: '04 without origin code',
    applies: (b) => b.codigo_motivo_traslado === '04',
    apply: (b) => void delete b.direccion_partida.codigo_del_domicilio_fiscal,
    path: 'direccion_partida.codigo_del_domicilio_fiscal',
  },
  {
    name: 'recipient missing',
    applies: (b) => ['01', '03', '05', '06', '09', '14', '17'].includes(b.codigo_motivo_traslado),
    apply: (b) => void delete b.datos_del_cliente_o_receptor,
    path: 'datos_del_cliente_o_receptor',
  },
  {
    name: 'customs without DAM',
    applies: (b) => ['08', '09'].includes(b.codigo_motivo_traslado),
    apply: (b) => void delete b.documento_relacionado,
    path: 'documento_relacionado',
  },
  {
    name: 'customs port unknown',
    applies: (b) => ['08', '09'].includes(b.codigo_motivo_traslado),
    apply: (b) => {
      b.codigo_de_puerto = 'XXX';
    },
    path: 'codigo_de_puerto',
  },
  {
    name: 'related number',
    apply: (b) => {
      b.documento_relacionado = [{ numero: 'X-1', documento: { id: '01' } }];
    },
    applies: (b) => !['08', '09'].includes(b.codigo_motivo_traslado),
    path: 'documento_relacionado[0].numero',
  },
];

const CARRIER_MUTATIONS: Mutation[] = [
  {
    name: 'transfer before issue',
    apply: (b) => {
      b.fecha_de_traslado = shift(DISPATCH_TODAY, -3);
    },
    path: 'fecha_de_traslado',
  },
  { name: 'no sender', apply: (b) => void delete b.datos_remitente, path: 'datos_remitente' },
  {
    name: 'sender is the issuer',
    apply: (b) =>
      void Object.assign(b.datos_remitente, {
        codigo_tipo_documento_identidad: '6',
        numero_documento: dispatchIssuer.ruc,
      }),
    path: 'datos_remitente.numero_documento',
  },
  { name: 'no recipient', apply: (b) => void delete b.datos_destinatario, path: 'datos_destinatario' },
  { name: 'no driver', apply: (b) => void delete b.chofer, path: 'chofer' },
  { name: 'no vehicle', apply: (b) => void delete b.vehiculo, path: 'vehiculo' },
  {
    name: 'bad TUC',
    apply: (b) => {
      b.vehiculo.certificado_habilitacion_vehicular = '123';
    },
    path: 'vehiculo.certificado_habilitacion_vehicular',
  },
  { name: 'no origin', apply: (b) => void delete b.direcciones_proveedores.remitente, path: 'direccion_partida' },
  {
    name: 'unknown ubigeo',
    apply: (b) => {
      b.direcciones_proveedores.destinatario.ubigeo = '990101';
    },
    path: 'direcciones_proveedores.destinatario.ubigeo',
  },
  {
    name: 'series',
    apply: (b) => {
      b.serie_documento = 'T001';
    },
    path: 'serie_documento',
  },
];

function refusalProblem(body: Body, kind: DispatchKind, expectedPath: string): string | undefined {
  const prepared = prepareDispatch(body, ctx, kind);
  if (prepared.ok) return 'accepted';
  for (const issue of prepared.issues) {
    if (!(issue.code in ISSUE_CODES)) return `unknown code ${issue.code} at ${issue.path}`;
    if (issue.sunatRule !== undefined && Number(issue.sunatRule) >= 4000)
      return `refused citing an observation ${issue.sunatRule} at ${issue.path}`;
    if (!issue.message) return `no message at ${issue.path}`;
  }
  if (!prepared.issues.some((i) => i.path === expectedPath || i.path.startsWith(`${expectedPath}.`)))
    return `no issue names ${expectedPath}: ${JSON.stringify(prepared.issues)}`;
  return undefined;
}

function mutated(arbitrary: fc.Arbitrary<Body>, mutations: Mutation[]) {
  return fc
    .tuple(arbitrary, fc.constantFrom(...mutations))
    .filter(([body, m]) => m.applies?.(body) ?? true)
    .map(([body, m]) => {
      const copy = structuredClone(body);
      m.apply(copy);
      return { body: copy, mutation: m };
    });
}

describe('one thing SUNAT rejects', () => {
  it('09: refused with a 4xx-style issue naming the field', () => {
    fc.assert(
      fc.property(mutated(senderBody(), SENDER_MUTATIONS), ({ body, mutation }) => {
        expect(refusalProblem(body, 'sender', mutation.path), mutation.name).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
  it('31: refused with a 4xx-style issue naming the field', () => {
    fc.assert(
      fc.property(mutated(carrierBody(), CARRIER_MUTATIONS), ({ body, mutation }) => {
        expect(refusalProblem(body, 'carrier', mutation.path), mutation.name).toBeUndefined();
      }),
      { numRuns: 150 },
    );
  });
});
