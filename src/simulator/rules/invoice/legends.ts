// Legends (cbc:Note with languageLocaleID): 1000 amount in words, 2006 detraction, 3006/3014/3027; the operation
// type (3205/3206). Tables of SUNAT's rules (rule-table.ts) in the XSL's order.
import type { XmlElement } from '../../../sunat/xml.ts';
import { DETRACTION_OPERATIONS, LEGENDS, OPERATION_TYPES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { applyRules, observedAttribute, type Rule } from '../rule-table.ts';
import { all, exists, first, num, text } from '../xpath.ts';
import { gt } from '../numbers.ts';
import type { Shape } from './shape.ts';

/** Legends that may appear once each (SUNAT 3014). */
const SINGLE_LEGENDS = ['1000', '1002', '2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009'];

export function legends(root: XmlElement, s: Shape, f: Findings): void {
  const notes = all(root, 'cbc:Note');
  for (const note of notes) {
    const locale = note.attrs.languageLocaleID;
    applyRules(NOTE_RULES, { note, locale, detail: `Leyenda : ${locale ?? ''}` }, f);
  }
  const codes = notes.map((n) => n.attrs.languageLocaleID).filter((c): c is string => c !== undefined);
  applyRules(LEGEND_RULES, { root, s, codes }, f);
}

interface NoteView {
  note: XmlElement;
  locale: string | undefined;
  detail: string;
}

const NOTE_RULES: readonly Rule<NoteView>[] = [
  // SUNAT 3027: the legend's code from catalog 52.
  {
    code: '3027',
    node: 'cbc:Note/@languageLocaleID',
    when: (v) => v.locale !== undefined && !LEGENDS.has(v.locale),
    value: (v) => v.locale,
  },
  // SUNAT 3006: its text of 1 to 200 characters, not blank.
  {
    code: '3006',
    node: 'cbc:Note',
    when: ({ note: { text: value } }) => value.length > 200 || value.length < 1 || !/^(?!\s*$).{0,}$/s.test(value),
    value: (v) => v.note.text.slice(0, 60),
  },
];

interface LegendView {
  root: XmlElement;
  s: Shape;
  /** The legends' codes. */
  codes: string[];
}

const repeatedLegend = (v: LegendView) => SINGLE_LEGENDS.find((c) => v.codes.filter((x) => x === c).length > 1);
const ivapLine = (v: LegendView) =>
  v.s.lines
    .flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal'))
    .some(
      (st) => text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') === '17' && gt(num(st, 'cbc:TaxableAmount'), 0),
    );
const typeCode = (v: LegendView) => (v.s.isInvoice ? first(v.root, 'cbc:InvoiceTypeCode') : undefined);

const LEGEND_RULES: readonly Rule<LegendView>[] = [
  // SUNAT 3014: each legend once.
  { code: '3014', node: 'cbc:ID', when: (v) => repeatedLegend(v) !== undefined, value: repeatedLegend },
  // SUNAT 4264 (observation): an IVAP line wants legend 2007.
  {
    code: '4264',
    observation: true,
    node: "cbc:Note[@languageLocaleID='2007']",
    when: (v) => ivapLine(v) && !v.codes.includes('2007'),
  },
  // SUNAT 4266 (observation): a delivery address wants legend 2005 (itinerant sale).
  {
    code: '4266',
    observation: true,
    node: "cbc:Note[@languageLocaleID='2005']",
    when: (v) =>
      exists(v.root, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cac:AddressLine/cbc:Line') &&
      !v.codes.includes('2005'),
  },
  // SUNAT 4265 (observation): a detraction operation wants legend 2006.
  {
    code: '4265',
    observation: true,
    node: "cbc:Note[@languageLocaleID='2006']",
    when: (v) => !!v.s.operation && DETRACTION_OPERATIONS.has(v.s.operation) && !v.codes.includes('2006'),
  },
  // SUNAT 3205 (invoices): the operation type (InvoiceTypeCode/@listID)…
  { code: '3205', node: 'cbc:InvoiceTypeCode/@listID', when: (v) => v.s.isInvoice && v.s.operation === undefined },
  // SUNAT 3206: … one catalog 51 allows on the document type.
  {
    code: '3206',
    node: 'cbc:InvoiceTypeCode/@listID',
    when: ({ s }) => {
      if (!s.isInvoice || s.operation === undefined) return false;
      const entry = OPERATION_TYPES[s.operation];
      return !(entry && (s.tipo === '01' ? entry.factura : entry.boleta));
    },
    value: (v) => v.s.operation,
  },
  observedAttribute(typeCode, 'name', /^(Tipo de Operacion)$/, '4260'),
  observedAttribute(typeCode, 'listSchemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo51)$/, '4261'),
];
