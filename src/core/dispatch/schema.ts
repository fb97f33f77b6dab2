// Input schemas of POST /api/dispatches (guía de remisión remitente, 09) and POST /api/dispatch-carrier (guía de
// remisión transportista, 31), in FacturadorPro's dialect (its Api\DispatchController and DispatchTransform read
// these keys). Shapes, formats and catalogue membership only; what relates fields to each other (transport mode
// and motive requirements, dates, parties, addresses) is checked by the rules in ./rules/. A guide carries no
// amounts: the invoice line keys an ERP may send along are accepted and not used. `datos_del_emisor` is accepted
// and ignored here (the issuer is the tenant's company; its establishment is the establishments feature's).
import { z } from 'zod';
import { identityDocumentTypes, transferMotives, transportModes } from '../catalogs/index.ts';
import { customerSchema, documentNumber } from '../invoice/schema.ts';
import {
  catalogCode,
  decimal,
  flag,
  isoDate,
  issueMomentFields,
  optional,
  quantity,
  text,
  ubigeo,
  upperCode,
} from '../invoice/primitives.ts';

export type DispatchKind = 'sender' | 'carrier';

/** SUNAT 1001: T### (remitente) and V### (transportista). */
const seriesOf = (kind: DispatchKind) => {
  const letter = kind === 'sender' ? 'T' : 'V';
  return z
    .union([z.string(), z.number()], { error: `La serie debe ser ${letter} seguida de 3 caracteres (${letter}001).` })
    .transform((v) => String(v).trim().toUpperCase())
    .refine((s) => new RegExp(`^${letter}[A-Z0-9]{3}$`).test(s), {
      message: `La serie de una guía de remisión ${kind === 'sender' ? 'remitente' : 'transportista'} es ${letter} seguida de 3 caracteres (${letter}001) (SUNAT 1001).`,
      params: { code: 'series_invalid', sunatRule: '1001' },
    });
};

const fixedType = (type: '09' | '31') =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim().padStart(2, '0'))
    .refine((v) => v === type, {
      message: `Este endpoint emite solo guías de remisión ${type === '09' ? 'remitente (09)' : 'transportista (31)'}.`,
      params: { code: 'document_type_invalid', sunatRule: '1051' },
    })
    .describe(`Siempre "${type}".`);

const identityType = () =>
  catalogCode(identityDocumentTypes).describe(
    'Tipo de documento de identidad, catálogo 06: `6` RUC, `1` DNI, `4` carné de extranjería, `7` pasaporte…',
  );

const documentNumberText = (label: string) => text(15, label).transform((s) => s.trim());

/** A person or company named by document type, number and name (the 31's remitente and destinatario). */
const partySchema = (id: string, description: string) =>
  z
    .object({
      codigo_tipo_documento_identidad: identityType(),
      descripcion_tipo_documento_identidad: optional(text(100, 'La descripción')).describe(
        'Descripción del tipo de documento (`RUC`, `DNI`); solo informativa.',
      ),
      numero_documento: documentNumberText('El número de documento').describe(
        'Número del documento de identidad (RUC 11 dígitos, DNI 8).',
      ),
      apellidos_y_nombres_o_razon_social: text(1500, 'El nombre').describe('Apellidos y nombres o razón social.'),
    })
    .meta({ id, description });

/** Partida or llegada: INEI ubigeo, address and, when it is a RUC holder's establishment, its SUNAT code. */
const addressSchema = (id: string, description: string) =>
  z
    .object({
      ubigeo: ubigeo().describe(
        'Ubigeo INEI del distrito (6 dígitos, envíelo como texto: `"150101"`; SUNAT 3363/3368).',
      ),
      direccion: text(1500, 'La dirección').describe(
        'Dirección completa y detallada (SUNAT 2577/2574; observa más de 500).',
      ),
      codigo_del_domicilio_fiscal: optional(
        upperCode(/^\d{4}$/, 'El código de establecimiento es de 4 dígitos (0000 domicilio fiscal, 0001… anexos).'),
      ).describe(
        'Código de establecimiento anexo SUNAT (4 dígitos; `0000` domicilio fiscal). Obligatorio en ambos puntos para el motivo 04 (SUNAT 3365/3369).',
      ),
    })
    .meta({ id, description });

const authorization = {
  numero_autorizacion_especial: optional(text(50, 'La autorización especial')).describe(
    'Número de autorización especial (3 a 50 caracteres; SUNAT observa otro formato, 4396/4406).',
  ),
  codigo_entidad_autorizadora: optional(
    z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim().padStart(2, '0'))
      .refine((c) => /^\d{2}$/.test(c), { message: 'Código de entidad autorizadora del catálogo D-37 (01–13).' }),
  ).describe('Entidad que otorgó la autorización, catálogo D-37 (`06` MTC…).'),
};

