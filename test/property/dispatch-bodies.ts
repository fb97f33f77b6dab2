// fast-check generators of valid dispatch-guide bodies in FacturadorPro's dialect: the remitente guide (09) across
// transport modes, indicators and transfer motives (catalogue 20), and the transportista guide (31). "Valid" means
// what SUNAT accepts: the generator follows the rules of src/core/dispatch/rules as SUNAT states them (parties per
// motive, carrier or crew per mode, establishment codes for 04, a DAM and a port for customs transfers).
import fc from 'fast-check';
import { districtCodes, ports, transferMotives } from '../../src/core/catalogs/index.ts';
import type { Issuer } from '../../src/core/index.ts';
import { testIssuer } from '../fixtures/invoices.ts';

/** After R.S. 000108-2026/SUNAT (the hand-over date rules apply). */
export const DISPATCH_TODAY = '2026-07-15';

export type Body = Record<string, any>;

/** The issuer of every core test (test/fixtures/invoices.ts). */
export const dispatchIssuer: Issuer = testIssuer;

export function shift(date: string, days: number): string {
  const t = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const DISTRICTS = districtCodes();
const district = fc.constantFrom(...DISTRICTS);
/** RUCs other than the issuer's (check digits valid). */
const RUCS = ['20123456786', '20600123450', '20456789014', '20501987655', '20100070546', '10414711225'];
const ruc = fc.constantFrom(...RUCS);
const dni = fc.integer({ min: 10_000_000, max: 99_999_999 }).map(String);
const letters = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: min, maxLength: max });
const alnum = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'), minLength: min, maxLength: max });
const name = fc.tuple(letters(3, 12), letters(3, 12), letters(2, 10)).map(([a, b, c]) => `${a} ${b} ${c}`);
const address = fc
  .tuple(fc.constantFrom('Av.', 'Jr.', 'Calle', 'Pasaje'), letters(4, 15), fc.integer({ min: 1, max: 9999 }))
  .map(([kind, street, n]) => `${kind} ${street} ${n}`);
const code4 = fc.integer({ min: 0, max: 20 }).map((n) => String(n).padStart(4, '0'));

function person(types: ('6' | '1' | '4' | '7')[]): fc.Arbitrary<Body> {
  return fc.constantFrom(...types).chain((type) =>
    fc.tuple(type === '6' ? ruc : type === '1' ? dni : alnum(6, 12), name).map(([numero, nombre]) => ({
      codigo_tipo_documento_identidad: type,
      numero_documento: numero,
      apellidos_y_nombres_o_razon_social: nombre,
    })),
  );
}

const driver = fc
  .tuple(
    dni,
    letters(3, 10),
    letters(3, 10),
    letters(3, 10),
    fc.constantFrom('Q', 'B', 'A'),
    fc.integer({ min: 10_000_000, max: 999_999_999 }),
  )
  .map(([doc, last1, last2, first, prefix, n]) => ({
    codigo_tipo_documento_identidad: '1',
    numero_documento: doc,
    nombres: `${last1} ${last2}, ${first}`,
    numero_licencia: `${prefix}${n}`.slice(0, 10),
  }));

const plate = fc
  .tuple(letters(1, 3), fc.integer({ min: 100, max: 99_999 }))
  .map(([l, n]) => `${l}${n}`.slice(0, 8))
  .filter((p) => p.length >= 6);

function vehicle(withRegistration: boolean): fc.Arbitrary<Body> {
  return fc.record(
    {
      numero_de_placa: plate,
      marca: fc.constantFrom('HINO', 'VOLVO', 'ISUZU'),
      ...(withRegistration ? { certificado_habilitacion_vehicular: alnum(10, 15).filter((s) => !/^0+$/.test(s)) } : {}),
    },
    { requiredKeys: ['numero_de_placa'] },
  );
}

const crew = (withRegistration: boolean) =>
  fc
    .tuple(
      driver,
      fc.array(driver, { maxLength: 2 }),
      vehicle(withRegistration),
      fc.array(vehicle(withRegistration), { maxLength: 2 }),
    )
    .filter(([main, seconds]) => new Set([main, ...seconds].map((d) => d.numero_licencia)).size === 1 + seconds.length)
    .map(([chofer, segundos, vehiculo, otros]) => ({
      chofer,
      ...(segundos.length ? { chofer_secundario: segundos } : {}),
      vehiculo,
      ...(otros.length ? { vehiculo_secundario: otros } : {}),
    }));

