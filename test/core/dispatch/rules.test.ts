// The dispatch-guide rules one by one, on the examples (examples/dispatches) with one change each: what SUNAT
// rejects is an issue naming the field and citing SUNAT's code; what it accepts with a note is a warning.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareDispatch, type DispatchKind, type PrepareDispatchResult } from '../../../src/core/dispatch/index.ts';
import { REPO_ROOT } from '../../fixtures/invoices.ts';
import { type Body, DISPATCH_TODAY, dispatchIssuer } from '../../property/dispatch-bodies.ts';

const example = (name: string): Body =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'examples/dispatches', `${name}.json`), 'utf8'));
const publicGuide = () => example('01-public-transport');
const privateGuide = () => example('02-private-transport');
const carrierGuide = () => example('03-carrier');

function prepare(body: Body, kind: DispatchKind = 'sender', today = DISPATCH_TODAY): PrepareDispatchResult {
  return prepareDispatch(body, { today, timeNow: '10:00:00', issuer: dispatchIssuer, mode: 'production' }, kind);
}
function issuesOf(r: PrepareDispatchResult) {
  return r.ok ? [] : r.issues.map((i) => ({ path: i.path, code: i.code, sunatRule: i.sunatRule }));
}
const warnings = (r: PrepareDispatchResult) => r.warnings.map((w) => `${w.path} ${w.code} ${w.sunatRule ?? ''}`.trim());

describe('the examples', () => {
  it('are accepted on the pinned day', () => {
    expect(prepare(publicGuide()).ok).toBe(true);
    expect(prepare(privateGuide()).ok).toBe(true);
    expect(prepare(carrierGuide(), 'carrier').ok).toBe(true);
  });
});

describe('dates', () => {
  it('a transfer date before the issue date is refused naming fecha_de_traslado (3343)', () => {
    const body = privateGuide();
    body.fecha_de_emision = '2026-07-15';
    body.fecha_de_traslado = '2026-07-14';
    expect(issuesOf(prepare(body))).toEqual([
      { path: 'fecha_de_traslado', code: 'transfer_date_invalid', sunatRule: '3343' },
    ]);
  });
  it('public transport from 2026-06-01: hand-over before issue (3618) and transfer before hand-over (3616)', () => {
    const early = publicGuide();
    early.fecha_de_emision = '2026-07-15';
    early.fecha_de_traslado = '2026-07-14';
    expect(issuesOf(prepare(early))).toEqual([
      { path: 'fecha_de_traslado', code: 'transfer_date_invalid', sunatRule: '3618' },
    ]);
    const late = publicGuide();
    Object.assign(late, {
      fecha_de_emision: '2026-07-15',
      fecha_de_traslado: '2026-07-15',
      fecha_entrega_transporte: '2026-07-16',
    });
    expect(issuesOf(prepare(late))).toEqual([
      { path: 'fecha_de_traslado', code: 'transfer_date_invalid', sunatRule: '3616' },
    ]);
  });
  it('public transport before 2026-06-01: SUNAT only observed a start date before the issue (4386)', () => {
    const body = publicGuide();
    Object.assign(body, { fecha_de_emision: '2026-05-20', fecha_de_traslado: '2026-05-19' });
    const r = prepare(body, 'sender', '2026-05-20');
    expect(r.ok).toBe(true);
    expect(warnings(r)).toContain('fecha_de_traslado sunat_observation 4386');
  });
  it('the hand-over date defaults to the transfer date and travels in public transport only', () => {
    const r = prepare(publicGuide());
    expect(r.ok && r.document.handOverDate).toBe(DISPATCH_TODAY);
    const p = prepare(privateGuide());
    expect(p.ok && p.document.handOverDate).toBeUndefined();
  });
});

describe('transport mode', () => {
  it('public transport needs the carrier (2558)', () => {
    const body = publicGuide();
    delete body.transportista;
    expect(issuesOf(prepare(body))).toEqual([
      { path: 'transportista', code: 'transport_requirements_unmet', sunatRule: '2558' },
    ]);
  });
  it('private transport needs the driver (3357) and the vehicle (2566)', () => {
    const body = privateGuide();
    delete body.chofer;
    delete body.vehiculo;
    expect(issuesOf(prepare(body))).toEqual([
      { path: 'chofer', code: 'transport_requirements_unmet', sunatRule: '3357' },
      { path: 'vehiculo', code: 'transport_requirements_unmet', sunatRule: '2566' },
    ]);
  });
  it("public transport drops a driver and vehicle sent without the carrier's-crew indicator (3354/3455)", () => {
    const body = publicGuide();
    body.chofer = privateGuide().chofer;
    body.vehiculo = privateGuide().vehiculo;
    const r = prepare(body);
    expect(r.ok && r.document.drivers).toEqual([]);
    expect(warnings(r)).toEqual(expect.arrayContaining(['chofer value_ignored', 'vehiculo value_ignored']));
  });
  it('plates lose their dashes; a short plate is refused (2567); a bad licence too (2573)', () => {
    const body = privateGuide();
    body.vehiculo.numero_de_placa = 'abc-123';
    const r = prepare(body);
    expect(r.ok && r.document.vehicle?.plate).toBe('ABC123');
    body.vehiculo.numero_de_placa = 'AB-12';
    body.chofer.numero_licencia = '12345';
    expect(issuesOf(prepare(body))).toEqual([
      { path: 'chofer.numero_licencia', code: 'licence_invalid', sunatRule: '2573' },
      { path: 'vehiculo.numero_de_placa', code: 'plate_invalid', sunatRule: '2567' },
    ]);
  });
});