const carrierSchema = z
  .object({
    codigo_tipo_documento_identidad: identityType(),
    numero_documento: documentNumberText('El número de documento').describe('RUC del transportista (11 dígitos).'),
    apellidos_y_nombres_o_razon_social: text(1500, 'El nombre').describe('Razón social del transportista.'),
    numero_mtc: optional(text(20, 'El número de registro MTC').transform((s) => s.trim().toUpperCase())).describe(
      'Número de registro MTC (hasta 20 letras y dígitos; SUNAT observa su ausencia, 4391).',
    ),
    ...authorization,
  })
  .meta({ id: 'DispatchCarrier', description: 'Empresa de transporte (`transportista`).' });

const driverSchema = z
  .object({
    codigo_tipo_documento_identidad: identityType(),
    numero_documento: documentNumberText('El número de documento').describe('Documento del conductor (DNI 8 dígitos).'),
    nombres: text(500, 'Los nombres').describe(
      'Apellidos y nombres: `"APELLIDOS, NOMBRES"` (la coma separa cbc:FamilyName de cbc:FirstName).',
    ),
    apellidos: optional(text(250, 'Los apellidos')).describe('Apellidos, si se envían aparte de `nombres`.'),
    numero_licencia: optional(text(20, 'La licencia').transform((s) => s.trim().toUpperCase())).describe(
      'Licencia de conducir: 9 o 10 letras mayúsculas y dígitos, sin guiones (SUNAT 2573).',
    ),
    telefono: optional(text(100, 'El teléfono')).describe('Teléfono (no viaja a SUNAT).'),
  })
  .meta({ id: 'DispatchDriver', description: 'Conductor (`chofer`, `chofer_secundario[]`).' });

const vehicleSchema = z
  .object({
    numero_de_placa: text(20, 'La placa').describe(
      'Placa: 6 a 8 letras mayúsculas y dígitos; los guiones y espacios se quitan (SUNAT 2567).',
    ),
    modelo: optional(text(100, 'El modelo')).describe('Modelo (no viaja a SUNAT).'),
    marca: optional(text(100, 'La marca')).describe('Marca (no viaja a SUNAT).'),
    certificado_habilitacion_vehicular: optional(
      text(20, 'El certificado').transform((s) => s.trim().toUpperCase()),
    ).describe(
      'TUC / certificado de habilitación vehicular (10 a 15 letras y dígitos, SUNAT 3355); solo viaja con el indicador de vehículos del transportista o en la 31.',
    ),
    ...authorization,
  })
  .meta({ id: 'DispatchVehicle', description: 'Vehículo (`vehiculo`, `vehiculo_secundario[]`).' });

const itemSchema = z
  .object({
    codigo_interno: optional(text(30, 'El código interno')).describe(
      'Código del bien (cac:SellersItemIdentification; SUNAT observa más de 30).',
    ),
    descripcion: optional(text(500, 'La descripción')).describe(
      'Descripción del bien (obligatoria salvo importación/exportación de la DAM completa; SUNAT 2781).',
    ),
    unidad_de_medida: optional(
      upperCode(/^[A-Z0-9]{1,3}$/, 'Debe ser un código de unidad de medida del catálogo 03 (NIU, KGM, TNE…).'),
    ).describe('Unidad de medida, catálogo 03 (`NIU` por defecto).'),
    cantidad: quantity().describe('Cantidad (> 0; hasta 12 enteros y 10 decimales, SUNAT 2780).'),
    codigo_producto_sunat: optional(z.union([z.string(), z.number()])).describe('Se acepta; no viaja en la guía.'),
    nombre: optional(z.unknown()).describe('Se acepta; no viaja en la guía.'),
    nombre_secundario: optional(z.unknown()).describe('Se acepta; no viaja en la guía.'),
    codigo_tipo_item: optional(z.unknown()).describe('Se acepta; no viaja en la guía.'),
    codigo_producto_gsl: optional(z.unknown()).describe('Se acepta; no viaja en la guía.'),
    informacion_adicional: optional(text(1500, 'La información adicional')).describe('Texto para el PDF.'),
    dato_adicional: optional(z.unknown()).describe('Dato adicional libre.'),
    // Invoice line keys FacturadorPro ERPs send along: a guide has no amounts.
    valor_unitario: optional(z.unknown()).describe('Se acepta y no se usa: una guía no lleva importes.'),
    precio_unitario: optional(z.unknown()).describe('Se acepta y no se usa.'),
    codigo_tipo_precio: optional(z.unknown()).describe('Se acepta y no se usa.'),
    codigo_tipo_afectacion_igv: optional(z.unknown()).describe('Se acepta y no se usa.'),
    total_base_igv: optional(z.unknown()).describe('Se acepta y no se usa.'),
    porcentaje_igv: optional(z.unknown()).describe('Se acepta y no se usa.'),
    total_igv: optional(z.unknown()).describe('Se acepta y no se usa.'),
    total_impuestos: optional(z.unknown()).describe('Se acepta y no se usa.'),
    total_valor_item: optional(z.unknown()).describe('Se acepta y no se usa.'),
    total_item: optional(z.unknown()).describe('Se acepta y no se usa.'),
  })
  .meta({ id: 'DispatchItem', description: 'Bien trasladado (`items[]`): cantidad, unidad, descripción y código.' });

