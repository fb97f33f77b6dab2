// Rules of the guía de remisión remitente (09): the destinatario and supplier each motive asks for, the transport
// mode's carrier or crew, the hand-over date to the carrier (from 2026-06-01), establishment codes, importación and
// exportación. SUNAT's codes from ValidaExprRegGreRemitente 2.0.1 and R.S. 000108-2026/SUNAT (3616–3618).
import { ports } from '../../catalogs/index.ts';
import { daysBetween } from '../../invoice/context.ts';
import { addIssue, addWarning } from '../../invoice/findings.ts';
import { HAND_OVER_DATE_REQUIRED_FROM, type DispatchRule, type SenderContext } from '../context.ts';
import { checkDocumentNumber, checkNotIssuer, longNameObservation, mtcObservation, partyMissing } from './shared.ts';

type Rule = DispatchRule<SenderContext>;
const CUSTOMER = 'datos_del_cliente_o_receptor';

const recipient: Rule = {
  name: 'recipient-for-motive',
  sunat: ['2757', '2758', '2555', '3417'],
  check: (c, f) => {
    if (c.motive.recipient === 'issuer') return;
    const customer = c.body.datos_del_cliente_o_receptor;
    if (!customer) {
      const message = 'Falta el destinatario (datos_del_cliente_o_receptor) (SUNAT 2757).';
      return partyMissing(f, { path: CUSTOMER, message, rule: '2757' });
    }
    const r = c.doc.recipient;
    checkDocumentNumber(r, f, { path: `${CUSTOMER}.numero_documento`, whose: 'del destinatario', rule: '2758' });
    if (c.motive.recipient === 'other')
      checkNotIssuer(r, c.ctx.issuer.ruc, f, {
        path: `${CUSTOMER}.numero_documento`,
        message: `Para el motivo ${c.motive.code} (${c.motive.description}) el destinatario no puede ser el emisor (SUNAT 2555).`,
        rule: '2555',
      });
    if (c.motive.recipientRuc && r.documentType !== '6')
      addIssue(
        f,
        `${CUSTOMER}.codigo_tipo_documento_identidad`,
        'dispatch_party_invalid',
        `Para el motivo ${c.motive.code} (${c.motive.description}) el destinatario debe tener RUC (SUNAT 3417).`,
        { sunatRule: '3417' },
      );
    longNameObservation(r.name, f, CUSTOMER, '4152');
  },
};

const supplier: Rule = {
  name: 'supplier-for-purchase',
  sunat: ['4375', '3447', '2724', '3448', '4378'],
  check: (c, f) => {
    if (c.motive.code === '03')
      addWarning(
        f,
        CUSTOMER,
        'sunat_observation',
        'La venta con entrega a terceros no identifica al comprador: SUNAT lo observa (4378).',
        '4378',
      );
    if (!c.motive.customerIsSupplier) return;
    const s = c.doc.supplier;
    if (!s) {
      addWarning(
        f,
        CUSTOMER,
        'sunat_observation',
        `Sin proveedor (datos_del_cliente_o_receptor) para el motivo ${c.motive.code}: SUNAT lo observa (4375).`,
        '4375',
      );
      return;
    }
    const allowed = c.motive.code === '07' ? ['6'] : ['1', '4', '6', '7'];
    if (!allowed.includes(s.documentType))
      addIssue(
        f,
        `${CUSTOMER}.codigo_tipo_documento_identidad`,
        'dispatch_party_invalid',
        `El proveedor del motivo ${c.motive.code} se identifica con ${allowed.join(', ')} (catálogo 06; SUNAT 3447).`,
        { sunatRule: '3447' },
      );
    checkDocumentNumber(s, f, { path: `${CUSTOMER}.numero_documento`, whose: 'del proveedor', rule: '2724' });
    checkNotIssuer(s, c.ctx.issuer.ruc, f, {
      path: `${CUSTOMER}.numero_documento`,
      message: 'El proveedor no puede ser el emisor (SUNAT 3448).',
      rule: '3448',
    });
  },
};

