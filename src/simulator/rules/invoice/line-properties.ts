// Item properties read from typed elements (catalog 55): dates in cac:UsabilityPeriod/cbc:StartDate (3065), the
// days of stay in DurationMeasure and quantities in ValueQuantity (3135), hospedaje countries (4280), days (4281,
// 4313) and stay order (4282), and the mortgage-credit properties of a line 84121901 (facturas: 3150–3155).
import {
  DEDUCTIBLE_EXPENSE_PRODUCTS,
  countries,
  missingMortgageProperties,
  propertyValueElement,
} from '../../../core/catalogs/index.ts';
import type { XmlElement } from '../../../sunat/xml.ts';
import type { Findings } from '../context.ts';
import { all, attr, exists, first, text } from '../xpath.ts';
import type { Shape } from './shape.ts';

const ELEMENT_PATH = {
  startDate: 'cac:UsabilityPeriod/cbc:StartDate',
  duration: 'cac:UsabilityPeriod/cbc:DurationMeasure',
  quantity: 'cbc:ValueQuantity',
} as const;

/** SUNAT 3065/3135 (and the observations 4280, 4281, 4313) on one cac:AdditionalItemProperty. */
function propertyElements(property: XmlElement, detail: string, f: Findings): void {
  const code = text(property, 'cbc:NameCode') ?? '';
  const where = `${detail} ConceptoItem ${code}`;
  const target = propertyValueElement(code);
  if (target && !exists(property, ELEMENT_PATH[target.element]))
    f.error(target.rule, ELEMENT_PATH[target.element], undefined, where);
  if (code === '4000' || code === '4001') {
    const value = text(property, 'cbc:Value');
    f.check(value !== undefined && !countries.has(value), '4280', 'cbc:Value', value, where, false);
  }
  if (code === '4005') {
    const days = first(property, ELEMENT_PATH.duration);
    const value = text(days);
    f.check(
      days !== undefined && !/^[0-9]{1,4}$/.test(value ?? ''),
      '4281',
      ELEMENT_PATH.duration,
      value,
      where,
      false,
    );
    f.check(
      days !== undefined && attr(days, 'unitCode') !== 'DAY',
      '4313',
      'cbc:DurationMeasure/@unitCode',
      undefined,
      where,
      false,
    );
  }
}

function startDateOf(line: XmlElement, code: string): string | undefined {
  const property = all(line, 'cac:Item/cac:AdditionalItemProperty').find((p) => text(p, 'cbc:NameCode') === code);
  return property ? text(property, ELEMENT_PATH.startDate) : undefined;
}

/** SUNAT 3150–3155 (facturas): a line 84121901 (mortgage credit) carries 7001, 7004, 7005; with 7002 = 3 also 7003, 7006, 7007. */
function mortgageProperties(line: XmlElement, s: Shape, detail: string, f: Findings): void {
  if (s.tipo !== '01') return;
  const properties = all(line, 'cac:Item/cac:AdditionalItemProperty');
  const firstHome = properties.find((p) => text(p, 'cbc:NameCode') === '7002');
  const missing = missingMortgageProperties(
    text(line, 'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode'),
    properties.map((p) => text(p, 'cbc:NameCode')),
    text(firstHome, 'cbc:Value'),
  );
  for (const [concept, rule] of missing)
    f.error(rule, 'cac:AdditionalItemProperty/cbc:NameCode', undefined, `${detail} Concepto: ${concept}`);
}

export function typedLineProperties(line: XmlElement, s: Shape, detail: string, f: Findings): void {
  if (!s.isInvoice) return;
  mortgageProperties(line, s, detail, f);
  for (const property of all(line, 'cac:Item/cac:AdditionalItemProperty')) propertyElements(property, detail, f);
  // SUNAT 4282 (observation): the check-in date (4003) is not after the check-out date (4004).
  const checkIn = startDateOf(line, '4003');
  const checkOut = startDateOf(line, '4004');
  f.check(
    checkIn !== undefined && checkOut !== undefined && checkIn > checkOut,
    '4282',
    'cac:UsabilityPeriod/cbc:StartDate',
    checkIn,
    detail,
    false,
  );
}

/** SUNAT 3181 (facturas of operation 0112): some line is a mortgage credit (84121901) or a lease (80131501). */
export function deductibleExpenseOperation(s: Shape, f: Findings): void {
  if (s.tipo !== '01' || s.operation !== '0112') return;
  const codes = s.lines.map((l) => text(l, 'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode'));
  f.check(
    !codes.some((c) => c !== undefined && DEDUCTIBLE_EXPENSE_PRODUCTS.includes(c)),
    '3181',
    'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode',
    codes.find((c) => c !== undefined),
  );
}