const items = fc.array(
  fc.record({
    codigo_interno: alnum(3, 10),
    descripcion: fc.tuple(letters(3, 12), letters(3, 12)).map(([a, b]) => `${a} ${b}`),
    unidad_de_medida: fc.constantFrom('NIU', 'KGM', 'BX', 'GLL', 'TNE', 'MTR'),
    cantidad: fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 1000),
  }),
  { minLength: 1, maxLength: 4 },
);

const weight = fc.record({
  peso_total: fc.integer({ min: 1, max: 99_999_999 }).map((n) => n / 1000),
  unidad_peso_total: fc.constantFrom('KGM', 'TNE'),
});

const common = (series: string) =>
  fc.record(
    {
      serie_documento: fc.constant(series),
      numero_documento: fc.constant('#'),
      fecha_de_emision: fc.constant(DISPATCH_TODAY),
      hora_de_emision: fc.constantFrom('08:00:00', '15:30:00'),
      observaciones: letters(3, 60),
      indicador_de_transbordo: fc.boolean(),
      numero_de_bultos: fc.integer({ min: 1, max: 500 }),
      items,
    },
    { requiredKeys: ['serie_documento', 'numero_documento', 'items'] },
  );

/** The motives a generated 09 uses; `sunat2022` leaves out 19, unknown to SUNAT's 2022 stylesheets. */
export function motiveCodes(options: { sunat2022?: boolean } = {}): string[] {
  return transferMotives.codes().filter((c) => !(options.sunat2022 && c === '19'));
}

function senderParties(motive: string): fc.Arbitrary<Body> {
  const m = transferMotives.get(motive)!;
  if (motive === '04') return fc.constant({});
  if (m.customerIsSupplier)
    return fc
      .option(person(motive === '07' ? ['6'] : ['6', '1']), { nil: undefined })
      .map((p) => (p ? { datos_del_cliente_o_receptor: p } : {}));
  const types: ('6' | '1' | '4' | '7')[] = m.recipientRuc ? ['6'] : motive === '09' ? ['4', '7'] : ['6', '1', '4'];
  return person(types).map((p) => ({ datos_del_cliente_o_receptor: p }));
}

function customsRelated(motive: string): fc.Arbitrary<Body[]> {
  const regime = motive === '08' ? ['10', '18'] : ['40', '48'];
  return fc.tuple(fc.constantFrom(0, 1), fc.integer({ min: 1, max: 999_999 })).map(([which, n]) => [
    {
      numero: `118-2026-${regime[which]}-${n}`,
      documento: {
        id: which === 0 ? '50' : '52',
        descripcion: which === 0 ? 'Declaración Aduanera de Mercancías' : 'Declaración Simplificada (DS)',
      },
    },
  ]);
}

function otherRelated(motive: string): fc.Arbitrary<Body[] | undefined> {
  const invoice = fc
    .integer({ min: 1, max: 99_999 })
    .map((n) => ({ numero: `F001-${n}`, documento: { id: '01', descripcion: 'Factura' } }));
  const guide = fc.integer({ min: 1, max: 99_999 }).map((n) => ({ numero: `T002-${n}`, documento: { id: '09' } }));
  // Purchases (02, 07) would need the supplier's own invoice (3442): only guides there.
  const pick = motive === '01' || motive === '03' || motive === '06' ? fc.oneof(invoice, guide) : guide;
  return fc.option(
    fc
      .array(pick, { minLength: 1, maxLength: 2 })
      .filter((rows) => new Set(rows.map((r) => r.numero)).size === rows.length),
    {
      nil: undefined,
    },
  );
}

