// Body → guide: defaults made explicit (and reported), values normalised, the parties and addresses each motive
// asks for, and the data the mode or motive does not carry left out with a warning (SUNAT would reject it there;
// FacturadorPro drops it the same way). No refusal here: the rules (./rules/) judge what was built.
import { authorizingEntities, ports, transferMotives, transportDocuments } from '../catalogs/index.ts';
import type { TransferMotiveEntry } from '../catalogs/index.ts';
import type { DocumentContext } from '../invoice/context.ts';
import { addWarning, type Findings } from '../invoice/findings.ts';
import type { Issuer } from '../issuer.ts';
import { issueMoment } from '../other-cpe/compute.ts';
import { atDecimals, compactCode, driverOf } from './normalize.ts';
import type {
  AddressBody,
  CarrierBody,
  CarrierDispatchBody,
  DispatchItemBody,
  DriverBody,
  RelatedDocumentBody,
  SenderDispatchBody,
  VehicleBody,
} from './schema.ts';
import type { TransportNeeds } from './context.ts';
import type {
  ComputedDispatch,
  DispatchAddress,
  DispatchAuthorization,
  DispatchDriver,
  DispatchLine,
  DispatchParty,
  DispatchRelatedDocument,
  DispatchVehicle,
} from './types.ts';

export const INDICATOR = {
  transshipment: 'SUNAT_Envio_IndicadorTransbordoProgramado',
  m1l: 'SUNAT_Envio_IndicadorTrasladoVehiculoM1L',
  carrierCrew: 'SUNAT_Envio_IndicadorVehiculoConductoresTransp',
  customsTotal: 'SUNAT_Envio_IndicadorTrasladoTotalDAMoDS',
  payer: (who: 'Remitente' | 'Subcontratador' | 'Tercero') => `SUNAT_Envio_IndicadorPagadorFlete_${who}`,
} as const;

const issuerParty = (issuer: Issuer): DispatchParty => ({
  documentType: '6',
  documentNumber: issuer.ruc,
  name: issuer.razonSocial,
});

function partyOf(
  p: { codigo_tipo_documento_identidad: string; numero_documento: string },
  name: string,
): DispatchParty {
  return { documentType: p.codigo_tipo_documento_identidad, documentNumber: p.numero_documento.trim(), name };
}

const ignored = (f: Findings, path: string, why: string) =>
  addWarning(f, path, 'value_ignored', `Se recibió y no se emite: ${why}`);

/** A special authorisation travels only with its number and a catalogue D-37 entity (4403/4407 otherwise). */
function authorizationOf(
  a: { numero_autorizacion_especial?: string; codigo_entidad_autorizadora?: string },
  path: string,
  f: Findings,
): DispatchAuthorization | undefined {
  if (!a.numero_autorizacion_especial && !a.codigo_entidad_autorizadora) return undefined;
  if (!a.numero_autorizacion_especial || !a.codigo_entidad_autorizadora) {
    ignored(f, path, 'una autorización especial necesita su número y su entidad (catálogo D-37; SUNAT 4403/4405).');
    return undefined;
  }
  if (!authorizingEntities.has(a.codigo_entidad_autorizadora)) {
    const why = `la entidad ${a.codigo_entidad_autorizadora} no está en el catálogo D-37 (SUNAT 4407).`;
    ignored(f, `${path}.codigo_entidad_autorizadora`, why);
    return undefined;
  }
  return { number: a.numero_autorizacion_especial.trim(), entity: a.codigo_entidad_autorizadora };
}

function vehicleOf(v: VehicleBody, path: string, f: Findings, withRegistration: boolean): DispatchVehicle {
  const vehicle: DispatchVehicle = {
    plate: compactCode(v.numero_de_placa.trim(), `${path}.numero_de_placa`, f, 'La placa'),
  };
  if (v.certificado_habilitacion_vehicular) {
    if (withRegistration) vehicle.registration = v.certificado_habilitacion_vehicular;
    else
      ignored(
        f,
        `${path}.certificado_habilitacion_vehicular`,
        'la TUC solo viaja con el indicador de vehículos del transportista (SUNAT 3452/3454).',
      );
  }
  const authorization = authorizationOf(v, path, f);
  if (authorization) vehicle.authorization = authorization;
  return vehicle;
}

