// Rules both guides share (09 remitente, 31 transportista): dates, weight, lines, drivers, vehicles, ubigeos and
// the observations SUNAT notes without rejecting. Each rule cites SUNAT's codes (ValidaExprRegGreRemitente /
// ValidaExprRegGreTransportista 2.0.1; 3616–3618 from R.S. 000108-2026/SUNAT).
import { ubigeoStatus } from '../../catalogs/index.ts';
import { daysBetween } from '../../invoice/context.ts';
import { addIssue, addWarning, type Findings } from '../../invoice/findings.ts';
import type { IssueCode } from '../../issues.ts';
import { HAND_OVER_DATE_REQUIRED_FROM, type DispatchContext, type DispatchRule } from '../context.ts';
import type { DispatchAddress } from '../types.ts';

/** Whether the guide needs a driver and a vehicle: always in the 31; in the 09, as its mode and indicators say. */
export const crewRequired = (c: DispatchContext) => (c.kind === 'carrier' ? true : c.needs.crew);

const PLATE = /^(?!0+$)[0-9A-Z]{6,8}$/;
const LICENCE = /^(?!0+$)[0-9A-Z]{9,10}$/;
const REGISTRATION = /^(?!0+$)[0-9A-Z]{10,15}$/;

/** The carrier's MTC registration: SUNAT observes its absence (4391) and a malformed one (4392). */
export function mtcObservation(mtc: string | undefined, f: Findings, whose = 'del transportista'): void {
  if (!mtc)
    addWarning(
      f,
      'transportista.numero_mtc',
      'sunat_observation',
      `Sin número de registro MTC ${whose}: SUNAT lo observa (4391).`,
      '4391',
    );
  else if (!/^(?!0+$)[0-9A-Z]{1,20}$/.test(mtc))
    addWarning(
      f,
      'transportista.numero_mtc',
      'sunat_observation',
      'El registro MTC debe ser de letras mayúsculas y dígitos: SUNAT lo observa (4392).',
      '4392',
    );
}

/** Identity document numbers as SUNAT reads them: DNI 8 digits, RUC [12] + 10 digits, others 1–15 non-space. */
export function documentNumberProblem(type: string, number: string): string | undefined {
  if (type === '1' && !/^\d{8}$/.test(number)) return 'el DNI debe tener 8 dígitos';
  if (type === '6' && !/^[12]\d{10}$/.test(number)) return 'el RUC debe tener 11 dígitos y empezar por 1 o 2';
  if (!/^\S{1,15}$/.test(number)) return 'debe tener de 1 a 15 caracteres, sin espacios';
  return undefined;
}

/** A party's document number (documentNumberProblem) at `path`: an issue citing SUNAT's `rule`, naming `whose`. */
export function checkDocumentNumber(
  party: { documentType: string; documentNumber: string },
  f: Findings,
  at: { path: string; whose: string; rule: string; code?: IssueCode },
): void {
  const problem = documentNumberProblem(party.documentType, party.documentNumber);
  const message = `Documento ${at.whose}: ${problem} (SUNAT ${at.rule}).`;
  if (problem) addIssue(f, at.path, at.code ?? 'dispatch_party_invalid', message, { sunatRule: at.rule });
}

/** A party the guide requires is absent: its rejection citing SUNAT's `rule` (2757, 3383). */
export function partyMissing(f: Findings, at: { path: string; message: string; rule: string }): void {
  addIssue(f, at.path, 'dispatch_party_invalid', at.message, { sunatRule: at.rule });
}

/** A party identified by the issuer's own RUC: its rejection citing SUNAT's `rule` (2555, 2560, 3448). */
export function checkNotIssuer(
  party: { documentType: string; documentNumber: string },
  issuerRuc: string,
  f: Findings,
  at: { path: string; message: string; rule: string },
): void {
  if (party.documentType === '6' && party.documentNumber === issuerRuc)
    addIssue(f, at.path, 'dispatch_party_invalid', at.message, { sunatRule: at.rule });
}

/** A party's name above 250 characters: SUNAT observes it (`rule`: 4422 sender, 4152 recipient…). */
export function longNameObservation(name: string, f: Findings, partyPath: string, rule: string): void {
  const path = `${partyPath}.apellidos_y_nombres_o_razon_social`;
  const message = `Nombre de más de 250 caracteres: SUNAT lo observa (${rule}).`;
  if (name.length > 250) addWarning(f, path, 'sunat_observation', message, rule);
}

const transferNotBeforeIssue: DispatchRule = {
  name: 'transfer-date-not-before-issue',
  sunat: ['3343', '4386'],
  check: (c, f) => {
    if (daysBetween(c.doc.issueDate, c.doc.transferDate) >= 0) return;
    const message = `La fecha de inicio del traslado ${c.doc.transferDate} no puede ser anterior a la fecha de emisión ${c.doc.issueDate}`;
    // Public transport without indicators: SUNAT reads the start date as the hand-over date; from 2026-06-01 the
    // hand-over date rules (3618/3616) refuse it, before it was only observed (4386).
    const plainPublic = c.kind === 'sender' && c.body.codigo_modo_transporte === '01' && !c.needs.crew && !c.needs.m1l;
    if (plainPublic) {
      if (c.doc.issueDate >= HAND_OVER_DATE_REQUIRED_FROM) return;
      addWarning(f, 'fecha_de_traslado', 'sunat_observation', `${message}: SUNAT lo observa (4386).`, '4386');
      return;
    }
    addIssue(f, 'fecha_de_traslado', 'transfer_date_invalid', `${message} (SUNAT 3343).`, { sunatRule: '3343' });
  },
};

