// Documents related to the transfer (catalogue 61): which types each guide admits, their number formats, who
// issued them, and what importación/exportación ask for. The issuer RUC SUNAT demands for a type and motive is
// filled in when the client leaves it out (issuerDefaults), then checked like a sent one.
import { transportDocuments } from '../../catalogs/index.ts';
import { addIssue, addWarning, type Findings } from '../../invoice/findings.ts';
import type { DispatchContext, DispatchRule } from '../context.ts';

const path = (i: number, field: string) => `documento_relacionado[${i}].${field}`;
const isElectronic = (number: string) => !/^\d/.test(number);

/** The RUC SUNAT requires as a related document's issuer (3381), or undefined when any issuer will do. */
function requiredIssuer(c: DispatchContext, type: string, number: string): string | undefined {
  const issuer = c.ctx.issuer.ruc;
  if (c.kind === 'carrier') {
    if (type === '31') return issuer;
    if (type === '09' && isElectronic(number)) return c.doc.sender?.documentNumber;
    return undefined;
  }
  const motive = c.motive.code;
  if (type === '09') return issuer;
  if ((motive === '01' || motive === '03') && ['01', '03', '12'].includes(type)) return issuer;
  if (motive === '02' && (type === '04' || type === '48')) return issuer;
  if (motive === '06' && ['01', '03', '12'].includes(type)) return c.doc.recipient.documentNumber;
  return undefined;
}

/** Fills the issuer RUC SUNAT requires (3380) when the client left it out: the one 3381 names, else the likeliest. */
export function issuerDefaults(c: DispatchContext, f: Findings): void {
  c.doc.related.forEach((r, i) => {
    const entry = transportDocuments.get(r.documentType);
    if (r.issuerRuc || !entry?.issuerRequired) return;
    let ruc = requiredIssuer(c, r.documentType, r.number);
    if (!ruc && c.kind === 'sender' && c.motive.customerIsSupplier && c.doc.supplier?.documentType === '6')
      ruc = ['01', '03', '12'].includes(r.documentType) ? c.doc.supplier.documentNumber : undefined;
    if (!ruc && c.kind === 'carrier' && c.doc.sender?.documentType === '6') ruc = c.doc.sender.documentNumber;
    ruc ??= c.ctx.issuer.ruc;
    r.issuerRuc = ruc;
    addWarning(f, path(i, 'ruc'), 'default_applied', `Sin ruc del emisor del documento: se usó ${ruc} (SUNAT 3380).`);
  });
}

const typeAllowed: DispatchRule = {
  name: 'related-type-allowed',
  sunat: ['2692'],
  check: (c, f) =>
    c.doc.related.forEach((r, i) => {
      const entry = transportDocuments.get(r.documentType);
      const allowed = entry && (c.kind === 'sender' ? entry.sender : entry.carrier);
      if (allowed) return;
      const guide = c.kind === 'sender' ? 'remitente' : 'transportista';
      const message = `El tipo ${r.documentType} no es un documento relacionado admitido en la guía ${guide} (catálogo 61; SUNAT 2692).`;
      addIssue(f, path(i, 'documento.id'), 'related_document_invalid', message, { sunatRule: '2692' });
    }),
};

/** Customs declarations carry the regime in their third part: 10/18 importación, 40/48 exportación (3441). */
function customsRegime(c: DispatchContext, type: string): string | undefined {
  if (c.kind !== 'sender' || (type !== '50' && type !== '52')) return undefined;
  if (c.motive.code === '08') return type === '50' ? '10' : '18';
  if (c.motive.code === '09') return type === '50' ? '40' : '48';
  return undefined;
}

const numberFormat: DispatchRule = {
  name: 'related-number-format',
  sunat: ['3441', '3340'],
  check: (c, f) => {
    const seen = new Set<string>();
    c.doc.related.forEach((r, i) => {
      const entry = transportDocuments.get(r.documentType);
      const regime = customsRegime(c, r.documentType);
      const wrong = (entry?.number && !entry.number.test(r.number)) || (regime && r.number.split('-')[2] !== regime);
      if (wrong) {
        const message = `El número "${r.number}" no tiene el formato de un documento de tipo ${r.documentType}${regime ? ` (régimen ${regime})` : ''} (SUNAT 3441).`;
        addIssue(f, path(i, 'numero'), 'related_document_invalid', message, { sunatRule: '3441' });
      }
      const key = `${r.documentType} ${r.number}`;
      if (seen.has(key))
        addIssue(f, path(i, 'numero'), 'related_document_invalid', 'Documento relacionado repetido (SUNAT 3340).', {
          sunatRule: '3340',
        });
      seen.add(key);
    });
  },
};