function crewOf(
  body: {
    chofer?: DriverBody;
    chofer_secundario?: DriverBody[];
    vehiculo?: VehicleBody;
    vehiculo_secundario?: VehicleBody[];
  },
  f: Findings,
  withRegistration: boolean,
): Pick<ComputedDispatch, 'drivers' | 'vehicle'> {
  const drivers: DispatchDriver[] = [];
  if (body.chofer) drivers.push(driverOf(body.chofer, 'Principal', 'chofer', f));
  body.chofer_secundario?.forEach((d, i) => {
    drivers.push(driverOf(d, 'Secundario', `chofer_secundario[${i}]`, f));
  });
  if (!body.vehiculo) {
    if (body.vehiculo_secundario?.length) ignored(f, 'vehiculo_secundario', 'sin vehículo principal (SUNAT 4408).');
    return { drivers };
  }
  const vehicle = {
    ...vehicleOf(body.vehiculo, 'vehiculo', f, withRegistration),
    secondary: (body.vehiculo_secundario ?? []).map((v, i) =>
      vehicleOf(v, `vehiculo_secundario[${i}]`, f, withRegistration),
    ),
  };
  return { drivers, vehicle };
}

function linesOf(items: DispatchItemBody[], f: Findings): DispatchLine[] {
  let defaultedUnits = 0;
  const lines = items.map((item, i): DispatchLine => {
    const unitCode = item.unidad_de_medida ?? 'NIU';
    if (!item.unidad_de_medida) defaultedUnits++;
    const line: DispatchLine = {
      number: i + 1,
      quantity: atDecimals(item.cantidad, 10, `items[${i}].cantidad`, f).toFixed(),
      unitCode,
    };
    if (item.descripcion) line.description = item.descripcion.trim();
    if (item.codigo_interno) line.code = item.codigo_interno.trim();
    if (item.informacion_adicional) line.note = item.informacion_adicional;
    return line;
  });
  if (defaultedUnits > 0)
    addWarning(f, 'items', 'default_applied', `${defaultedUnits} línea(s) sin unidad_de_medida: se usó NIU (unidad).`);
  return lines;
}

/** The establishment code of a point, when it is known and belongs to a RUC holder (AddressTypeCode@listID). */
function addressOf(
  a: AddressBody,
  path: string,
  ownerRuc: string | undefined,
  f: Findings,
  why?: string,
): DispatchAddress {
  const address: DispatchAddress = { ubigeo: a.ubigeo, address: a.direccion.trim() };
  if (a.codigo_del_domicilio_fiscal) {
    if (ownerRuc) address.establishment = { code: a.codigo_del_domicilio_fiscal, ruc: ownerRuc };
    else
      ignored(f, `${path}.codigo_del_domicilio_fiscal`, why ?? 'el punto no pertenece a un RUC conocido (SUNAT 3410).');
  }
  return address;
}

function relatedOf(rows: RelatedDocumentBody[] | undefined): DispatchRelatedDocument[] {
  return (rows ?? []).map((r) => {
    const entry = transportDocuments.get(r.documento.id);
    const related: DispatchRelatedDocument = {
      documentType: r.documento.id,
      description: r.documento.descripcion?.trim() || entry?.description || r.documento.id,
      number: r.numero,
    };
    if (r.ruc) related.issuerRuc = r.ruc;
    if (r.empresa) related.issuerName = r.empresa;
    return related;
  });
}

function header(
  body: SenderDispatchBody | CarrierDispatchBody,
  ctx: DocumentContext,
  f: Findings,
  documentType: '09' | '31',
) {
  const issued = issueMoment(body, ctx, f);
  let transferDate = body.fecha_de_traslado;
  if (!transferDate) {
    transferDate = issued.date;
    addWarning(f, 'fecha_de_traslado', 'default_applied', 'Sin fecha_de_traslado: se usó la fecha de emisión.');
  }
  let unit = body.unidad_peso_total;
  if (!unit) {
    unit = 'KGM';
    addWarning(f, 'unidad_peso_total', 'default_applied', 'Sin unidad_peso_total: se usó KGM (kilogramos).');
  }
  const base = {
    schemaVersion: 1 as const,
    kind: 'dispatch' as const,
    documentType,
    series: body.serie_documento,
    number: body.numero_documento === '#' ? null : body.numero_documento,
    issueDate: issued.date,
    issueTime: issued.time,
    transferDate,
    grossWeight: { value: atDecimals(body.peso_total, 3, 'peso_total', f).toFixed(), unit: unit as 'KGM' | 'TNE' },
    indicators: body.indicador_de_transbordo ? [INDICATOR.transshipment] : ([] as string[]),
    lines: linesOf(body.items, f),
    related: relatedOf(body.documento_relacionado),
    pdfFormat: body.acciones?.formato_pdf ?? ('a4' as const),
  };
  return {
    ...base,
    ...(body.observaciones ? { note: body.observaciones } : {}),
    ...(body.numero_de_bultos ? { packages: body.numero_de_bultos } : {}),
    ...(body.numero_de_contenedor ? { container: body.numero_de_contenedor } : {}),
  };
}

