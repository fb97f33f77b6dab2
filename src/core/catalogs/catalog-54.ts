// Catálogo 54 — bienes y servicios sujetos a detracción, with the rate of each (SUNAT cat_54.xml).
// PaymentTerms Detraccion/PaymentMeansID carries the code (SUNAT 3033); the amount is rate × total in PEN.
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface DetractionGoodEntry extends CatalogEntry {
  /** Rate in percent as a decimal string. */
  percent: string;
}

const d = (code: string, percent: string, description: string): DetractionGoodEntry => ({ code, percent, description });

export const detractionGoods = defineCatalog<DetractionGoodEntry>('54', 'Bienes y servicios sujetos a detracción', [
  d('001', '10', 'Azúcar y melaza de caña'),
  d('002', '10', 'Arroz'),
  d('003', '10', 'Alcohol etílico'),
  d('004', '4', 'Recursos hidrobiológicos'),
  d('005', '4', 'Maíz amarillo duro'),
  d('007', '10', 'Caña de azúcar'),
  d('008', '4', 'Madera'),
  d('009', '10', 'Arena y piedra'),
  d('010', '15', 'Residuos, subproductos, desechos, recortes y desperdicios'),
  d('011', '15', 'Bienes gravados con el IGV, o renuncia a la exoneración'),
  d('012', '10', 'Intermediación laboral y tercerización'),
  d('013', '10', 'Animales vivos'),
  d('014', '4', 'Carnes y despojos comestibles'),
  d('015', '10', 'Abonos, cueros y pieles de origen animal'),
  d('016', '4', 'Aceite de pescado'),
  d('017', '4', 'Harina, polvo y pellets de pescado, crustáceos, moluscos y demás invertebrados acuáticos'),
  d('019', '10', 'Arrendamiento de bienes muebles'),
  d('020', '10', 'Mantenimiento y reparación de bienes muebles'),
  d('021', '10', 'Movimiento de carga'),
  d('022', '10', 'Otros servicios empresariales'),
  d('023', '10', 'Leche'),
  d('024', '10', 'Comisión mercantil'),
  d('025', '10', 'Fabricación de bienes por encargo'),
  d('026', '10', 'Servicio de transporte de personas'),
  d('027', '4', 'Servicio de transporte de carga'),
  d('028', '4', 'Transporte de pasajeros'),
  d('030', '4', 'Contratos de construcción'),
  d('031', '10', 'Oro gravado con el IGV'),
  d('032', '10', 'Páprika y otros frutos de los géneros capsicum o pimienta'),
  d('034', '10', 'Minerales metálicos no auríferos'),
  d('035', '1.5', 'Bienes exonerados del IGV'),
  d('036', '1.5', 'Oro y demás minerales metálicos exonerados del IGV'),
  d('037', '10', 'Demás servicios gravados con el IGV'),
  d('039', '10', 'Minerales no metálicos'),
  d('040', '4', 'Bien inmueble gravado con IGV'),
  d('041', '15', 'Plomo'),
  d('099', '8', 'Ley 30737'),
]);

/** Legal threshold (not in SUNAT's XSL): the detraction system applies to operations above S/ 700. */
export const DETRACTION_THRESHOLD_PEN = '700';
