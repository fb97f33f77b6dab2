// Credit and debit notes (07/08): note type from catalog 09/10 (2128), a reason (2135),
// the affected document (2117/2116) consistent with the note's series (F-notes modify facturas, B-notes boletas),
// type 13 only for facturas (3259).
import { creditNoteTypes, debitNoteTypes } from '../../catalogs/index.ts';
import { allowanceChargeCodes } from '../../catalogs/index.ts';
import { joinPath } from '../../issues.ts';
import { addIssue, addWarning, newFindings, type Findings } from '../findings.ts';
import type { FilledBody } from '../defaults.ts';
import type { DocumentNote } from '../types.ts';
import { normaliseCode } from '../primitives.ts';

/** NC/ND rules that are errors on notes of facturas and observations on notes of boletas. */
const BOLETA_NOTE_OBSERVATION = { '3277': '4299', '3280': '4312', '3270': '4287' } as const;

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
  const note =
    typeCode && body.motivo_o_sustento_de_nota
      ? { typeCode, reason: body.motivo_o_sustento_de_nota, affectedDocument: ref }
      : undefined;
  return { note, group, findings: f };
}

/**
 * Notes have their own arithmetic in SUNAT's NC/ND rules: the 1000 TaxableAmount is Σ line values with no global
 * discount or charge (3277), PayableAmount = Σ TaxableAmount + taxes + ChargeTotalAmount with no
 * AllowanceTotalAmount nor prepaid amount (3280). What those formulas ignore would make the XML contradict itself:
 * global discounts (02/03/04…), charges that move the base (49), line discounts 01 (and line charges 48 on debit
 * notes, ND 3270) and advances are refused on notes of facturas; charges 45/46/50 go to ChargeTotalAmount and are
 * kept. SUNAT makes those rules errors only when the note modifies a factura (01): on notes of boletas they are
 * observations (4299 base, 4312 PayableAmount, 4287 unit price), so they are accepted with a warning.
 */
export function checkNoteAmounts(body: FilledBody, group: '01' | '02'): Findings {
  const f = newFindings();
  // The first rule is the one a note of a factura is refused with; a boleta's note is observed under each.
  const flag = (path: string, message: string, ...rules: ('3277' | '3280' | '3270')[]) => {
    if (group === '01') {
      addIssue(f, path, 'allowance_invalid', `${message} (SUNAT ${rules[0]}).`, { sunatRule: rules[0] });
      return;
    }
    for (const rule of rules) {
      const observation = BOLETA_NOTE_OBSERVATION[rule];
      addWarning(
        f,
        path,
        'sunat_observation',
        `${message}; SUNAT acepta la nota de una boleta con la observación ${observation}.`,
        observation,
      );
    }
  };
  (body.descuentos ?? []).forEach((d, i) => {
    flag(
      joinPath(joinPath('descuentos', i), 'codigo'),
      `Una nota no lleva descuentos globales (código ${d.codigo}): SUNAT suma el total de la nota sin ellos`,
      d.codigo === '03' ? '3280' : '3277',
    );
  });
  (body.cargos ?? []).forEach((c, i) => {
    if (allowanceChargeCodes.get(c.codigo)?.feeds !== 'charge_total') {
      flag(
        joinPath(joinPath('cargos', i), 'codigo'),
        `Una nota no lleva cargos globales que afectan la base (código ${c.codigo}): SUNAT toma la base de las líneas`,
        '3277',
      );
    }
  });
  // Line discounts 01 feed AllowanceTotalAmount, which a note's PayableAmount ignores (3280). On debit notes the unit
  // price is (line value + line taxes) ÷ quantity, with no room for a line charge 48 either (ND 3270); credit notes
  // keep 48 in their price and ChargeTotalAmount.
  const debit = body.codigo_tipo_documento === '08';
  body.items.forEach((item, i) => {
    for (const kind of ['descuentos', 'cargos'] as const) {
      (item[kind] ?? []).forEach((ac, j) => {
        if (ac.codigo !== '01' && !(debit && ac.codigo === '48')) return;
        flag(
          joinPath(joinPath(joinPath(joinPath('items', i), kind), j), 'codigo'),
          `Una ${debit ? 'nota de débito' : 'nota'} no lleva ${kind === 'cargos' ? 'cargos' : 'descuentos'} de línea que no afectan la base (${ac.codigo}): SUNAT calcula la nota sin ellos`,
          // A debit note's line discount 01 also moves its PayableAmount (4312 on notes of boletas).
          ...(ac.codigo !== '01' ? ['3270' as const] : debit ? (['3270', '3280'] as const) : ['3280' as const]),
        );
      });
    }
  });
  if (body.codigo_tipo_documento === '08' && (body.anticipos?.length ?? 0) > 0) {
    addIssue(
      f,
      'anticipos',
      'validation_failed',
      'Una nota de débito no deduce anticipos: SUNAT suma su total sin ellos (SUNAT 3280).',
      { sunatRule: '3280' },
    );
  }
  return f;
}
