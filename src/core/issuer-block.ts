// The body's issuer block `datos_del_emisor` (FacturadorPro's contract): which of the company's establishments a
// document is issued from (`codigo_del_domicilio_fiscal`, the four-digit code SUNAT gives each local: 0000 the fiscal
// domicile, 0001… its annexes; the XML's issuer AddressTypeCode, SUNAT 3030/4242) and the issuer's address and
// contact as the client knows them. The registered establishment is what the XML carries: a field that differs from
// it is a warning naming the field, never a second source of truth. Pure.
import { z } from 'zod';
import { isValidUbigeo } from './catalogs/ubigeo/index.ts';
import { optional } from './invoice/primitives.ts';
import { issue, warning, type Issue, type Warning } from './issues.ts';

/** SUNAT 4242: the establishment code is four digits. */
export const ESTABLISHMENT_CODE = /^\d{4}$/;
/** The fiscal domicile's code. */
export const FISCAL_DOMICILE = '0000';
export const ISSUER_BLOCK_PATH = 'datos_del_emisor';
export const ESTABLISHMENT_PATH = `${ISSUER_BLOCK_PATH}.codigo_del_domicilio_fiscal`;

const looseText = (max: number) =>
  optional(
    z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .pipe(z.string().max(max, { message: `No puede superar ${max} caracteres.` })),
  );

const establishmentCode = optional(
  z
    .union([z.string(), z.number()], { error: 'Debe ser un código de 4 dígitos (0000: domicilio fiscal).' })
    .transform((v, ctx) => {
      const code = String(v).trim();
      if (ESTABLISHMENT_CODE.test(code)) return code;
      ctx.addIssue({
        code: 'custom',
        message: `El código de establecimiento "${String(v)}" no tiene 4 dígitos (0000: domicilio fiscal; SUNAT 4242).`,
        params: { code: 'establishment_code_invalid', sunatRule: '4242' },
      });
      return z.NEVER;
    }),
);

export const issuerBlockSchema = z
  .object({
    codigo_del_domicilio_fiscal: establishmentCode.describe(
      'Establecimiento desde el que se emite (código SUNAT de 4 dígitos: 0000 domicilio fiscal, 0001… anexos). ' +
        'Por omisión, el de la serie. Debe estar registrado y activo (GET /api/establishments).',
    ),
    codigo_pais: looseText(2).describe('País del establecimiento; se compara con el registrado (aviso si difiere).'),
    ubigeo: looseText(6).describe('Ubigeo INEI; debe existir en el catálogo y se compara con el registrado.'),
    direccion: looseText(500).describe('Dirección; se compara con la registrada (aviso si difiere).'),
    correo_electronico: looseText(200).describe('Correo; se compara con el registrado (aviso si difiere).'),
    telefono: looseText(50).describe('Teléfono; se compara con el registrado (aviso si difiere).'),
  })
  .describe(
    'Emisor: el establecimiento desde el que se emite. El XML lleva siempre los datos registrados del establecimiento; ' +
      'un dato distinto aquí es un aviso que nombra el campo.',
  );

export type IssuerBlock = z.output<typeof issuerBlockSchema>;

/** The block of a body already validated by its schema (the raw body: its values are re-read, trimmed). */
export function issuerBlockOf(body: unknown): IssuerBlock {
  const raw = (body as Record<string, unknown> | null)?.[ISSUER_BLOCK_PATH];
  const parsed = issuerBlockSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** A registered establishment as the comparison reads it. */
export interface RegisteredEstablishment {
  codigo: string;
  ubigeo: string;
  direccion: string;
  codigoPais: string;
  correoElectronico?: string | null;
  telefono?: string | null;
}

type Field = 'codigo_pais' | 'ubigeo' | 'direccion' | 'correo_electronico' | 'telefono';

const normalised = (v: string) => v.trim().replace(/\s+/g, ' ').toUpperCase();

/** The fields compared with the registered establishment, each with the registered value it is compared to. */
const COMPARED: ReadonlyArray<{ field: Field; registered: (e: RegisteredEstablishment) => string | null | undefined }> =
  [
    { field: 'codigo_pais', registered: (e) => e.codigoPais },
    { field: 'ubigeo', registered: (e) => e.ubigeo },
    { field: 'direccion', registered: (e) => e.direccion },
    { field: 'correo_electronico', registered: (e) => e.correoElectronico },
    { field: 'telefono', registered: (e) => e.telefono },
  ];

/**
 * A ubigeo the catalogue does not know (SUNAT 3363 checks the issuer's against it in the guides; here it would be
 * a wrong address kept on the document): refused with its path.
 */
export function issuerBlockIssues(block: IssuerBlock): Issue[] {
  if (block.ubigeo === undefined || isValidUbigeo(block.ubigeo)) return [];
  return [
    issue(
      `${ISSUER_BLOCK_PATH}.ubigeo`,
      'ubigeo_invalid',
      `El ubigeo ${block.ubigeo} no es un distrito del catálogo INEI.`,
    ),
  ];
}

/** Each sent field that differs from the registered establishment: a warning naming it (the registered data wins). */
export function issuerBlockWarnings(block: IssuerBlock, registered: RegisteredEstablishment): Warning[] {
  const out: Warning[] = [];
  for (const { field, registered: of } of COMPARED) {
    const sent = block[field];
    if (sent === undefined || sent === '') continue;
    const kept = of(registered) ?? '';
    if (normalised(sent) === normalised(kept)) continue;
    const shown = kept === '' ? '(vacío)' : `"${kept}"`;
    out.push(
      warning(
        `${ISSUER_BLOCK_PATH}.${field}`,
        'issuer_field_differs',
        `"${sent}" difiere del dato registrado del establecimiento ${registered.codigo}: se emite con ${shown}.`,
      ),
    );
  }
  return out;
}
