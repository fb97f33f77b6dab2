// Catálogo 63 — puertos (cac:Shipment/cac:FirstArrivalPortLocation of an importación 08 or exportación 09 guide):
// SUNAT checks the code (3459) and that the port's ubigeo is the partida's (08) or the llegada's (09) (3364).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface PortEntry extends CatalogEntry {
  ubigeo: string;
}

const port = (code: string, description: string, ubigeo: string): PortEntry => ({ code, description, ubigeo });

export const ports = defineCatalog<PortEntry>('63', 'Puertos', [
  port('PUB', 'Bayóvar', '200801'),
  port('CLL', 'Callao', '070101'),
  port('CON', 'Conchán', '150119'),
  port('CHY', 'Chancay', '150605'),
  port('CHM', 'Chimbote', '021801'),
  port('EEN', 'Eten', '140113'),
  port('HCO', 'Huacho', '150801'),
  port('HUY', 'Huarmey', '021101'),
  port('ILQ', 'Ilo', '180301'),
  port('IQT', 'Iquitos', '160101'),
  port('MRI', 'Matarani', '040701'),
  port('PAI', 'Paita', '200501'),
  port('PIO', 'Pisco', '110505'),
  port('PCL', 'Pucallpa', '250101'),
  port('PUN', 'Puno', '210101'),
  port('SVY', 'Salaverry', '130109'),
  port('SNX', 'San Nicolás', '110304'),
  port('SUP', 'Supe', '150204'),
  port('TYL', 'Talara', '200701'),
  port('YMS', 'Yurimaguas', '160201'),
  port('ZOR', 'Zorritos', '240103'),
]);
