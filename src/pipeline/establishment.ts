// Where a document is issued from: the establishment `datos_del_emisor.codigo_del_domicilio_fiscal` names, else the
// one its series belongs to, else the fiscal domicile (0000). SUNAT 3030/4242: the issuer's AddressTypeCode is a
// code the RUC registry holds for the company, so an unknown or inactive code, or a series that belongs to another
// establishment, is refused here — before the number is taken, so nothing is stored and no number is spent. The
// other fields of `datos_del_emisor` are compared with the registered establishment: a difference is a warning (the
// registered data is what the XML carries).
import {
  ESTABLISHMENT_PATH,
  FISCAL_DOMICILE,
  issuerBlockIssues,
  issuerBlockOf,
  issuerBlockWarnings,
  type RegisteredEstablishment,
} from '../core/issuer-block.ts';
import type { Issuer, Warning } from '../core/index.ts';
import { tenantTable } from '../platform/db/clients.ts';
import { errors } from '../platform/errors.ts';
import type { TenantRef } from './deps.ts';

export interface IssuingEstablishment {
  /** The code the XML's AddressTypeCode and the document row carry. */
  code: string;
  /** Whether the series exists (a first use from an annex binds it: bindNewSeries). */
  seriesExists: boolean;
  /** The issuer the XML is signed with: the annex's address (and the fiscal one beside it), or the company's. */
  issuer: Issuer;
  warnings: Warning[];
}

interface Row {
  series_code: string | null;
  codigo: string | null;
  nombre: string | null;
  direccion: string | null;
  ubigeo: string | null;
  departamento: string | null;
  provincia: string | null;
  distrito: string | null;
  urbanizacion: string | null;
  codigo_pais: string | null;
  telefono: string | null;
  correo_electronico: string | null;
  active: boolean | null;
}

/** The series' establishment and the chosen establishment, in one round trip. */
async function lookUp(
  tenant: Pick<TenantRef, 'db' | 'schema'>,
  series: { documentType: string; serie: string },
  named: string | undefined,
): Promise<Row> {
  const seriesTable = tenantTable(tenant.schema, 'series');
  const establishments = tenantTable(tenant.schema, 'establishments');
  const rows = await tenant.db.$queryRaw<Row[]>`
    SELECT sc.code AS series_code, e.codigo, e.nombre, e.direccion, e.ubigeo, e.departamento, e.provincia, e.distrito,
           e.urbanizacion, e.codigo_pais, e.telefono, e.correo_electronico, e.active
    FROM (SELECT (SELECT establishment_code FROM ${seriesTable}
                  WHERE document_type = ${series.documentType} AND serie = ${series.serie}) AS code) sc
    LEFT JOIN ${establishments} e ON e.codigo = COALESCE(${named ?? null}::varchar, sc.code, ${FISCAL_DOMICILE})`;
  return rows[0];
}

function refused(path: string, code: string, message: string) {
  return errors.unprocessable(code, message, [{ path, code, message }]);
}

/**
 * The establishment a document is issued from, with the issuer its XML carries and the warnings of
 * `datos_del_emisor`; throws the 422 of an establishment it cannot be issued from.
 */
export async function issuingEstablishment(
  tenant: Pick<TenantRef, 'db' | 'schema'>,
  company: Issuer,
  body: unknown,
  series: { documentType: string; serie: string },
): Promise<IssuingEstablishment> {
  const block = issuerBlockOf(body);
  const problems = issuerBlockIssues(block);
  if (problems.length) throw errors.fromIssues(problems);
  const named = block.codigo_del_domicilio_fiscal;
  const row = await lookUp(tenant, series, named);
  const code = named ?? row.series_code ?? FISCAL_DOMICILE;
  const seriesExists = row.series_code !== null;
  // The fiscal domicile always exists (SUNAT: every RUC has its 0000): a company whose row was never written
  // issues from its own address.
  const fiscal = code === FISCAL_DOMICILE && (row.codigo === null || row.active === true);
  if (!fiscal) refuseUnusable(row, code, named !== undefined ? ESTABLISHMENT_PATH : 'serie_documento');
  if (named !== undefined && row.series_code !== null && row.series_code !== named) {
    throw refused(
      'serie_documento',
      'series_establishment_mismatch',
      `La serie ${series.serie} pertenece al establecimiento ${row.series_code}, no al ${named}: use una serie del establecimiento ${named}.`,
    );
  }
  if (fiscal) {
    const registered = fiscalRegistered(company);
    return { code, seriesExists, issuer: company, warnings: issuerBlockWarnings(block, registered) };
  }
  const registered: RegisteredEstablishment = {
    codigo: code,
    ubigeo: row.ubigeo!,
    direccion: row.direccion!,
    codigoPais: row.codigo_pais!,
    correoElectronico: row.correo_electronico ?? company.email,
    telefono: row.telefono ?? company.telefono,
  };
  const warnings = issuerBlockWarnings(block, registered);
  return { code, seriesExists, issuer: annexIssuer(company, row), warnings };
}

/** SUNAT 3030: the code must be one the company registered, and we issue only from an active one. */
function refuseUnusable(row: Row, code: string, path: string): void {
  if (row.codigo === null)
    throw refused(
      path,
      'establishment_unknown',
      `El establecimiento ${code} no está registrado en la empresa (SUNAT 3030): regístrelo en POST /api/establishments.`,
    );
  if (!row.active)
    throw refused(path, 'establishment_inactive', `El establecimiento ${code} está desactivado: no se emite desde él.`);
}

function fiscalRegistered(company: Issuer): RegisteredEstablishment {
  const a = company.address;
  return {
    codigo: FISCAL_DOMICILE,
    ubigeo: a.ubigeo,
    direccion: a.direccion,
    codigoPais: a.codigoPais,
    correoElectronico: company.email,
    telefono: company.telefono,
  };
}

/** The issuer of a document issued from an annex: its address (and code) in the XML, the fiscal one beside it. */
function annexIssuer(company: Issuer, row: Row): Issuer {
  return {
    ...company,
    address: {
      ubigeo: row.ubigeo!,
      codigoEstablecimiento: row.codigo!,
      direccion: row.direccion!,
      urbanizacion: row.urbanizacion ?? undefined,
      provincia: row.provincia!,
      departamento: row.departamento!,
      distrito: row.distrito!,
      codigoPais: row.codigo_pais!,
    },
    fiscalAddress: company.address,
    establishmentName: row.nombre ?? undefined,
  };
}

/**
 * A series first used from an annex belongs to it: registered (unregistered, as a first use registers it) before
 * the numbering, which would otherwise create it for the fiscal domicile. Its counter is untouched (last number 0).
 */
export async function bindNewSeries(
  tenant: Pick<TenantRef, 'db' | 'schema'>,
  series: { documentType: string; serie: string },
  code: string,
): Promise<void> {
  if (code === FISCAL_DOMICILE) return;
  await tenant.db.$executeRaw`
    INSERT INTO ${tenantTable(tenant.schema, 'series')} (document_type, serie, last_number, registered, establishment_code)
    VALUES (${series.documentType}, ${series.serie}, 0, false, ${code}) ON CONFLICT (document_type, serie) DO NOTHING`;
}