const relatedDocumentSchema = z
  .object({
    numero: text(100, 'El número')
      .transform((s) => s.trim())
      .describe('Número del documento (formato según su tipo: `F001-123`, DAM `118-2024-10-123456`…; SUNAT 3441).'),
    documento: z
      .object({
        id: z
          .union([z.string(), z.number()], { error: 'Debe ser un código del catálogo 61.' })
          .transform((v) => String(v).trim().padStart(2, '0'))
          .describe('Tipo, catálogo 61 (`01` factura, `03` boleta, `09` guía remitente, `50` DAM, `52` DS…).'),
        descripcion: optional(text(120, 'La descripción')).describe(
          'Descripción del tipo (por defecto la del catálogo 61).',
        ),
      })
      .describe('Tipo del documento relacionado.'),
    ruc: optional(upperCode(/^\d{11}$/, 'El RUC del emisor del documento debe tener 11 dígitos.')).describe(
      'RUC de quien emitió el documento (por defecto el que SUNAT exige para el tipo y motivo).',
    ),
    empresa: optional(text(1500, 'La empresa')).describe('Razón social del emisor (solo para el PDF).'),
  })
  .meta({
    id: 'DispatchRelatedDocument',
    description: 'Documento relacionado al transporte (`documento_relacionado[]`).',
  });

const weightSchema = () =>
  decimal({
    min: { value: 0, inclusive: false, message: 'El peso bruto total debe ser mayor que cero (SUNAT 2523).' },
    sunatRule: '2523',
  });

const weightUnit = () =>
  upperCode(/^(KGM|TNE)$/, 'La unidad del peso bruto total es KGM (kilogramos) o TNE (toneladas) (SUNAT 2523).');

const packages = () =>
  z
    .union([z.number(), z.string()], { error: 'El número de bultos debe ser un entero.' })
    .transform((v) => String(v).trim())
    .refine((s) => /^\d{1,9}$/.test(s), { message: 'El número de bultos debe ser un entero de hasta 9 dígitos.' })
    .transform((s) => Number(s));

