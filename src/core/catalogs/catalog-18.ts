// Catálogo 18 — modalidad de traslado (guía de remisión remitente, cac:ShipmentStage/cbc:TransportModeCode).
import { definePlainCatalog } from './catalog.ts';

export const transportModes = definePlainCatalog('18', 'Modalidad de traslado', [
  ['01', 'Transporte público'],
  ['02', 'Transporte privado'],
]);

export const PUBLIC_TRANSPORT = '01';
export const PRIVATE_TRANSPORT = '02';
