// A new tenant's name and fiscal address: what the request says, else what SUNAT's padrón says of the RUC (the name
// taken from it is reported as a warning), else the provisioning defaults — but never without a name: a company
// would print "EMPRESA {ruc}" on every document, so neither the request nor the padrón naming it is a 422. The padrón has the ubigeo but no place names: the department follows from the ubigeo's first
// two digits; province and district stay for the company to set (PATCH /api/company) unless given.
import type { Warning } from '../core/issues.ts';
import type { CentralClient } from '../platform/db/clients.ts';
import { errors } from '../platform/errors.ts';
import type { ProvisionTenantInput } from '../tenancy/provision.ts';

const DEPARTMENTS = [
  'AMAZONAS',
  'ÁNCASH',
  'APURÍMAC',
  'AREQUIPA',
  'AYACUCHO',
  'CAJAMARCA',
  'CALLAO',
  'CUSCO',
  'HUANCAVELICA',
  'HUÁNUCO',
  'ICA',
  'JUNÍN',
  'LA LIBERTAD',
  'LAMBAYEQUE',
  'LIMA',
  'LORETO',
  'MADRE DE DIOS',
  'MOQUEGUA',
  'PASCO',
  'PIURA',
  'PUNO',
  'SAN MARTÍN',
  'TACNA',
  'TUMBES',
  'UCAYALI',
];

export interface AddressBody {
  ubigeo?: string;
  codigo_establecimiento?: string;
  direccion?: string;
  urbanizacion?: string | null;
  distrito?: string;
  provincia?: string;
  departamento?: string;
  codigo_pais?: string;
}

type Address = NonNullable<ProvisionTenantInput['address']>;

function fromBody(b: AddressBody | undefined): Address {
  if (!b) return {};
  return {
    ubigeo: b.ubigeo,
    codigoEstablecimiento: b.codigo_establecimiento,
    direccion: b.direccion,
    urbanizacion: b.urbanizacion,
    distrito: b.distrito,
    provincia: b.provincia,
    departamento: b.departamento,
    codigoPais: b.codigo_pais,
  };
}

function fromPadron(row: { ubigeo: string | null; address: string | null } | null): Address {
  if (!row?.ubigeo || !/^\d{6}$/.test(row.ubigeo)) return row?.address ? { direccion: row.address } : {};
  const department = DEPARTMENTS[Number(row.ubigeo.slice(0, 2)) - 1];
  const lima = row.ubigeo === '150101';
  return {
    ubigeo: row.ubigeo,
    direccion: row.address ?? undefined,
    departamento: department ?? '-',
    provincia: lima ? 'LIMA' : '-',
    distrito: lima ? 'LIMA' : '-',
  };
}

function defined(a: Address): Address {
  return Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined)) as Address;
}

/**
 * The razón social and address to provision with: the request's fields first, then the padrón's. `namePath` is the
 * body's field for the name (`name`), for the 422 without one and the warning when the padrón's is used.
 */
export async function companyIdentity(
  central: CentralClient,
  ruc: string,
  given: { name?: string; address?: AddressBody },
  namePath = 'name',
): Promise<{ name: string; address: Address; warnings: Warning[] }> {
  const row = await central.padronRuc.findUnique({ where: { ruc } });
  const address = { ...defined(fromPadron(row)), ...defined(fromBody(given.address)) };
  if (given.name) return { name: given.name, address, warnings: [] };
  if (row?.name) {
    const message = `Sin ${namePath}: se usó la razón social del padrón RUC de SUNAT, "${row.name}".`;
    return { name: row.name, address, warnings: [{ path: namePath, code: 'name_from_padron', message }] };
  }
  const message = `Indique la razón social de la empresa: el RUC ${ruc} no está en el padrón RUC importado (npx facturo padron:import).`;
  throw errors.unprocessable('name_required', message, [{ path: namePath, code: 'name_required', message }]);
}
