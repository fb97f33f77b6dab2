// Rules of the guía de remisión transportista (31): the remitente and destinatario it names, its points, its own
// MTC registration and who pays the freight. SUNAT's codes from ValidaExprRegGreTransportista 2.0.1.
import { addIssue, addWarning } from '../../invoice/findings.ts';
import type { CarrierContext, DispatchRule } from '../context.ts';
import { checkDocumentNumber, checkNotIssuer, longNameObservation, mtcObservation, partyMissing } from './shared.ts';

type Rule = DispatchRule<CarrierContext>;

const sender: Rule = {
  name: 'sender-named',
  sunat: ['3383', '3384', '2560', '4422'],
  check: (c, f) => {
    const s = c.doc.sender;
    if (!s) {
      const message = 'La guía transportista exige el remitente (datos_remitente) (SUNAT 3383).';
      return partyMissing(f, { path: 'datos_remitente', message, rule: '3383' });
    }
    checkDocumentNumber(s, f, { path: 'datos_remitente.numero_documento', whose: 'del remitente', rule: '3384' });
    checkNotIssuer(s, c.ctx.issuer.ruc, f, {
      path: 'datos_remitente.numero_documento',
      message: 'El remitente no puede ser el transportista que emite la guía (SUNAT 2560).',
      rule: '2560',
    });
    longNameObservation(s.name, f, 'datos_remitente', '4422');
  },
};

const recipient: Rule = {
  name: 'recipient-named',
  sunat: ['2757', '2758', '4152'],
  check: (c, f) => {
    if (!c.body.datos_destinatario) {
      const message = 'La guía transportista exige el destinatario (datos_destinatario) (SUNAT 2757).';
      return partyMissing(f, { path: 'datos_destinatario', message, rule: '2757' });
    }
    const r = c.doc.recipient;
    checkDocumentNumber(r, f, { path: 'datos_destinatario.numero_documento', whose: 'del destinatario', rule: '2758' });
    longNameObservation(r.name, f, 'datos_destinatario', '4152');
  },
};

const points: Rule = {
  name: 'carrier-points',
  sunat: ['2775', '2577', '2574'],
  check: (c, f) => {
    if (!c.doc.origin.ubigeo)
      addIssue(
        f,
        c.originPath,
        'validation_failed',
        'Falta el punto de partida (direcciones_proveedores.remitente: ubigeo y dirección) (SUNAT 2775/2577).',
        {
          sunatRule: '2775',
        },
      );
    const relatedGuide = c.doc.related.some((r) => r.documentType === '09');
    if (!c.doc.destination && !relatedGuide)
      addIssue(
        f,
        c.destinationPath,
        'validation_failed',
        'Falta el punto de llegada (direcciones_proveedores.destinatario: ubigeo y dirección) (SUNAT 2775/2574).',
        { sunatRule: '2775' },
      );
  },
};

const registration: Rule = {
  name: 'carrier-mtc',
  sunat: ['4391', '4392'],
  check: (c, f) => {
    mtcObservation(c.doc.carrier?.mtc, f, 'del transportista emisor');
  },
};

const payer: Rule = {
  name: 'freight-payer',
  sunat: ['4388', '4401', '4402', '4370', '3400'],
  check: (c, f) => {
    const p = c.doc.payer;
    if (!p) {
      addWarning(
        f,
        'pagador_flete',
        'sunat_observation',
        'Sin indicador de quién paga el flete: SUNAT lo observa (4388).',
        '4388',
      );
      return;
    }
    if (p.indicator === 'Remitente') return;
    if (!p.party) {
      if (p.indicator === 'Tercero')
        addWarning(
          f,
          'pagador_flete',
          'sunat_observation',
          'Pagador del flete tercero sin tipo, número o nombre: SUNAT lo observa (4401/4402/4370).',
          '4401',
        );
      return;
    }
    checkDocumentNumber(p.party, f, { path: 'pagador_flete.numero', whose: 'de quien paga el flete', rule: '3400' });
  },
};

const detailNotExpected: Rule = {
  name: 'lines-with-electronic-guide',
  sunat: ['4434'],
  check: (c, f) => {
    // An electronic remitente guide already details the goods: SUNAT observes the 31's own detail (4434).
    if (c.doc.related.some((r) => r.documentType === '09' && !/^\d/.test(r.number)))
      addWarning(
        f,
        'items',
        'sunat_observation',
        'Con una guía remitente electrónica relacionada, SUNAT observa el detalle de bienes (4434).',
        '4434',
      );
  },
};

export const CARRIER_RULES: readonly Rule[] = [sender, recipient, points, registration, payer, detailNotExpected];
