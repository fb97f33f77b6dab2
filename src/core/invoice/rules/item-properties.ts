// Item properties (catalog 55) whose value SUNAT reads from a typed element rather than cbc:Value: a date
// property needs cac:UsabilityPeriod/cbc:StartDate (SUNAT 3065), the days of stay a DurationMeasure and a
// quantity a ValueQuantity (SUNAT 3135). The body keeps sending the value in `valor` (or in fecha_inicio /
// duracion); a value that is no date or no number cannot be written there and is refused. Countries of
// hospedaje (4000/4001) outside catalog 04 (4280), days that are no 1–4 digit integer (4281) and a check-in after
// the check-out (4282) are accepted with SUNAT's observation.
import {
  COUNTRY_PROPERTIES,
  countries,
  propertyValueElement,
  type PropertyValueElement,
} from '../../catalogs/index.ts';
import { joinPath } from '../../issues.ts';
import { addIssue, addWarning, newFindings, type Findings } from '../findings.ts';
import { isValidIsoDate } from '../primitives.ts';
import type { FilledBody } from '../defaults.ts';

type Property = NonNullable<FilledBody['items'][number]['datos_adicionales']>[number];

const NUMBER = /^\d+(\.\d+)?$/;

/** The value SUNAT needs for this element, as sent (typed field first, else `valor`). */
export function propertyTypedValue(a: Property, element: PropertyValueElement): string | undefined {
  if (element === 'startDate') return a.fecha_inicio ?? a.valor;
  if (element === 'duration' && a.duracion !== undefined) return String(a.duracion);
  return a.valor?.trim();
}

function expressible(value: string | undefined, element: PropertyValueElement): boolean {
  if (value === undefined) return false;
  return element === 'startDate' ? isValidIsoDate(value) : NUMBER.test(value);
}

const EXPECTED: Record<PropertyValueElement, string> = {
  startDate: 'una fecha AAAA-MM-DD (cac:UsabilityPeriod/cbc:StartDate)',
  duration: 'un número de días (cac:UsabilityPeriod/cbc:DurationMeasure)',
  quantity: 'una cantidad numérica (cbc:ValueQuantity)',
};

function checkProperty(f: Findings, a: Property, path: string): void {
  const target = propertyValueElement(a.codigo);
  if (target && !expressible(propertyTypedValue(a, target.element), target.element)) {
    addIssue(
      f,
      joinPath(path, target.element === 'startDate' && a.fecha_inicio ? 'fecha_inicio' : 'valor'),
      'item_property_invalid',
      `La propiedad ${a.codigo} del catálogo 55 debe ser ${EXPECTED[target.element]} (SUNAT ${target.rule}).`,
      { sunatRule: target.rule },
    );
  }
  // SUNAT 4280 (observation): the passport or residence country of a hospedaje guest is a catalog-04 code.
  if (COUNTRY_PROPERTIES.includes(a.codigo) && a.valor !== undefined && !countries.has(a.valor)) {
    addWarning(
      f,
      joinPath(path, 'valor'),
      'sunat_observation',
      `La propiedad ${a.codigo} debe ser un código de país del catálogo 04 (ISO 3166-1 alfa-2); se recibió "${a.valor}": SUNAT lo acepta con la observación 4280.`,
      '4280',
    );
  }
}

/** SUNAT 4281 (observation): the days of stay 4005 are a whole number of 1–4 digits. */
function checkDays(f: Findings, a: Property, path: string): void {
  const days = propertyTypedValue(a, 'duration');
  if (a.codigo !== '4005' || days === undefined || !NUMBER.test(days) || /^[0-9]{1,4}$/.test(days)) return;
  addWarning(
    f,
    joinPath(path, a.duracion !== undefined ? 'duracion' : 'valor'),
    'sunat_observation',
    `Los días de permanencia (4005) deben ser un entero de hasta 4 dígitos; se recibió ${days}: SUNAT lo acepta con la observación 4281.`,
    '4281',
  );
}

/** SUNAT 4282 (observation): the check-in date (4003) is not after the check-out date (4004). */
function checkStayOrder(f: Findings, properties: readonly Property[], path: string): void {
  const date = (code: string) => {
    const a = properties.find((p) => p.codigo === code);
    return a ? propertyTypedValue(a, 'startDate') : undefined;
  };
  const checkIn = date('4003');
  const checkOut = date('4004');
  if (!checkIn || !checkOut || !isValidIsoDate(checkIn) || !isValidIsoDate(checkOut) || checkIn <= checkOut) return;
  addWarning(
    f,
    path,
    'sunat_observation',
    `La fecha de ingreso al establecimiento (4003, ${checkIn}) es posterior a la de salida (4004, ${checkOut}): SUNAT lo acepta con la observación 4282.`,
    '4282',
  );
}

export function checkItemProperties(body: FilledBody): Findings {
  const f = newFindings();
  body.items.forEach((item, i) => {
    const path = joinPath(joinPath('items', i), 'datos_adicionales');
    const properties = item.datos_adicionales ?? [];
    properties.forEach((a, j) => {
      checkProperty(f, a, joinPath(path, j));
      checkDays(f, a, joinPath(path, j));
    });
    checkStayOrder(f, properties, path);
  });
  return f;
}