const motiveDescription: Rule = {
  name: 'motive-description',
  sunat: ['3457', '4190'],
  check: (c, f) => {
    const text = c.body.descripcion_motivo_traslado;
    if (c.motive.describe && !text) {
      addIssue(
        f,
        'descripcion_motivo_traslado',
        'motive_description_required',
        'El motivo 13 (otros) exige descripcion_motivo_traslado (SUNAT 3457).',
        { sunatRule: '3457' },
      );
      return;
    }
    if (c.motive.describe && text && (text.trim().length < 3 || (text.match(/[A-Za-zÁÉÍÓÚáéíóú]/g) ?? []).length < 3))
      addWarning(
        f,
        'descripcion_motivo_traslado',
        'sunat_observation',
        'Descripción del motivo con menos de 3 letras: SUNAT lo observa (4190).',
        '4190',
      );
  },
};

const indicators: Rule = {
  name: 'transport-indicators',
  sunat: ['3450', '3451'],
  check: (c, f) => {
    const path = 'indicador_vehiculos_conductores_transportista';
    if (c.needs.carrierCrew && c.body.codigo_modo_transporte === '02')
      addIssue(
        f,
        path,
        'transport_requirements_unmet',
        'El indicador de vehículos y conductores del transportista no va en transporte privado (SUNAT 3450).',
        {
          sunatRule: '3450',
        },
      );
    if (c.needs.carrierCrew && c.needs.m1l && c.body.codigo_modo_transporte === '01')
      addIssue(
        f,
        path,
        'transport_requirements_unmet',
        'El indicador de vehículos del transportista y el de vehículos M1/L no van juntos (SUNAT 3451).',
        {
          sunatRule: '3451',
        },
      );
  },
};

const carrier: Rule = {
  name: 'carrier-for-public-transport',
  sunat: ['2558', '2563', '2485', '2560', '4165', '4391', '4392'],
  check: (c, f) => {
    if (!c.needs.carrier) return;
    const t = c.doc.carrier;
    if (!t) {
      addIssue(
        f,
        'transportista',
        'transport_requirements_unmet',
        'El transporte público exige el transportista (RUC, razón social) (SUNAT 2558/2563).',
        {
          sunatRule: '2558',
        },
      );
      return;
    }
    if (t.documentType !== '6')
      addIssue(
        f,
        'transportista.codigo_tipo_documento_identidad',
        'transport_requirements_unmet',
        'El transportista se identifica con su RUC (6) (SUNAT 2485).',
        {
          sunatRule: '2485',
        },
      );
    else if (!/^[12]\d{10}$/.test(t.documentNumber))
      addIssue(
        f,
        'transportista.numero_documento',
        'transport_requirements_unmet',
        'El RUC del transportista debe tener 11 dígitos y empezar por 1 o 2.',
        {
          sunatRule: '2558',
        },
      );
    if (t.documentNumber === c.ctx.issuer.ruc)
      addIssue(
        f,
        'transportista.numero_documento',
        'transport_requirements_unmet',
        'El transportista no puede ser el emisor: use transporte privado (SUNAT 2560).',
        {
          sunatRule: '2560',
        },
      );
    if (t.name.length < 3 || t.name.length > 250)
      addWarning(
        f,
        'transportista.apellidos_y_nombres_o_razon_social',
        'sunat_observation',
        'Razón social del transportista de menos de 3 o más de 250 caracteres: SUNAT lo observa (4165).',
        '4165',
      );
    mtcObservation(t.mtc, f);
  },
};