const positiveWeight: DispatchRule = {
  name: 'gross-weight-positive',
  sunat: ['2523'],
  check: (c, f) => {
    if (Number(c.doc.grossWeight.value) > 0) return;
    const message = 'El peso bruto total redondeado a 3 decimales es 0: debe ser mayor que cero (SUNAT 2523).';
    addIssue(f, 'peso_total', 'validation_failed', message, { sunatRule: '2523' });
  },
};

const observations: DispatchRule = {
  name: 'observed-lengths',
  sunat: ['4186', '4384'],
  check: (c, f) => {
    if (c.doc.note && (c.doc.note.length > 250 || /[\n\t\r\f]/.test(c.doc.note)))
      addWarning(
        f,
        'observaciones',
        'sunat_observation',
        'Observaciones de más de 250 caracteres o con saltos de línea: SUNAT lo observa (4186).',
        '4186',
      );
    if (c.doc.packages !== undefined && c.doc.packages > 999_999)
      addWarning(
        f,
        'numero_de_bultos',
        'sunat_observation',
        'Más de 6 dígitos de bultos: SUNAT lo observa (4384).',
        '4384',
      );
  },
};

/** Where a line needs its description: the 09 always but in customs transfers (the DAM's whole); the 31 per 2781. */
function descriptionRequired(c: DispatchContext): boolean {
  if (c.kind === 'sender') return !c.motive.customs;
  const types = new Set(c.doc.related.map((r) => r.documentType));
  const some = (codes: string[]) => codes.some((t) => types.has(t));
  return (
    some(['01', '03', '04', '12', '48', '50', '52']) || !some(['01', '03', '04', '09', '12', '48', '50', '52', '82'])
  );
}

const lineDescriptions: DispatchRule = {
  name: 'line-description',
  sunat: ['2781', '4084'],
  check: (c, f) => {
    const required = descriptionRequired(c);
    c.doc.lines.forEach((line, i) => {
      const path = `items[${i}].descripcion`;
      if (!line.description) {
        if (required)
          addIssue(f, path, 'validation_failed', 'Falta la descripción del bien (SUNAT 2781).', { sunatRule: '2781' });
        return;
      }
      if (line.description.length < 3 || /[\n\t\r\f]/.test(line.description))
        addWarning(
          f,
          path,
          'sunat_observation',
          'Descripción de menos de 3 caracteres o con saltos de línea: SUNAT lo observa (4084).',
          '4084',
        );
    });
  },
};

const principalDriver: DispatchRule = {
  name: 'principal-driver-required',
  sunat: ['3357', '2568', '2570', '2572'],
  check: (c, f) => {
    if (!crewRequired(c) || c.doc.drivers.some((d) => d.role === 'Principal')) return;
    const why = c.kind === 'carrier' ? 'la guía transportista' : 'esta modalidad de traslado';
    addIssue(
      f,
      'chofer',
      'transport_requirements_unmet',
      `Falta el conductor principal: ${why} lo exige (SUNAT 3357).`,
      {
        sunatRule: '3357',
      },
    );
  },
};

const driverDocuments: DispatchRule = {
  name: 'driver-document',
  sunat: ['2569', '2571'],
  check: (c, f) => {
    let secondary = 0;
    for (const d of c.doc.drivers) {
      const path = d.role === 'Principal' ? 'chofer' : `chofer_secundario[${secondary++}]`;
      if (d.documentType === '6') {
        const message =
          'El conductor se identifica con un documento de persona (DNI, carné…), no con RUC (SUNAT 2571).';
        addIssue(f, `${path}.codigo_tipo_documento_identidad`, 'transport_requirements_unmet', message, {
          sunatRule: '2571',
        });
        continue;
      }
      checkDocumentNumber(d, f, {
        path: `${path}.numero_documento`,
        whose: 'del conductor',
        rule: '2569',
        code: 'transport_requirements_unmet',
      });
    }
  },
};

