// Catálogo 59 — medios de pago (cac:PaymentMeans/cbc:PaymentMeansCode of the detraction block).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

const e = (code: string, description: string): CatalogEntry => ({ code, description });

export const paymentMeans = defineCatalog<CatalogEntry>('59', 'Medios de pago', [
  e('001', 'Depósito en cuenta'),
  e('002', 'Giro'),
  e('003', 'Transferencia de fondos'),
  e('004', 'Orden de pago'),
  e('005', 'Tarjeta de débito'),
  e('006', 'Tarjeta de crédito emitida en el país por una empresa del sistema financiero'),
  e('007', 'Cheques con la cláusula de "NO NEGOCIABLE", "INTRANSFERIBLES", "NO A LA ORDEN" u otra equivalente'),
  e('008', 'Efectivo, por operaciones en las que no existe obligación de utilizar medio de pago'),
  e('009', 'Efectivo, en los demás casos'),
  e('010', 'Medios de pago usados en comercio exterior'),
  e('011', 'Documentos emitidos por las EDPYMES y las cooperativas de ahorro y crédito'),
  e('012', 'Tarjeta de crédito emitida por una empresa no perteneciente al sistema financiero'),
  e('013', 'Tarjetas de crédito emitidas en el exterior por empresas bancarias o financieras no domiciliadas'),
  e('101', 'Transferencias – comercio exterior'),
  e('102', 'Cheques bancarios – comercio exterior'),
  e('103', 'Orden de pago simple – comercio exterior'),
  e('104', 'Orden de pago documentario – comercio exterior'),
  e('105', 'Remesa simple – comercio exterior'),
  e('106', 'Remesa documentaria – comercio exterior'),
  e('107', 'Carta de crédito simple – comercio exterior'),
  e('108', 'Carta de crédito documentario – comercio exterior'),
  e('999', 'Otros medios de pago'),
]);