const handOver: Rule = {
  name: 'hand-over-date',
  sunat: ['3617', '3618', '3616'],
  check: (c, f) => {
    const handOverDate = c.doc.handOverDate;
    if (!handOverDate || c.doc.issueDate < HAND_OVER_DATE_REQUIRED_FROM) return;
    const sent = c.body.fecha_entrega_transporte !== undefined;
    if (daysBetween(c.doc.issueDate, handOverDate) < 0) {
      const field = sent ? 'fecha_entrega_transporte' : 'fecha_de_traslado';
      const what = sent
        ? 'La entrega de los bienes al transportista'
        : 'El inicio del traslado (y con él la entrega al transportista)';
      addIssue(
        f,
        field,
        'transfer_date_invalid',
        `${what} (${handOverDate}) no puede ser anterior a la emisión ${c.doc.issueDate} (SUNAT 3618).`,
        {
          sunatRule: '3618',
        },
      );
    } else if (daysBetween(handOverDate, c.doc.transferDate) < 0)
      addIssue(
        f,
        'fecha_de_traslado',
        'transfer_date_invalid',
        `El inicio del traslado ${c.doc.transferDate} no puede ser anterior a la entrega al transportista ${handOverDate} (SUNAT 3616).`,
        { sunatRule: '3616' },
      );
  },
};

const destinationRequired: Rule = {
  name: 'destination-required',
  sunat: ['2775', '2574'],
  check: (c, f) => {
    if (c.motive.destination === 'none' || c.body.direccion_llegada) return;
    addIssue(
      f,
      'direccion_llegada',
      'validation_failed',
      'Falta el punto de llegada (ubigeo y dirección) (SUNAT 2775/2574).',
      {
        sunatRule: '2775',
      },
    );
  },
};

const establishments: Rule = {
  name: 'establishments-between-premises',
  sunat: ['3365', '3369'],
  check: (c, f) => {
    if (c.motive.code !== '04') return;
    const message = (point: string, code: string) =>
      `El traslado entre establecimientos (04) exige el código de establecimiento del punto de ${point} (SUNAT ${code}).`;
    if (!c.doc.origin.establishment)
      addIssue(
        f,
        'direccion_partida.codigo_del_domicilio_fiscal',
        'establishment_code_required',
        message('partida', '3365'),
        {
          sunatRule: '3365',
        },
      );
    if (c.doc.destination && !c.doc.destination.establishment)
      addIssue(
        f,
        'direccion_llegada.codigo_del_domicilio_fiscal',
        'establishment_code_required',
        message('llegada', '3369'),
        {
          sunatRule: '3369',
        },
      );
  },
};

const customs: Rule = {
  name: 'customs-transfer',
  sunat: ['3419', '3459', '3364', '3365', '3369'],
  check: (c, f) => {
    if (!c.motive.customs) return;
    if (!c.doc.packages)
      addIssue(
        f,
        'numero_de_bultos',
        'customs_requirements_unmet',
        'La importación y la exportación exigen el número de bultos o pallets (SUNAT 3419).',
        {
          sunatRule: '3419',
        },
      );
    const port = c.doc.port ? ports.get(c.doc.port.code) : undefined;
    if (c.doc.port && !port) {
      addIssue(
        f,
        'codigo_de_puerto',
        'customs_requirements_unmet',
        `El puerto ${c.doc.port.code} no está en el catálogo 63 (SUNAT 3459).`,
        {
          sunatRule: '3459',
        },
      );
      return;
    }
    const imports = c.motive.code === '08';
    const point = imports ? c.doc.origin : c.doc.destination;
    if (port && point && port.ubigeo !== point.ubigeo) {
      const where = imports ? 'direccion_partida' : 'direccion_llegada';
      addIssue(
        f,
        `${where}.ubigeo`,
        'customs_requirements_unmet',
        `El puerto ${port.code} (${port.description}) está en el ubigeo ${port.ubigeo}: el punto de ${imports ? 'partida' : 'llegada'} debe estar allí (SUNAT 3364).`,
        { sunatRule: '3364' },
      );
    }
    if (!port && point && !point.establishment) {
      const code = imports ? '3365' : '3369';
      addIssue(
        f,
        'codigo_de_puerto',
        'customs_requirements_unmet',
        `Sin puerto, el punto de ${imports ? 'partida' : 'llegada'} necesita el código de establecimiento de un RUC (SUNAT ${code}).`,
        { sunatRule: code },
      );
    }
  },
};

export const SENDER_RULES: readonly Rule[] = [
  recipient,
  supplier,
  motiveDescription,
  indicators,
  carrier,
  handOver,
  destinationRequired,
  establishments,
  customs,
];