/** What both guides share: numbering, dates, weight, vehicles, drivers, related documents, items. */
const commonShape = (kind: DispatchKind) => ({
  serie_documento: seriesOf(kind).describe(kind === 'sender' ? 'Serie T### (T001).' : 'Serie V### (V001).'),
  numero_documento: documentNumber().describe('`"#"` toma el siguiente número de la serie; o un número explícito.'),
  ...issueMomentFields(),
  codigo_tipo_documento: fixedType(kind === 'sender' ? '09' : '31'),
  datos_del_emisor: optional(z.unknown()).describe('Se acepta; el emisor es la empresa del token.'),
  observaciones: optional(text(1500, 'Las observaciones')).describe(
    'Observaciones (cbc:Note; SUNAT observa más de 250 caracteres, 4186).',
  ),
  fecha_de_traslado: optional(isoDate()).describe(
    'Fecha de inicio del traslado AAAA-MM-DD, no anterior a la emisión (SUNAT 3343). Por defecto, la de emisión.',
  ),
  indicador_de_transbordo: optional(flag()).describe(
    'Transbordo programado (SUNAT_Envio_IndicadorTransbordoProgramado).',
  ),
  unidad_peso_total: optional(weightUnit()).describe('`KGM` (por defecto) o `TNE`.'),
  peso_total: weightSchema().describe('Peso bruto total de la carga (> 0; hasta 3 decimales, SUNAT 2523).'),
  numero_de_bultos: optional(packages()).describe(
    'Número de bultos o pallets (obligatorio en importación y exportación, SUNAT 3419).',
  ),
  numero_de_contenedor: optional(z.union([z.string(), z.number()]).transform((v) => String(v).trim())).describe(
    'Número de contenedor (para el PDF; no viaja a SUNAT).',
  ),
  chofer: optional(driverSchema).describe('Conductor principal.'),
  chofer_secundario: optional(
    z.array(driverSchema).max(2, { message: 'SUNAT admite hasta 2 conductores secundarios (4376).' }),
  ).describe('Hasta 2 conductores secundarios.'),
  vehiculo: optional(vehicleSchema).describe('Vehículo principal.'),
  vehiculo_secundario: optional(
    z.array(vehicleSchema).max(2, { message: 'SUNAT admite hasta 2 vehículos secundarios (4389).' }),
  ).describe('Hasta 2 vehículos secundarios.'),
  documento_relacionado: optional(z.array(relatedDocumentSchema).max(20)).describe(
    'Documentos relacionados al transporte (catálogo 61).',
  ),
  items: z
    .array(itemSchema)
    .min(1, { message: 'La guía debe tener al menos un bien.' })
    .max(9999, { message: 'Una guía admite hasta 9999 líneas (SUNAT 2023).' })
    .describe('Bienes trasladados.'),
  acciones: optional(
    z.object({
      formato_pdf: optional(z.enum(['a4', 'ticket'])).describe('Formato del PDF por defecto.'),
      enviar_email: optional(flag()).describe('Enviar la guía al correo del destinatario.'),
      enviar_xml_firmado: optional(flag()).describe('Enviar a SUNAT al emitir.'),
    }),
  ).describe('Acciones al emitir.'),
  leyendas: optional(z.unknown()).describe('Se ignora (la guía no lleva leyendas).'),
  dato_adicional: optional(z.unknown()).describe('Dato adicional libre.'),
  offline_id: optional(z.union([z.string(), z.number()])).describe('Clave de idempotencia del cliente (opcional).'),
});

export const senderDispatchBodySchema = z
  .object({
    ...commonShape('sender'),
    datos_del_cliente_o_receptor: optional(customerSchema).describe(
      'Destinatario (en compra 02 y recojo 07, el proveedor; en traslado entre establecimientos 04, se ignora: el destinatario es el emisor).',
    ),
    codigo_modo_transporte: catalogCode(transportModes, { sunatRule: '2773' }).describe(
      'Modalidad de traslado, catálogo 18: `01` transporte público (transportista), `02` privado (conductor y vehículo).',
    ),
    codigo_motivo_traslado: catalogCode(transferMotives, { sunatRule: '3405' }).describe(
      'Motivo de traslado, catálogo 20: `01` venta, `02` compra, `04` entre establecimientos, `08` importación, `09` exportación, `13` otros…',
    ),
    descripcion_motivo_traslado: optional(text(100, 'La descripción del motivo')).describe(
      'Descripción del motivo (obligatoria para 13, SUNAT 3457; por defecto la del catálogo 20).',
    ),
    fecha_entrega_transporte: optional(isoDate()).describe(
      'Transporte público: fecha de entrega de los bienes al transportista (SUNAT 3617, desde 2026-06-01; no anterior a la emisión, 3618, ni posterior al traslado, 3616). Por defecto, `fecha_de_traslado`.',
    ),
    indicador_vehiculos_conductores_transportista: optional(flag()).describe(
      'Transporte público con vehículo y conductor del transportista declarados (SUNAT_Envio_IndicadorVehiculoConductoresTransp): exige `chofer` y `vehiculo`.',
    ),
    indicador_traslado_vehiculo_m1l: optional(flag()).describe(
      'Traslado en vehículo de categoría M1 o L (SUNAT_Envio_IndicadorTrasladoVehiculoM1L): sin conductor ni vehículo ni transportista.',
    ),
    codigo_de_puerto: optional(
      upperCode(/^[A-Z]{3}$/, 'El código de puerto es de 3 letras (catálogo 63: CLL…).'),
    ).describe('Importación/exportación: puerto de embarque o desembarque, catálogo 63 (`CLL` Callao…).'),
    direccion_partida: addressSchema('DispatchOrigin', 'Punto de partida (`direccion_partida`).'),
    direccion_llegada: optional(
      addressSchema('DispatchDestination', 'Punto de llegada (`direccion_llegada`).'),
    ).describe('Punto de llegada (obligatorio salvo motivo 18, emisor itinerante).'),
    transportista: optional(carrierSchema).describe('Transporte público: la empresa de transporte.'),
  })
  .meta({
    id: 'DispatchBody',
    description: 'Guía de remisión remitente (09), formato FacturadorPro (POST /api/dispatches).',
  });