export function transportNeeds(body: SenderDispatchBody): TransportNeeds {
  const m1l = body.indicador_traslado_vehiculo_m1l === true;
  const carrierCrew = body.indicador_vehiculos_conductores_transportista === true;
  const isPublic = body.codigo_modo_transporte === '01';
  return {
    m1l,
    carrierCrew,
    carrier: isPublic && !m1l,
    crew: !m1l && (!isPublic || carrierCrew),
  };
}

/** 09: whose premises the partida and llegada are, per motive (catalogue 20). */
function senderAddresses(
  body: SenderDispatchBody,
  motive: TransferMotiveEntry,
  parties: { recipient: DispatchParty; supplier?: DispatchParty },
  issuer: Issuer,
  f: Findings,
): Pick<ComputedDispatch, 'origin' | 'destination'> {
  const rucOf = (p?: DispatchParty) =>
    p && p.documentType === '6' && p.documentNumber !== issuer.ruc ? p.documentNumber : undefined;
  const counterpartyRuc = motive.customerIsSupplier ? rucOf(parties.supplier) : rucOf(parties.recipient);
  const owner = (role: TransferMotiveEntry['origin'] | TransferMotiveEntry['destination']) => {
    if (role === 'issuer') return issuer.ruc;
    if (role === 'counterparty') return counterpartyRuc;
    if (role === 'free') return rucOf(parties.recipient) ?? (motive.recipient === 'any' ? issuer.ruc : undefined);
    return undefined;
  };
  // Importación: the partida is the customs' or the foreign supplier's, never the issuer's (3411); a free partida
  // (13, 18, 19) is the issuer's own premises.
  const originOwner = motive.code === '08' ? undefined : motive.origin === 'free' ? issuer.ruc : owner(motive.origin);
  const origin = addressOf(body.direccion_partida, 'direccion_partida', originOwner, f);
  if (!body.direccion_llegada) return { origin };
  if (motive.destination === 'none') {
    const { codigo_del_domicilio_fiscal: _code, ...rest } = body.direccion_llegada;
    if (_code)
      ignored(
        f,
        'direccion_llegada.codigo_del_domicilio_fiscal',
        'el motivo 18 no lleva establecimiento de llegada (SUNAT 3416).',
      );
    return { origin, destination: addressOf(rest, 'direccion_llegada', undefined, f) };
  }
  return { origin, destination: addressOf(body.direccion_llegada, 'direccion_llegada', owner(motive.destination), f) };
}

function senderParties(
  body: SenderDispatchBody,
  motive: TransferMotiveEntry,
  issuer: Issuer,
  f: Findings,
): { recipient: DispatchParty; supplier?: DispatchParty } {
  const c = body.datos_del_cliente_o_receptor;
  const customer = c ? partyOf(c, c.apellidos_y_nombres_o_razon_social.trim()) : undefined;
  if (motive.recipient !== 'issuer') {
    // A missing destinatario is refused by the rules (2757); the issuer stands in so that the guide can be judged.
    return { recipient: customer ?? issuerParty(issuer) };
  }
  if (motive.customerIsSupplier) return { recipient: issuerParty(issuer), ...(customer ? { supplier: customer } : {}) };
  if (customer && customer.documentNumber !== issuer.ruc)
    ignored(
      f,
      'datos_del_cliente_o_receptor',
      'en el traslado entre establecimientos (04) el destinatario es el emisor (SUNAT 2554).',
    );
  return { recipient: issuerParty(issuer) };
}

function carrierOf(t: CarrierBody, f: Findings): ComputedDispatch['carrier'] {
  const carrier: NonNullable<ComputedDispatch['carrier']> = partyOf(t, t.apellidos_y_nombres_o_razon_social.trim());
  if (t.numero_mtc) carrier.mtc = t.numero_mtc;
  const authorization = authorizationOf(t, 'transportista', f);
  if (authorization) carrier.authorization = authorization;
  return carrier;
}