const issuers: DispatchRule = {
  name: 'related-issuer',
  sunat: ['3380', '3381', '3382', '3409'],
  check: (c, f) =>
    c.doc.related.forEach((r, i) => {
      if (!r.issuerRuc) return;
      if (!/^[12]\d{10}$/.test(r.issuerRuc)) {
        addIssue(
          f,
          path(i, 'ruc'),
          'related_document_invalid',
          'El RUC del emisor debe empezar por 1 o 2 (SUNAT 3409).',
          {
            sunatRule: '3409',
          },
        );
        return;
      }
      const required = requiredIssuer(c, r.documentType, r.number);
      if (required === undefined) {
        if (c.kind === 'carrier' && r.documentType === '09' && isElectronic(r.number) && c.doc.sender)
          addIssue(
            f,
            path(i, 'ruc'),
            'related_document_invalid',
            'Una guía remitente electrónica relacionada debe ser del remitente, que debe tener RUC (SUNAT 3381/3382).',
            { sunatRule: '3381' },
          );
        return;
      }
      if (r.issuerRuc !== required)
        addIssue(
          f,
          path(i, 'ruc'),
          'related_document_invalid',
          `El documento ${r.documentType} ${r.number} debe ser emitido por ${required} para este traslado (SUNAT 3381).`,
          { sunatRule: '3381' },
        );
    }),
};

const senderTypesForMotive: DispatchRule = {
  name: 'related-types-for-motive',
  sunat: ['3440', '3445', '3352', '3442'],
  check: (c, f) => {
    if (c.kind !== 'sender') return;
    const types = c.doc.related.map((r) => r.documentType);
    if (c.motive.customs) {
      if (!types.some((t) => t === '50' || t === '52'))
        addIssue(
          f,
          'documento_relacionado',
          'customs_requirements_unmet',
          'La importación y la exportación exigen la DAM (50) o la DS (52) en documento_relacionado (SUNAT 3440).',
          { sunatRule: '3440' },
        );
      c.doc.related.forEach((r, i) => {
        if (!['09', '49', '50', '52', '80'].includes(r.documentType))
          addIssue(
            f,
            path(i, 'documento.id'),
            'related_document_invalid',
            `El tipo ${r.documentType} no se admite en importación o exportación (SUNAT 3445).`,
            {
              sunatRule: '3445',
            },
          );
      });
      return;
    }
    c.doc.related.forEach((r, i) => {
      if ((r.documentType === '50' || r.documentType === '52') && c.motive.code !== '13')
        addIssue(
          f,
          path(i, 'documento.id'),
          'related_document_invalid',
          'La DAM y la DS solo se relacionan en importación, exportación u otros (SUNAT 3445).',
          {
            sunatRule: '3445',
          },
        );
      if (r.documentType === '49' || r.documentType === '80')
        addIssue(
          f,
          path(i, 'documento.id'),
          'related_document_invalid',
          'Las constancias de depósito (49, 80) exigen la subpartida de los bienes (propiedad 7020), que esta guía no lleva (SUNAT 3352).',
          { sunatRule: '3352' },
        );
    });
    const supplier = c.doc.supplier;
    const invoices = c.doc.related.filter((r) => ['01', '03', '12'].includes(r.documentType));
    if (
      c.motive.customerIsSupplier &&
      supplier &&
      invoices.length > 0 &&
      !invoices.some((r) => r.issuerRuc === supplier.documentNumber)
    )
      addIssue(
        f,
        'documento_relacionado',
        'related_document_invalid',
        `Al menos una factura, boleta o ticket relacionado debe ser del proveedor ${supplier.documentNumber} (SUNAT 3442).`,
        { sunatRule: '3442' },
      );
  },
};

const carrierCounts: DispatchRule = {
  name: 'related-count-carrier',
  sunat: ['3345', '3346', '3352'],
  check: (c, f) => {
    if (c.kind !== 'carrier') return;
    const related = c.doc.related;
    const permits = related.some((r) => ['31', '65', '66', '67', '68', '69'].includes(r.documentType));
    const electronicGuide = related.some((r) => r.documentType === '09' && isElectronic(r.number));
    if (permits && related.length > 2)
      addIssue(
        f,
        'documento_relacionado',
        'related_document_invalid',
        'Con una guía transportista o un permiso relacionado se admiten hasta 2 documentos (SUNAT 3345).',
        {
          sunatRule: '3345',
        },
      );
    if (!permits && !electronicGuide && related.length > 1)
      addIssue(
        f,
        'documento_relacionado',
        'related_document_invalid',
        'Sin guía remitente electrónica ni permiso relacionado se admite un solo documento relacionado (SUNAT 3346).',
        { sunatRule: '3346' },
      );
    related.forEach((r, i) => {
      if (r.documentType === '80')
        addIssue(
          f,
          path(i, 'documento.id'),
          'related_document_invalid',
          'La constancia de depósito de detracción (80) exige la subpartida de los bienes (propiedad 7020), que esta guía no lleva (SUNAT 3352).',
          { sunatRule: '3352' },
        );
    });
  },
};

export const RELATED_RULES: readonly DispatchRule[] = [
  typeAllowed,
  numberFormat,
  issuers,
  senderTypesForMotive,
  carrierCounts,
];
