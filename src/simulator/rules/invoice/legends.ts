// Legends (cbc:Note with languageLocaleID): 1000 amount in words, 2006 detraction, 3006/3014/3027.
import type { XmlElement } from '../../../sunat/xml.ts';
import { DETRACTION_OPERATIONS, LEGENDS, OPERATION_TYPES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { all, exists, first, num, text } from '../xpath.ts';
import { gt } from '../numbers.ts';
import { type Shape, observeAttr } from './shape.ts';

export function legends(root: XmlElement, s: Shape, f: Findings): void {
  const notes = all(root, 'cbc:Note');
  for (const note of notes) {
    const locale = note.attrs.languageLocaleID;
    const detail = `Leyenda : ${locale ?? ''}`;
    if (locale !== undefined) f.check(!LEGENDS.has(locale), '3027', 'cbc:Note/@languageLocaleID', locale, detail); // SUNAT 3027
    const value = note.text;
    f.check(
      value.length > 200 || value.length < 1 || !/^(?!\s*$).{0,}$/s.test(value),
      '3006',
      'cbc:Note',
      value.slice(0, 60),
      detail,
    ); // SUNAT 3006
  }
  const codes = notes.map((n) => n.attrs.languageLocaleID).filter((c): c is string => c !== undefined);
  const dup = ['1000', '1002', '2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009'].find(
    (c) => codes.filter((x) => x === c).length > 1,
  );
  f.check(dup !== undefined, '3014', 'cbc:ID', dup); // SUNAT 3014

  const ivap = s.lines
    .flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal'))
    .some(
      (st) => text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') === '17' && gt(num(st, 'cbc:TaxableAmount'), 0),
    );
  f.check(ivap && !codes.includes('2007'), '4264', "cbc:Note[@languageLocaleID='2007']", undefined, undefined, false);
  f.check(
    exists(root, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cac:AddressLine/cbc:Line') && !codes.includes('2005'),
    '4266',
    "cbc:Note[@languageLocaleID='2005']",
    undefined,
    undefined,
    false,
  );
  if (s.operation && DETRACTION_OPERATIONS.has(s.operation)) {
    f.check(!codes.includes('2006'), '4265', "cbc:Note[@languageLocaleID='2006']", undefined, undefined, false);
  }

  if (s.isInvoice) {
    const typeCode = first(root, 'cbc:InvoiceTypeCode');
    f.check(s.operation === undefined, '3205', 'cbc:InvoiceTypeCode/@listID'); // SUNAT 3205
    if (s.operation !== undefined) {
      const entry = OPERATION_TYPES[s.operation];
      const allowed = entry && (s.tipo === '01' ? entry.factura : entry.boleta);
      f.check(!allowed, '3206', 'cbc:InvoiceTypeCode/@listID', s.operation); // SUNAT 3206
    }
    observeAttr(f, typeCode, 'name', /^(Tipo de Operacion)$/, '4260');
    observeAttr(f, typeCode, 'listSchemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo51)$/, '4261');
  }
}
