// An establishment row as the API shows it.
import type { Establishment } from '../../generated/tenant/client.ts';

export function presentEstablishment(e: Establishment) {
  return {
    codigo: e.codigo,
    nombre: e.nombre,
    direccion: e.direccion,
    ubigeo: e.ubigeo,
    departamento: e.departamento,
    provincia: e.provincia,
    distrito: e.distrito,
    urbanizacion: e.urbanizacion,
    codigo_pais: e.codigoPais,
    telefono: e.telefono,
    correo_electronico: e.correoElectronico,
    activo: e.active,
  };
}
