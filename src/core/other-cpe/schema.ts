// Input schema of POST /api/perceptions (40) and POST /api/retentions (20), FacturadorPro dialect: the two
// bodies have the same structure and differ in a few field names (datos_del_cliente_o_receptor /
// datos_del_proveedor, codigo_tipo_percepcion / codigo_tipo_retencion, total_percibido / total_retenido…), their
// catalogs and their wording. Shapes, formats and catalog membership only; the arithmetic is checked by each type's
// compute. `datos_del_emisor` names the establishment issuing (src/core/issuer-block.ts).
import { z } from 'zod';
import { currencies } from '../catalogs/index.ts';
import { customerSchema, documentNumber } from '../invoice/schema.ts';
import { issuerBlockSchema } from '../issuer-block.ts';
import { refusingUnknownKeys } from '../unknown-fields.ts';
import { amount, decimal, isoDate, issueMomentFields, optional, text, upperCode } from '../invoice/primitives.ts';

export type OtherCpeKind = 'perception' | 'retention';
type Key<T extends OtherCpeKind> = T extends 'perception' ? 'percepcion' : 'retencion';
type Participle<T extends OtherCpeKind> = T extends 'perception' ? 'percibido' : 'retenido';
type PartyKey<T extends OtherCpeKind> = T extends 'perception' ? 'datos_del_cliente_o_receptor' : 'datos_del_proveedor';

/** What differs between the two bodies: the perception's first, the retention's second. */
const WORDS = {
  type: ['40', '20'],
  id: ['Perception', 'Retention'],
  rowId: ['PerceivedDocument', 'RetainedDocument'],
  letter: ['P', 'R'],
  key: ['percepcion', 'retencion'],
  participle: ['percibido', 'retenido'],
  party: ['datos_del_cliente_o_receptor', 'datos_del_proveedor'],
  noun: ['percepción', 'retención'],
  nouns: ['percepciones', 'retenciones'],
  act: ['cobro', 'pago'],
  acted: ['cobrado', 'pagado'],
  sign: ['más', 'menos'],
  net: ['Cashed', 'Paid'],
  catalog: ['22', '23'],
  relatedRule: ['2691', '2692'],
  numberRule: ['2693', '2694'],
  documentTotalRule: [' (SUNAT 2695)', ''],
  totalsRules: [' (TotalInvoiceAmount, SUNAT 2667)', ' (TotalInvoiceAmount, SUNAT 2628)'],
  netRule: ['2668', '2629'],
  seriesExample: ['B001', 'E001'],
  partyText: ['Cliente al que se percibe (ReceiverParty).', 'Proveedor al que se retiene (ReceiverParty): RUC.'],
  regimeText: [
    'Régimen, catálogo 22: 01 venta interna 2 %, 02 combustible 1 %, 03 agente con tasa especial 0,5 %.',
    'Régimen, catálogo 23: 01 tasa 3 %, 02 tasa 6 % (solo documentos hasta el 28/02/2014).',
  ],
} as const;

export const currency = () =>
  upperCode(/^[A-Z]{3}$/, 'Debe ser un código de moneda ISO 4217 (PEN, USD…).').refine((c) => currencies.has(c), {
    message: 'Moneda desconocida (catálogo 02).',
  });

export const code2 = (allowed: readonly string[], what: string) =>
  z
    .union([z.string(), z.number()], { error: `Debe ser un código de ${what} (texto).` })
    .transform((v) => String(v).trim().padStart(2, '0'))
    .refine((c) => allowed.includes(c), {
      message: `Código de ${what} no válido. Valores: ${allowed.join(', ')}.`,
      params: { code: 'catalog_code_invalid' },
    });

export const positive = (integerDigits?: number) =>
  decimal({ min: { value: 0, inclusive: false, message: 'Debe ser mayor que cero.' }, integerDigits });

/** One key typed as itself, so that the bodies keep their own field names in their types. */
const field = <K extends string, V>(key: K, value: V) => ({ [key]: value }) as { [P in K]: V };

