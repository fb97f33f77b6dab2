// Catálogo 59 — medios de pago (cac:PaymentMeans/cbc:PaymentMeansCode of the detraction block).
import { definePlainCatalog } from './catalog.ts';

export const paymentMeans = definePlainCatalog('59', 'Medios de pago', [
  ['001', 'Depósito en cuenta'],
  ['002', 'Giro'],
  ['003', 'Transferencia de fondos'],
  ['004', 'Orden de pago'],
  ['005', 'Tarjeta de débito'],
  ['006', 'Tarjeta de crédito emitida en el país por una empresa del sistema financiero'],
  ['007', 'Cheques con la cláusula de "NO NEGOCIABLE", "INTRANSFERIBLES", "NO A LA ORDEN" u otra equivalente'],
  ['008', 'Efectivo, por operaciones en las que no existe obligación de utilizar medio de pago'],
  ['009', 'Efectivo, en los demás casos'],
  ['010', 'Medios de pago usados en comercio exterior'],
  ['011', 'Documentos emitidos por las EDPYMES y las cooperativas de ahorro y crédito'],
  ['012', 'Tarjeta de crédito emitida por una empresa no perteneciente al sistema financiero'],
  ['013', 'Tarjetas de crédito emitidas en el exterior por empresas bancarias o financieras no domiciliadas'],
  ['101', 'Transferencias – comercio exterior'],
  ['102', 'Cheques bancarios – comercio exterior'],
  ['103', 'Orden de pago simple – comercio exterior'],
  ['104', 'Orden de pago documentario – comercio exterior'],
  ['105', 'Remesa simple – comercio exterior'],
  ['106', 'Remesa documentaria – comercio exterior'],
  ['107', 'Carta de crédito simple – comercio exterior'],
  ['108', 'Carta de crédito documentario – comercio exterior'],
  ['999', 'Otros medios de pago'],
]);