/** A remitente guide (09) SUNAT accepts, for the given motives. */
export function senderBody(motives = motiveCodes()): fc.Arbitrary<Body> {
  return fc
    .record({
      motive: fc.constantFrom(...motives),
      mode: fc.constantFrom('01', '02'),
      flag: fc.constantFrom('none', 'none', 'crew', 'm1l'),
    })
    .chain(({ motive, mode, flag }) => {
      const m = transferMotives.get(motive)!;
      const carrierCrew = mode === '01' && flag === 'crew';
      const m1l = flag === 'm1l';
      const needsCarrier = mode === '01' && !m1l;
      const needsCrew = !m1l && (mode === '02' || carrierCrew);
      const port = m.customs ? fc.constantFrom(...ports.codes()) : fc.constant(undefined);
      return fc
        .record({
          base: common('T001'),
          weight,
          parties: senderParties(motive),
          origin: district,
          destination: district,
          originAddress: address,
          destinationAddress: address,
          codes: fc.tuple(code4, code4),
          withCodes: fc.boolean(),
          port,
          carrier: fc.record({
            codigo_tipo_documento_identidad: fc.constant('6'),
            numero_documento: ruc,
            apellidos_y_nombres_o_razon_social: name,
            numero_mtc: alnum(6, 12),
          }),
          crew: crew(carrierCrew),
          transferIn: fc.integer({ min: 0, max: 5 }),
          handOverIn: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
          related: m.customs ? customsRelated(motive) : otherRelated(motive),
        })
        .map((g) => {
          const portEntry = g.port ? ports.get(g.port) : undefined;
          const origin = motive === '08' && portEntry ? portEntry.ubigeo : g.origin;
          const destination = motive === '09' && portEntry ? portEntry.ubigeo : g.destination;
          const withCodes = motive === '04' || g.withCodes;
          const transfer = shift(DISPATCH_TODAY, g.transferIn);
          const body: Body = {
            ...g.base,
            codigo_tipo_documento: '09',
            ...g.parties,
            codigo_modo_transporte: mode,
            codigo_motivo_traslado: motive,
            ...(m.describe ? { descripcion_motivo_traslado: 'Traslado para exhibición en feria' } : {}),
            fecha_de_traslado: transfer,
            ...g.weight,
            direccion_partida: {
              ubigeo: origin,
              direccion: g.originAddress,
              ...(withCodes ? { codigo_del_domicilio_fiscal: g.codes[0] } : {}),
            },
            ...(motive === '18' && g.withCodes
              ? {}
              : {
                  direccion_llegada: {
                    ubigeo: destination,
                    direccion: g.destinationAddress,
                    ...(withCodes ? { codigo_del_domicilio_fiscal: g.codes[1] } : {}),
                  },
                }),
            ...(g.related ? { documento_relacionado: g.related } : {}),
            ...(g.port ? { codigo_de_puerto: g.port } : {}),
          };
          if (mode === '01' && g.handOverIn !== undefined)
            body.fecha_entrega_transporte = shift(DISPATCH_TODAY, Math.min(g.handOverIn, g.transferIn));
          if (m.customs && !body.numero_de_bultos) body.numero_de_bultos = 10;
          if (m1l) body.indicador_traslado_vehiculo_m1l = true;
          if (carrierCrew) body.indicador_vehiculos_conductores_transportista = true;
          if (needsCarrier) body.transportista = g.carrier;
          if (needsCrew) Object.assign(body, g.crew);
          return body;
        });
    });
}

/** A transportista guide (31) SUNAT accepts. */
export function carrierBody(): fc.Arbitrary<Body> {
  return fc
    .record({
      base: common('V001'),
      weight,
      sender: person(['6', '1']),
      recipient: person(['6', '1', '4']),
      origin: district,
      destination: district,
      originAddress: address,
      destinationAddress: address,
      crew: crew(true),
      mtc: fc.option(alnum(6, 12), { nil: undefined }),
      transferIn: fc.integer({ min: 0, max: 5 }),
      payer: fc.option(
        fc.oneof(
          fc.constant({ indicador_pagador_flete: 'Remitente' }),
          person(['6', '1']).map((p) => ({
            indicador_pagador_flete: 'Tercero',
            codigo_tipo_documento_identidad: p.codigo_tipo_documento_identidad,
            numero: p.numero_documento,
            nombres: p.apellidos_y_nombres_o_razon_social,
          })),
        ),
        { nil: undefined },
      ),
      ownGuide: fc.option(fc.integer({ min: 1, max: 9999 }), { nil: undefined }),
    })
    .map((g) => ({
      ...g.base,
      codigo_tipo_documento: '31',
      ...g.weight,
      fecha_de_traslado: shift(DISPATCH_TODAY, g.transferIn),
      datos_remitente: g.sender,
      datos_destinatario: g.recipient,
      direcciones_proveedores: {
        remitente: { ubigeo: g.origin, direccion: g.originAddress },
        destinatario: { ubigeo: g.destination, direccion: g.destinationAddress },
      },
      ...(g.mtc ? { transportista: { numero_mtc: g.mtc } } : {}),
      ...g.crew,
      ...(g.payer ? { pagador_flete: g.payer } : {}),
      ...(g.ownGuide ? { documento_relacionado: [{ numero: `V002-${g.ownGuide}`, documento: { id: '31' } }] } : {}),
    }));
}