function paymentSchema(i: 0 | 1) {
  const [noun, act] = [WORDS.noun[i], WORDS.act[i]];
  return z
    .object({
      fecha_de_pago: optional(isoDate()).describe(`Fecha del ${act} (PaidDate); por defecto, la de la ${noun}.`),
      total_pago: positive().describe(`Importe ${WORDS.acted[i]} en la moneda del documento (PaidAmount).`),
      codigo_tipo_moneda: currency().describe(`Moneda del ${act} (la del documento).`),
    })
    .meta({ id: `${WORDS.id[i]}Payment` });
}

// The perception's schema bounds the factor to 4 integer digits; the retention's compute checks it (SUNAT 2716).
function exchangeRateSchema(i: 0 | 1) {
  const factor = i === 0 ? positive(4) : positive();
  const rateNote = i === 0 ? '; SUNAT 2716); 1 si el documento está en soles.' : ').';
  return z
    .object({
      codigo_tipo_moneda_referencia: currency().describe('Moneda del documento (SourceCurrencyCode).'),
      codigo_tipo_moneda_objetivo: currency().describe('PEN (TargetCurrencyCode).'),
      factor: factor.describe(`Tipo de cambio (CalculationRate, hasta 4 enteros y 6 decimales${rateNote}`),
      fecha_tipo_de_cambio: optional(isoDate()).describe(
        `Fecha del tipo de cambio; por defecto, la de la ${WORDS.noun[i]}.`,
      ),
    })
    .meta({ id: `${WORDS.id[i]}ExchangeRate` });
}

const relatedNumber = (rule: string) =>
  z
    .union([z.string(), z.number()], { error: 'Debe ser un número entero.' })
    .transform((v) =>
      String(v)
        .trim()
        .replace(/^0+(?=\d)/, ''),
    )
    .refine((s) => /^[1-9]\d{0,7}$/.test(s), { message: `Número de 1 a 8 dígitos, distinto de cero (SUNAT ${rule}).` });

/** The related document's figures the client may send: the perceived or retained amount and the net. */
function rowAmounts<T extends OtherCpeKind>(i: 0 | 1) {
  const [noun, acted, sign] = [WORDS.noun[i], WORDS.acted[i], WORDS.sign[i]];
  const Noun = noun[0].toUpperCase() + noun.slice(1);
  const Acted = acted[0].toUpperCase() + acted.slice(1);
  return {
    ...field(
      `total_${WORDS.participle[i] as Participle<T>}`,
      optional(amount()).describe(`${Noun} en soles: round2(${acted} en soles × tasa). Se calcula si se omite.`),
    ),
    total_a_pagar: optional(amount()).describe(
      `${Acted} en soles ${sign} la ${noun} (SUNATNetTotal${WORDS.net[i]}). Se calcula si se omite.`,
    ),
    total_pagado: optional(amount()).describe('Igual a total_a_pagar (FacturadorPro envía ambos).'),
  };
}

function relatedDocumentSchema<T extends OtherCpeKind>(kind: T, types: readonly string[]) {
  const i = kind === 'perception' ? 0 : 1;
  const [noun, act] = [WORDS.noun[i], WORDS.act[i]];
  return z
    .object({
      codigo_tipo_documento: code2(types, `tipo de documento relacionado (${types.join(', ')})`).describe(
        `Tipo del documento relacionado (catálogo 01): ${types.slice(0, -1).join(', ')} o ${types.at(-1)} (SUNAT ${WORDS.relatedRule[i]}).`,
      ),
      serie_documento: upperCode(
        /^([A-Z0-9]{4})$/,
        `La serie debe tener 4 caracteres (F001, ${WORDS.seriesExample[i]}, 0001…).`,
      ).describe('Serie del documento relacionado.'),
      numero_documento: relatedNumber(WORDS.numberRule[i]).describe('Número del documento relacionado.'),
      fecha_de_emision: isoDate().describe('Fecha de emisión del documento relacionado.'),
      codigo_tipo_moneda: currency().describe('Moneda del documento relacionado.'),
      total_documento: positive().describe(
        `Importe total del documento relacionado en su moneda${WORDS.documentTotalRule[i]}.`,
      ),
      pagos: optional(
        z
          .array(paymentSchema(i))
          .min(1)
          .max(1, { message: `SUNAT admite un ${act} por documento relacionado en cada comprobante.` }),
      ).describe(`El ${act} que origina la ${noun} (uno por documento relacionado).`),
      tipo_de_cambio: optional(exchangeRateSchema(i)).describe('Obligatorio cuando el documento no está en soles.'),
      ...field(
        `fecha_de_${WORDS.key[i] as Key<T>}`,
        optional(isoDate()).describe(`Fecha de la ${noun} (por defecto, la de emisión del comprobante).`),
      ),
      ...rowAmounts<T>(i),
    })
    .meta({ id: WORDS.rowId[i] });
}

