// Credit and debit notes (07/08): note type from catalog 09/10 (2128), a reason (2135),
// the affected document (2117/2116) consistent with the note's series (F-notes modify facturas, B-notes boletas),
// type 13 only for facturas (3259); types 04/05/08 on a boleta are SUNAT's observation 4367.
import { creditNoteTypes, debitNoteTypes } from '../../catalogs/index.ts';
import { addIssue, addWarning, newFindings, type Findings } from '../findings.ts';
import type { FilledBody } from '../defaults.ts';
import type { DocumentNote } from '../types.ts';
import { normaliseCode } from '../primitives.ts';

export function checkNote(body: FilledBody): { note?: DocumentNote; group: '01' | '02'; findings: Findings } {
  const f = newFindings();
  const type = body.codigo_tipo_documento as '07' | '08';
  const catalog = type === '07' ? creditNoteTypes : debitNoteTypes;
  const series = body.serie_documento;
  // Group from the note's own series: F → factura notes, B → boleta notes; 4-digit series follow the affected doc.
  let group: '01' | '02' = series.startsWith('B') ? '02' : '01';

  let typeCode: string | undefined;
  if (body.codigo_tipo_nota === undefined) {
    addIssue(f, 'codigo_tipo_nota', 'validation_failed', `Falta codigo_tipo_nota (catálogo ${catalog.number}).`, {
      sunatRule: '2128',
    });
  } else {
    typeCode = normaliseCode(body.codigo_tipo_nota, 2);
    if (!catalog.has(typeCode)) {
      addIssue(
        f,
        'codigo_tipo_nota',
        'catalog_code_invalid',
        `El tipo de nota "${body.codigo_tipo_nota}" no existe en el catálogo ${catalog.number} (${catalog.name}). Valores válidos: ${catalog.codes().join(', ')}.`,
        {
          sunatRule: type === '07' ? '2128' : '2131',
        },
      );
      typeCode = undefined;
    }
  }
  if (!body.motivo_o_sustento_de_nota) {
    addIssue(
      f,
      'motivo_o_sustento_de_nota',
      'validation_failed',
      'Falta el motivo o sustento de la nota (SUNAT 2135).',
      { sunatRule: '2135' },
    );
  }

  const affected = body.documento_afectado;
  const ref: DocumentNote['affectedDocument'] = {};
  if (!affected || (!affected.external_id && !affected.serie_documento && affected.numero_documento === undefined)) {
    addIssue(
      f,
      'documento_afectado',
      'note_invalid',
      'Una nota necesita el documento afectado: external_id, o serie_documento, numero_documento y codigo_tipo_documento (SUNAT 2117).',
      { sunatRule: '2117' },
    );
  } else {
    if (affected.external_id) ref.externalId = affected.external_id;
    const hasSeriesRef =
      affected.serie_documento !== undefined ||
      affected.numero_documento !== undefined ||
      affected.codigo_tipo_documento !== undefined;
    if (hasSeriesRef || !affected.external_id) {
      for (const key of ['serie_documento', 'numero_documento', 'codigo_tipo_documento'] as const) {
        if (affected[key] === undefined)
          addIssue(
            f,
            `documento_afectado.${key}`,
            'note_invalid',
            `Falta documento_afectado.${key} (o envíe solo el external_id).`,
            { sunatRule: '2117' },
          );
      }
      ref.series = affected.serie_documento;
      ref.number = affected.numero_documento;
      ref.documentType = affected.codigo_tipo_documento;
    }
    if (ref.documentType) {
      const affectedGroup = ref.documentType === '03' ? '02' : '01';
      if (/^[FB]/.test(series) && affectedGroup !== group) {
        addIssue(
          f,
          'serie_documento',
          'note_invalid',
          `La serie ${series} es de notas de ${group === '01' ? 'facturas' : 'boletas'} y el documento afectado es ${ref.documentType === '03' ? 'una boleta' : 'una factura'}: use ${affectedGroup === '01' ? 'una serie F### (FC01, FD01)' : 'una serie B### (BC01, BD01)'} (SUNAT 2116).`,
          { sunatRule: '2116' },
        );
      }
      group = affectedGroup;
      if (ref.series) {
        const ok =
          ref.documentType === '01'
            ? /^(F[A-Z0-9]{3}|\d{4})$/
            : ref.documentType === '03'
              ? /^(B[A-Z0-9]{3}|\d{4})$/
              : /^[A-Z0-9]{4}$/;
        if (!ok.test(ref.series)) {
          addIssue(
            f,
            'documento_afectado.serie_documento',
            'note_invalid',
            `La serie ${ref.series} no corresponde a un documento de tipo ${ref.documentType} (SUNAT 2117).`,
            { sunatRule: '2117' },
          );
        }
      }
    }
  }
  if (type === '07' && typeCode && creditNoteTypes.get(typeCode)!.facturaOnly && group !== '01') {
    addIssue(
      f,
      'codigo_tipo_nota',
      'note_invalid',
      'La nota de crédito tipo 13 (ajuste de montos o fechas de pago) solo modifica facturas (SUNAT 3259).',
      { sunatRule: '3259' },
    );
  }
  // SUNAT 4367 (NC, observation): a credit note 04 (descuento global), 05 (descuento por ítem) or 08 (bonificación)
  // "no debería estar vinculado a una boleta".
  if (type === '07' && typeCode && ['04', '05', '08'].includes(typeCode) && group === '02') {
    addWarning(
      f,
      'codigo_tipo_nota',
      'sunat_observation',
      `Una nota de crédito tipo ${typeCode} no debería modificar una boleta: SUNAT la acepta con la observación 4367.`,
      '4367',
    );
  }
  const note =
    typeCode && body.motivo_o_sustento_de_nota
      ? { typeCode, reason: body.motivo_o_sustento_de_nota, affectedDocument: ref }
      : undefined;
  return { note, group, findings: f };
}