const carrierAddresses = z
  .object({
    remitente: optional(addressSchema('DispatchCarrierOrigin', 'Partida (dirección del remitente).')),
    destinatario: optional(addressSchema('DispatchCarrierDestination', 'Llegada (dirección del destinatario).')),
  })
  .meta({ id: 'DispatchCarrierAddresses', description: 'Direcciones de la 31 (`direcciones_proveedores`).' });

const payerSchema = z
  .object({
    indicador_pagador_flete: z
      .string({ error: 'Debe ser "Remitente", "Subcontratador" o "Tercero".' })
      .transform((s) => {
        const word = s.trim().toLowerCase();
        return word.charAt(0).toUpperCase() + word.slice(1);
      })
      .refine(
        (s): s is 'Remitente' | 'Subcontratador' | 'Tercero' => ['Remitente', 'Subcontratador', 'Tercero'].includes(s),
        {
          message: 'Debe ser "Remitente", "Subcontratador" o "Tercero".',
        },
      )
      .describe('Quién paga el flete: `Remitente`, `Subcontratador` o `Tercero`.'),
    codigo_tipo_documento_identidad: optional(identityType()),
    descripcion_tipo_documento_identidad: optional(text(100, 'La descripción')),
    numero: optional(documentNumberText('El número de documento')).describe('Documento de quien paga.'),
    nombres: optional(text(1500, 'El nombre')).describe('Nombre o razón social de quien paga.'),
  })
  .meta({ id: 'DispatchFreightPayer', description: 'Pagador del flete (`pagador_flete`).' });

export const carrierDispatchBodySchema = z
  .object({
    ...commonShape('carrier'),
    datos_remitente: optional(partySchema('DispatchSender', 'Remitente de los bienes (`datos_remitente`).')).describe(
      'Remitente (obligatorio, SUNAT 3383).',
    ),
    datos_destinatario: optional(
      partySchema('DispatchRecipient', 'Destinatario de los bienes (`datos_destinatario`).'),
    ).describe('Destinatario (obligatorio, SUNAT 2757).'),
    direcciones_proveedores: optional(carrierAddresses).describe(
      'Partida (`remitente`) y llegada (`destinatario`), como las envía FacturadorPro.',
    ),
    direccion_partida: optional(addressSchema('DispatchCarrierOriginAlt', 'Partida.')).describe(
      'Partida, si no se envía `direcciones_proveedores.remitente`.',
    ),
    direccion_llegada: optional(addressSchema('DispatchCarrierDestinationAlt', 'Llegada.')).describe(
      'Llegada, si no se envía `direcciones_proveedores.destinatario`.',
    ),
    transportista: optional(carrierSchema.partial()).describe(
      'Solo `numero_mtc` y la autorización especial del emisor (la empresa de transporte es el emisor).',
    ),
    pagador_flete: optional(payerSchema),
    fecha_entrega_transporte: optional(isoDate()).describe('Se acepta; la 31 no la lleva.'),
    codigo_modo_transporte: optional(z.unknown()).describe('Se acepta; la 31 no lleva modalidad.'),
    codigo_motivo_traslado: optional(z.unknown()).describe('Se acepta; la 31 no lleva motivo.'),
    descripcion_motivo_traslado: optional(z.unknown()).describe('Se acepta; la 31 no lleva motivo.'),
    datos_del_cliente_o_receptor: optional(z.unknown()).describe(
      'Se acepta; el destinatario de la 31 es `datos_destinatario`.',
    ),
  })
  .meta({
    id: 'DispatchCarrierBody',
    description: 'Guía de remisión transportista (31), formato FacturadorPro (POST /api/dispatch-carrier).',
  });

export type SenderDispatchBody = z.output<typeof senderDispatchBodySchema>;
export type CarrierDispatchBody = z.output<typeof carrierDispatchBodySchema>;
export type DriverBody = z.output<typeof driverSchema>;
export type VehicleBody = z.output<typeof vehicleSchema>;
export type AddressBody = z.output<ReturnType<typeof addressSchema>>;
export type RelatedDocumentBody = z.output<typeof relatedDocumentSchema>;
export type DispatchItemBody = z.output<typeof itemSchema>;
export type CarrierBody = z.output<typeof carrierSchema>;
