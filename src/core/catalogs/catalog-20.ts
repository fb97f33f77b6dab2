// Catálogo 20 — motivos de traslado (cac:Shipment/cbc:HandlingCode of the guía de remisión remitente), with what
// each motive means for the guide's parties and addresses (SUNAT's GRE rules, ValidaExprRegGreRemitente 2.0.1):
// - `recipient`: who must be the destinatario — 'issuer' (2554: 02, 04, 07), 'other' (2555: the destinatario's RUC
//   must not be the issuer's), 'any'.
// - `recipientRuc`: the destinatario must hold a RUC (3417: 06, 17).
// - `origin` / `destination`: whose premises the partida and llegada are — 'issuer' (the AddressTypeCode's RUC must
//   be the issuer's: 3414 for 04), 'counterparty' (it must not be the issuer's: 3411), 'free' or 'none' (18 has no
//   establishment at the llegada, 3416).
// - `customs`: importación/exportación: a DAM or DS is required (3440) and the lines travel as the DAM's whole
//   (SUNAT_Envio_IndicadorTrasladoTotalDAMoDS).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface TransferMotiveEntry extends CatalogEntry {
  recipient: 'issuer' | 'other' | 'any';
  recipientRuc?: boolean;
  origin: 'issuer' | 'counterparty' | 'free';
  destination: 'issuer' | 'counterparty' | 'free' | 'none';
  /** The customer of the body is the goods' supplier (SellerSupplierParty), not the destinatario (02, 07). */
  customerIsSupplier?: boolean;
  customs?: boolean;
  /** A description is required (3457). */
  describe?: boolean;
  /** A buyer (BuyerCustomerParty) may be named (03, 13; 4377 elsewhere). */
  buyer?: boolean;
  /**
   * Added after the 2022 rule set (R.S. 000240-2024/SUNAT, 2024-11-14): SUNAT's current catalogue has it, the 2022
   * stylesheets answer 3405.
   */
  since?: string;
}

export const transferMotives = defineCatalog<TransferMotiveEntry>('20', 'Motivo de traslado', [
  { code: '01', description: 'Venta', recipient: 'other', origin: 'issuer', destination: 'counterparty' },
  {
    code: '02',
    description: 'Compra',
    recipient: 'issuer',
    origin: 'counterparty',
    destination: 'issuer',
    customerIsSupplier: true,
  },
  {
    code: '03',
    description: 'Venta con entrega a terceros',
    recipient: 'other',
    origin: 'issuer',
    destination: 'counterparty',
    buyer: true,
  },
  {
    code: '04',
    description: 'Traslado entre establecimientos de la misma empresa',
    recipient: 'issuer',
    origin: 'issuer',
    destination: 'issuer',
  },
  { code: '05', description: 'Consignación', recipient: 'other', origin: 'issuer', destination: 'counterparty' },
  {
    code: '06',
    description: 'Devolución',
    recipient: 'other',
    recipientRuc: true,
    origin: 'issuer',
    destination: 'counterparty',
  },
  {
    code: '07',
    description: 'Recojo de bienes transformados',
    recipient: 'issuer',
    origin: 'counterparty',
    destination: 'issuer',
    customerIsSupplier: true,
  },
  {
    code: '08',
    description: 'Importación',
    recipient: 'any',
    origin: 'counterparty',
    destination: 'free',
    customs: true,
  },
  { code: '09', description: 'Exportación', recipient: 'other', origin: 'issuer', destination: 'free', customs: true },
  {
    code: '13',
    description: 'Otros no comprendidos en ningún código del presente catálogo',
    recipient: 'any',
    origin: 'free',
    destination: 'free',
    describe: true,
    buyer: true,
  },
  {
    code: '14',
    description: 'Venta sujeta a confirmación del comprador',
    recipient: 'other',
    origin: 'issuer',
    destination: 'counterparty',
  },
  {
    code: '17',
    description: 'Traslado de bienes para transformación',
    recipient: 'other',
    recipientRuc: true,
    origin: 'issuer',
    destination: 'counterparty',
  },
  {
    code: '18',
    description: 'Traslado emisor itinerante de comprobantes de pago',
    recipient: 'any',
    origin: 'free',
    destination: 'none',
  },
  {
    code: '19',
    description: 'Traslado de mercancía extranjera',
    recipient: 'any',
    origin: 'free',
    destination: 'free',
    since: '2024-11-14',
  },
]);
