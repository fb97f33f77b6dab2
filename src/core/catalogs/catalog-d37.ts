// Catálogo D-37 — entidades que otorgan autorizaciones especiales de transporte (schemeID of the special
// authorisations of the carrier, the vehicles and the sender in a guía de remisión; SUNAT only observes an unknown
// one: 4395/4407). 13 (OSINERGMIN) was added after SUNAT's 2022 rule set.
import { definePlainCatalog } from './catalog.ts';

export const authorizingEntities = definePlainCatalog('D37', 'Entidad autorizadora', [
  ['01', 'Superintendencia Nacional de Control de Servicios de Seguridad, Armas, Municiones y Explosivos de Uso Civil'],
  ['02', 'Dirección General de Medicamentos Insumos y Drogas'],
  ['03', 'Dirección General de Salud Ambiental'],
  ['04', 'Servicio Nacional de Sanidad Agraria'],
  ['05', 'Servicio Nacional Forestal y de Fauna Silvestre'],
  ['06', 'Ministerio de Transportes y Comunicaciones'],
  ['07', 'Ministerio de la Producción'],
  ['08', 'Ministerio del Ambiente'],
  ['09', 'Organismo Nacional de Sanidad Pesquera'],
  ['10', 'Municipalidad Metropolitana de Lima'],
  ['11', 'Ministerio de Salud'],
  ['12', 'Gobierno Regional'],
  ['13', 'Organismo Supervisor de la Inversión en Energía y Minería'],
]);