const driverLicences: DispatchRule = {
  name: 'driver-licence',
  sunat: ['2572', '2573', '3362'],
  check: (c, f) => {
    let secondary = 0;
    const seen = new Set<string>();
    for (const d of c.doc.drivers) {
      const path = `${d.role === 'Principal' ? 'chofer' : `chofer_secundario[${secondary++}]`}.numero_licencia`;
      if (!d.licence) {
        addIssue(f, path, 'licence_invalid', 'Falta el número de licencia de conducir (SUNAT 2572).', {
          sunatRule: '2572',
        });
        continue;
      }
      if (!LICENCE.test(d.licence)) {
        const message = `La licencia "${d.licence}" debe tener 9 o 10 letras mayúsculas y dígitos (no solo ceros) (SUNAT 2573).`;
        addIssue(f, path, 'licence_invalid', message, { sunatRule: '2573' });
      }
      if (d.role === 'Secundario' && seen.has(d.licence))
        addIssue(f, path, 'transport_requirements_unmet', 'La licencia se repite entre los conductores (SUNAT 3362).', {
          sunatRule: '3362',
        });
      seen.add(d.licence);
    }
  },
};

const vehicleRequired: DispatchRule = {
  name: 'vehicle-required',
  sunat: ['2566'],
  check: (c, f) => {
    if (!crewRequired(c) || c.doc.vehicle) return;
    const why = c.kind === 'carrier' ? 'la guía transportista' : 'esta modalidad de traslado';
    addIssue(
      f,
      'vehiculo',
      'transport_requirements_unmet',
      `Falta el vehículo (numero_de_placa): ${why} lo exige (SUNAT 2566).`,
      {
        sunatRule: '2566',
      },
    );
  },
};

const vehicleFormats: DispatchRule = {
  name: 'vehicle-plate-and-registration',
  sunat: ['2567', '3355', '4399', '4406'],
  check: (c, f) => {
    const v = c.doc.vehicle;
    if (!v) return;
    const all = [
      { vehicle: v, path: 'vehiculo' },
      ...v.secondary.map((vehicle, i) => ({ vehicle, path: `vehiculo_secundario[${i}]` })),
    ];
    for (const { vehicle, path } of all) {
      if (!PLATE.test(vehicle.plate))
        addIssue(
          f,
          `${path}.numero_de_placa`,
          'plate_invalid',
          `La placa "${vehicle.plate}" debe tener 6 a 8 letras mayúsculas y dígitos, sin guiones (SUNAT 2567).`,
          { sunatRule: '2567' },
        );
      if (vehicle.registration && !REGISTRATION.test(vehicle.registration))
        addIssue(
          f,
          `${path}.certificado_habilitacion_vehicular`,
          'transport_requirements_unmet',
          'La TUC o certificado de habilitación debe tener 10 a 15 letras mayúsculas y dígitos (SUNAT 3355).',
          { sunatRule: '3355' },
        );
      if (vehicle.authorization && vehicle.authorization.number.length < 3)
        addWarning(
          f,
          `${path}.numero_autorizacion_especial`,
          'sunat_observation',
          'Autorización especial de menos de 3 caracteres: SUNAT lo observa (4406).',
          '4406',
        );
    }
    const registrationExpected = c.kind === 'carrier' || c.needs.carrierCrew;
    if (registrationExpected && !v.registration)
      addWarning(
        f,
        'vehiculo.certificado_habilitacion_vehicular',
        'sunat_observation',
        'Sin TUC o certificado de habilitación vehicular: SUNAT lo observa (4399).',
        '4399',
      );
  },
};

function checkPoint(a: DispatchAddress, path: string, code: '3363' | '3368', f: Findings): void {
  const status = ubigeoStatus(a.ubigeo);
  if (status === 'unknown') {
    const message = `El ubigeo ${a.ubigeo} no existe: su departamento o provincia no está en el catálogo INEI (SUNAT ${code}).`;
    addIssue(f, `${path}.ubigeo`, 'ubigeo_invalid', message, { sunatRule: code });
  } else if (status !== 'district') {
    const what =
      status === 'unknown-district'
        ? 'un distrito que el catálogo INEI incluido no conoce'
        : `un ${status === 'department' ? 'departamento' : 'provincia'}, no un distrito`;
    addWarning(
      f,
      `${path}.ubigeo`,
      'ubigeo_not_in_catalog',
      `El ubigeo ${a.ubigeo} es ${what}: SUNAT lo rechaza (${code}) si no existe.`,
      code,
    );
  }
  if (a.address.length < 3 || a.address.length > 500 || /[\n\t\r\f]/.test(a.address))
    addWarning(
      f,
      `${path}.direccion`,
      'sunat_observation',
      `Dirección de menos de 3 o más de 500 caracteres, o con saltos de línea: SUNAT lo observa (${code === '3363' ? '4076' : '4068'}).`,
      code === '3363' ? '4076' : '4068',
    );
}

const ubigeos: DispatchRule = {
  name: 'ubigeo-in-catalogue',
  sunat: ['3363', '3368', '4076', '4068'],
  check: (c, f) => {
    if (c.doc.origin.ubigeo) checkPoint(c.doc.origin, c.originPath, '3363', f);
    if (c.doc.destination) checkPoint(c.doc.destination, c.destinationPath, '3368', f);
  },
};

export const SHARED_RULES: readonly DispatchRule[] = [
  transferNotBeforeIssue,
  positiveWeight,
  observations,
  lineDescriptions,
  principalDriver,
  driverDocuments,
  driverLicences,
  vehicleRequired,
  vehicleFormats,
  ubigeos,
];
