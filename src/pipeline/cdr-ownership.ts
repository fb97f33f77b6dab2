// Whether a CDR from SUNAT's consult service answers OUR document: SUNAT keeps one document per number, and its
// copy for a number may be another document's (a number registered by another system). It is ours only if its
// DocumentReference is our number and its DocumentHash is our signed XML's digest. Pure.
import type { CdrResponse } from '../core/cdr.ts';

export type CdrOwnership = { ours: true } | { ours: false; reason: string };

/** "F001-00000587" answers F001-587 (SUNAT pads the number in some CDRs). */
function sameNumber(reference: string, serie: string, number: number): boolean {
  const match = /^\s*([A-Za-z0-9]{4})-0*(\d{1,8})\s*$/.exec(reference);
  return match !== null && match[1].toUpperCase() === serie.toUpperCase() && Number(match[2]) === number;
}

export function cdrOwnership(
  cdr: CdrResponse,
  ours: { serie: string; number: number; hash: string | null },
): CdrOwnership {
  if (!cdr.reference) return { ours: false, reason: 'la constancia no indica a qué comprobante responde' };
  if (!sameNumber(cdr.reference, ours.serie, ours.number))
    return { ours: false, reason: `la constancia responde al comprobante ${cdr.reference}` };
  if (!cdr.documentHash) return { ours: false, reason: 'la constancia no trae el valor resumen del comprobante' };
  const theirs = cdr.documentHash.replace(/\s+/g, '');
  if (!ours.hash || theirs !== ours.hash.replace(/\s+/g, ''))
    return { ours: false, reason: `su valor resumen (${theirs}) no es el de este comprobante (${ours.hash ?? '-'})` };
  return { ours: true };
}