export function buildSenderDispatch(
  body: SenderDispatchBody,
  ctx: DocumentContext,
  f: Findings,
): { doc: ComputedDispatch; motive: TransferMotiveEntry; needs: TransportNeeds } {
  const issuer = ctx.issuer;
  const motive = transferMotives.get(body.codigo_motivo_traslado)!;
  const needs = transportNeeds(body);
  const parties = senderParties(body, motive, issuer, f);
  const base = header(body, ctx, f, '09');
  const doc: ComputedDispatch = {
    ...base,
    ...parties,
    motive: { code: motive.code, description: body.descripcion_motivo_traslado?.trim() || motive.description },
    transportMode: body.codigo_modo_transporte as '01' | '02',
    drivers: [],
    ...senderAddresses(body, motive, parties, issuer, f),
  };
  if (needs.m1l) doc.indicators.push(INDICATOR.m1l);
  if (needs.carrierCrew) doc.indicators.push(INDICATOR.carrierCrew);
  if (motive.customs) doc.indicators.push(INDICATOR.customsTotal);

  if (body.codigo_modo_transporte === '01') {
    const handOver = body.fecha_entrega_transporte ?? doc.transferDate;
    doc.handOverDate = handOver;
  } else if (body.fecha_entrega_transporte) {
    ignored(f, 'fecha_entrega_transporte', 'la fecha de entrega al transportista solo va en transporte público.');
  }

  if (body.transportista) {
    if (needs.carrier) doc.carrier = carrierOf(body.transportista, f);
    else ignored(f, 'transportista', 'el transportista solo va en transporte público (SUNAT 3347).');
  }
  if (needs.crew) {
    Object.assign(doc, crewOf(body, f, needs.carrierCrew));
  } else {
    for (const key of ['chofer', 'chofer_secundario', 'vehiculo', 'vehiculo_secundario'] as const) {
      if (body[key]) {
        const why = needs.m1l
          ? 'con el indicador M1/L no se consignan conductores ni vehículos (SUNAT 3453/3455).'
          : 'en transporte público el conductor y el vehículo solo van con indicador_vehiculos_conductores_transportista (SUNAT 3354/3455).';
        ignored(f, key, why);
      }
    }
  }

  if (body.codigo_de_puerto) {
    if (motive.customs) {
      const port = ports.get(body.codigo_de_puerto);
      doc.port = { code: body.codigo_de_puerto, name: port?.description ?? body.codigo_de_puerto };
    } else ignored(f, 'codigo_de_puerto', 'el puerto solo va en importación (08) y exportación (09).');
  }
  return { doc, motive, needs };
}

export function buildCarrierDispatch(body: CarrierDispatchBody, ctx: DocumentContext, f: Findings): ComputedDispatch {
  const issuer = ctx.issuer;
  const base = header(body, ctx, f, '31');
  const sender = body.datos_remitente
    ? partyOf(body.datos_remitente, body.datos_remitente.apellidos_y_nombres_o_razon_social.trim())
    : undefined;
  const recipient = body.datos_destinatario
    ? partyOf(body.datos_destinatario, body.datos_destinatario.apellidos_y_nombres_o_razon_social.trim())
    : issuerParty(issuer);
  const { originBody, destinationBody, originPath, destinationPath } = carrierAddressBodies(body);
  // The 31's points carry no establishment code (SUNAT's 31 rules read none).
  const noCode = 'la guía transportista no lleva código de establecimiento.';
  const doc: ComputedDispatch = {
    ...base,
    recipient,
    ...(sender ? { sender } : {}),
    origin: originBody ? addressOf(originBody, originPath, undefined, f, noCode) : { ubigeo: '', address: '' },
    ...(destinationBody ? { destination: addressOf(destinationBody, destinationPath, undefined, f, noCode) } : {}),
    ...crewOf(body, f, true),
  };

  const t = body.transportista;
  if (t?.numero_mtc || t?.numero_autorizacion_especial) {
    if (t.numero_documento && t.numero_documento.trim() !== issuer.ruc)
      ignored(f, 'transportista.numero_documento', 'en la guía transportista el transportista es el emisor.');
    doc.carrier = { ...issuerParty(issuer) };
    if (t.numero_mtc) doc.carrier.mtc = t.numero_mtc;
    const authorization = authorizationOf(t, 'transportista', f);
    if (authorization) doc.carrier.authorization = authorization;
  }
  const payer = body.pagador_flete;
  if (payer) {
    const indicator = payer.indicador_pagador_flete;
    doc.payer = { indicator };
    doc.indicators.push(INDICATOR.payer(indicator));
    if (indicator !== 'Remitente' && payer.codigo_tipo_documento_identidad && payer.numero && payer.nombres) {
      doc.payer.party = {
        documentType: payer.codigo_tipo_documento_identidad,
        documentNumber: payer.numero,
        name: payer.nombres.trim(),
      };
    }
  }
  return doc;
}

/** The 31's partida and llegada: FacturadorPro's `direcciones_proveedores`, else `direccion_partida`/`_llegada`. */
export function carrierAddressBodies(body: CarrierDispatchBody): {
  originBody?: AddressBody;
  destinationBody?: AddressBody;
  originPath: string;
  destinationPath: string;
} {
  const d = body.direcciones_proveedores;
  return {
    originBody: d?.remitente ?? body.direccion_partida,
    destinationBody: d?.destinatario ?? body.direccion_llegada,
    originPath: d?.remitente ? 'direcciones_proveedores.remitente' : 'direccion_partida',
    destinationPath: d?.destinatario ? 'direcciones_proveedores.destinatario' : 'direccion_llegada',
  };
}
