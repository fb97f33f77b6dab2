// The answers of SUNAT's services in FacturadorPro's keys: the consulta de validez (its ValidateCpe classes'
// comprobante_estado_* / empresa_estado_* / empresa_condicion_*, `empresa_estado_description` spelled as they spell
// it, '-' where SUNAT says nothing), the RUC lookup (their ServiceController's name, trade_name, address, department…)
// and the DNI lookup (their Person: name, names, first_name = apellido paterno, last_name = apellido materno).
import { ubigeoNames } from '../../core/catalogs/ubigeo/index.ts';
import {
  ADDRESS_CONDITIONS,
  DOCUMENT_STATES,
  TAXPAYER_STATES,
  type ValidityAnswer,
  type ValidityQuery,
} from '../../sunat/api/index.ts';
import type { PadronRuc } from '../../generated/central/client.ts';
import type { AppError } from '../../platform/errors.ts';
import type { BulkItem, DniResponse, DocumentQueryInput, RucResponse, ValidityData } from './schemas.ts';

function echo(input: DocumentQueryInput, query: ValidityQuery) {
  return {
    ruc_emisor: query.issuerRuc,
    codigo_tipo_documento: query.documentType,
    serie_documento: query.serie,
    numero_documento: String(query.numero),
    fecha_de_emision: query.issueDate,
    total: input.total ?? String(query.total),
  };
}

const described = (table: Readonly<Record<string, string>>, code: string | null) =>
  code === null ? '-' : (table[code] ?? `CÓDIGO ${code}`);

export function presentValidity(input: DocumentQueryInput, query: ValidityQuery, answer: ValidityAnswer): ValidityData {
  return {
    ...echo(input, query),
    comprobante_estado_codigo: answer.estadoCp,
    comprobante_estado_descripcion: described(DOCUMENT_STATES, answer.estadoCp),
    empresa_estado_codigo: answer.estadoRuc ?? '-',
    empresa_estado_description: described(TAXPAYER_STATES, answer.estadoRuc),
    empresa_condicion_codigo: answer.condDomiRuc ?? '-',
    empresa_condicion_descripcion: described(ADDRESS_CONDITIONS, answer.condDomiRuc),
    observaciones: answer.observaciones,
  };
}

export function presentBulkFailure(input: DocumentQueryInput, query: ValidityQuery, error: AppError): BulkItem {
  return { ...echo(input, query), success: false, code: error.code, message: error.message };
}

// ---------------------------------------------------------------------------------------------------------------

export interface PadronDate {
  importedAt: Date;
  fileDate: Date | null;
}

const upper = (name: string) => name.toLocaleUpperCase('es-PE');

export function presentRuc(row: PadronRuc, imported: PadronDate | null): RucResponse {
  const names = row.ubigeo ? ubigeoNames(row.ubigeo) : undefined;
  const ubigeo = names ? row.ubigeo : null;
  return {
    success: true,
    data: {
      ruc: row.ruc,
      name: row.name,
      trade_name: '',
      address: row.address ?? '',
      state: row.state,
      condition: row.condition,
      ubigeo: row.ubigeo,
      location_id: ubigeo ? [ubigeo.slice(0, 2), ubigeo.slice(0, 4), ubigeo] : [],
      department: names ? upper(names.departamento) : null,
      department_id: ubigeo ? ubigeo.slice(0, 2) : null,
      province: names ? upper(names.provincia) : null,
      province_id: ubigeo ? ubigeo.slice(0, 4) : null,
      district: names ? upper(names.distrito) : null,
      district_id: ubigeo,
    },
    padron: {
      fecha_importacion: imported?.importedAt.toISOString() ?? null,
      fecha_archivo: imported?.fileDate?.toISOString() ?? null,
    },
  };
}

export interface Person {
  number: string;
  names: string;
  paternal: string;
  maternal: string;
  /** The provider's full name, when it gives no parts. */
  fullName?: string;
  verificationCode: string | null;
}

export function presentDni(person: Person): DniResponse {
  const joined = [person.paternal, person.maternal, person.names].filter(Boolean).join(' ');
  return {
    success: true,
    data: {
      number: person.number,
      name: joined || person.fullName || '',
      names: person.names,
      first_name: person.paternal,
      last_name: person.maternal,
      verification_code: person.verificationCode,
      nombres: person.names,
      apellido_paterno: person.paternal,
      apellido_materno: person.maternal,
    },
  };
}