describe('motives, parties and points', () => {
  it('04 needs both establishment codes (3365/3369) and makes the issuer the destinatario', () => {
    const body = privateGuide();
    delete body.direccion_llegada.codigo_del_domicilio_fiscal;
    expect(issuesOf(prepare(body))).toEqual([
      { path: 'direccion_llegada.codigo_del_domicilio_fiscal', code: 'establishment_code_required', sunatRule: '3369' },
    ]);
    const r = prepare(privateGuide());
    expect(r.ok && r.document.recipient.documentNumber).toBe(dispatchIssuer.ruc);
    expect(r.ok && r.document.destination?.establishment).toEqual({ code: '0001', ruc: dispatchIssuer.ruc });
  });
  it('a sale to the issuer itself is refused (2555); a devolution needs a RUC (3417)', () => {
    const body = publicGuide();
    body.datos_del_cliente_o_receptor.numero_documento = dispatchIssuer.ruc;
    expect(issuesOf(prepare(body))).toContainEqual({
      path: 'datos_del_cliente_o_receptor.numero_documento',
      code: 'dispatch_party_invalid',
      sunatRule: '2555',
    });
    const dev = publicGuide();
    dev.codigo_motivo_traslado = '06';
    Object.assign(dev.datos_del_cliente_o_receptor, {
      codigo_tipo_documento_identidad: '1',
      numero_documento: '45678912',
    });
    dev.direccion_llegada.codigo_del_domicilio_fiscal = undefined;
    expect(issuesOf(prepare(dev))).toContainEqual({
      path: 'datos_del_cliente_o_receptor.codigo_tipo_documento_identidad',
      code: 'dispatch_party_invalid',
      sunatRule: '3417',
    });
  });
  it('an impossible ubigeo is refused (3368); a district unknown to the catalogue is a warning', () => {
    const body = publicGuide();
    body.direccion_llegada.ubigeo = '159901';
    expect(issuesOf(prepare(body))).toEqual([
      { path: 'direccion_llegada.ubigeo', code: 'ubigeo_invalid', sunatRule: '3368' },
    ]);
    body.direccion_llegada.ubigeo = '150199';
    expect(warnings(prepare(body))).toContain('direccion_llegada.ubigeo ubigeo_not_in_catalog 3368');
  });
  it('13 needs its description (3457)', () => {
    const body = privateGuide();
    body.codigo_motivo_traslado = '13';
    body.datos_del_cliente_o_receptor = publicGuide().datos_del_cliente_o_receptor;
    delete body.descripcion_motivo_traslado;
    expect(issuesOf(prepare(body))).toEqual([
      { path: 'descripcion_motivo_traslado', code: 'motive_description_required', sunatRule: '3457' },
    ]);
  });
  it('importación needs a DAM or DS (3440), packages (3419) and a port matching the partida (3364)', () => {
    const body = publicGuide();
    Object.assign(body, { codigo_motivo_traslado: '08', codigo_de_puerto: 'CLL' });
    delete body.documento_relacionado;
    delete body.numero_de_bultos;
    const found = issuesOf(prepare(body));
    expect(found).toHaveLength(3);
    expect(found).toEqual(
      expect.arrayContaining([
        { path: 'documento_relacionado', code: 'customs_requirements_unmet', sunatRule: '3440' },
        { path: 'numero_de_bultos', code: 'customs_requirements_unmet', sunatRule: '3419' },
        { path: 'direccion_partida.ubigeo', code: 'customs_requirements_unmet', sunatRule: '3364' },
      ]),
    );
  });
  it("a related invoice of a sale is the issuer's (3381)", () => {
    const body = publicGuide();
    body.documento_relacionado[0].ruc = '20600123450';
    expect(issuesOf(prepare(body))).toEqual([
      { path: 'documento_relacionado[0].ruc', code: 'related_document_invalid', sunatRule: '3381' },
    ]);
  });
});

describe('the transportista guide (31)', () => {
  it('needs the remitente (3383) and its driver, vehicle and points', () => {
    const body = carrierGuide();
    delete body.datos_remitente;
    delete body.direcciones_proveedores;
    expect(issuesOf(prepare(body, 'carrier'))).toEqual([
      { path: 'datos_remitente', code: 'dispatch_party_invalid', sunatRule: '3383' },
      { path: 'direccion_partida', code: 'validation_failed', sunatRule: '2775' },
      { path: 'direccion_llegada', code: 'validation_failed', sunatRule: '2775' },
    ]);
  });
  it('is V-series only (1001) and observes a missing payer (4388)', () => {
    const body = carrierGuide();
    body.serie_documento = 'T001';
    expect(issuesOf(prepare(body, 'carrier'))).toEqual([
      { path: 'serie_documento', code: 'series_invalid', sunatRule: '1001' },
    ]);
    const r = prepare({ ...carrierGuide(), pagador_flete: undefined }, 'carrier');
    expect(warnings(r)).toContain('pagador_flete sunat_observation 4388');
  });
});
