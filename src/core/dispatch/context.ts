// What the rules of a guide read: the parsed body, the guide built from it, the issuer and, for the remitente guide,
// what its transport mode and indicators ask for. Paths are the body's (`direccion_partida.ubigeo`), so that every
// refusal names the field the client sent.
import type { TransferMotiveEntry } from '../catalogs/index.ts';
import type { DocumentContext } from '../invoice/context.ts';
import type { Findings } from '../invoice/findings.ts';
import type { CarrierDispatchBody, SenderDispatchBody } from './schema.ts';
import type { ComputedDispatch } from './types.ts';

/** From 2026-06-01 the hand-over date to the carrier is a rejection in public transport (R.S. 000108-2026/SUNAT). */
export const HAND_OVER_DATE_REQUIRED_FROM = '2026-06-01';

export interface TransportNeeds {
  /** SUNAT_Envio_IndicadorTrasladoVehiculoM1L: no carrier, driver or vehicle. */
  m1l: boolean;
  /** SUNAT_Envio_IndicadorVehiculoConductoresTransp: public transport that declares the carrier's crew. */
  carrierCrew: boolean;
  /** A carrier (CarrierParty) is required: public transport without M1L. */
  carrier: boolean;
  /** Drivers and vehicle are required: private transport, or public with carrierCrew (never with M1L). */
  crew: boolean;
}

interface BaseContext {
  doc: ComputedDispatch;
  ctx: DocumentContext;
  /** Body paths of the partida and llegada blocks. */
  originPath: string;
  destinationPath: string;
}

export interface SenderContext extends BaseContext {
  kind: 'sender';
  body: SenderDispatchBody;
  motive: TransferMotiveEntry;
  needs: TransportNeeds;
}

export interface CarrierContext extends BaseContext {
  kind: 'carrier';
  body: CarrierDispatchBody;
}

export type DispatchContext = SenderContext | CarrierContext;

/** One check SUNAT makes of a guide: its name, the codes it stands for, and the check itself. */
export interface DispatchRule<C extends DispatchContext = DispatchContext> {
  name: string;
  sunat: readonly string[];
  check: (c: C, f: Findings) => void;
}