const fixedType = (type: string, noun: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => v === type, {
      message: `Este endpoint emite solo comprobantes de ${noun} (${type}).`,
      params: { code: 'document_type_invalid' },
    })
    .describe(`Siempre "${type}".`);

function totalsSchema<T extends OtherCpeKind>(i: 0 | 1) {
  const [nouns, acted, sign] = [WORDS.nouns[i], WORDS.acted[i], WORDS.sign[i]];
  return z.object({
    ...field(
      `total_${WORDS.participle[i] as Participle<T>}`,
      optional(amount()).describe(`Σ ${nouns}${WORDS.totalsRules[i]}.`),
    ),
    total_pagado: optional(amount()).describe(
      `Σ ${acted} en soles ${sign} ${nouns} (SUNATTotal${WORDS.net[i]}, SUNAT ${WORDS.netRule[i]}).`,
    ),
  });
}

/** The body of a perception (catalog 22 regimes) or a retention (catalog 23). */
export function otherCpeBodySchema<T extends OtherCpeKind>(
  kind: T,
  regimes: Record<string, unknown>,
  relatedTypes: readonly string[],
) {
  const i = kind === 'perception' ? 0 : 1;
  const [type, letter, noun] = [WORDS.type[i], WORDS.letter[i], WORDS.noun[i]];
  return z
    .object({
      serie_documento: upperCode(
        new RegExp(`^${letter}[A-Z0-9]{3}$`),
        `La serie de una ${noun} es ${letter} seguida de 3 caracteres (${letter}001) (SUNAT 1001).`,
      ).describe(`Serie del comprobante de ${noun}: ${letter}###.`),
      numero_documento: documentNumber().describe(
        '"#" toma el siguiente número de la serie; o un número explícito libre.',
      ),
      ...issueMomentFields(),
      codigo_tipo_documento: fixedType(type, noun),
      datos_del_emisor: optional(issuerBlockSchema),
      ...field(WORDS.party[i] as PartyKey<T>, customerSchema.describe(WORDS.partyText[i])),
      ...field(
        `codigo_tipo_${WORDS.key[i] as Key<T>}`,
        code2(Object.keys(regimes), `régimen de ${noun} (catálogo ${WORDS.catalog[i]})`).describe(WORDS.regimeText[i]),
      ),
      observaciones: optional(text(250, 'Las observaciones')).describe('Nota (cbc:Note).'),
      totales: optional(totalsSchema<T>(i)).describe('Totales; se calculan si se omiten y se comprueban si se envían.'),
      documentos: z
        .array(relatedDocumentSchema(kind, relatedTypes))
        .min(1, { message: 'Debe incluir al menos un documento relacionado.' })
        .max(500)
        .describe(`Documentos ${WORDS.acted[i]}s (SUNAT${WORDS.id[i]}DocumentReference).`),
      acciones: optional(
        refusingUnknownKeys(
          z.object({
            formato_pdf: optional(z.enum(['a4', 'ticket'])).describe('Formato del PDF por defecto.'),
            enviar_email: optional(z.unknown()),
          }),
        ),
      ).describe(
        `Opciones de salida. La ${noun} siempre se envía a SUNAT; una clave desconocida aquí es un 422 \`unknown_field\`.`,
      ),
      leyendas: optional(z.unknown()).describe(`Se ignora (la ${noun} no lleva leyendas en el XML).`),
    })
    .meta({ id: `${WORDS.id[i]}Body`, description: `Comprobante de ${noun} (${type}), formato FacturadorPro.` });
}
