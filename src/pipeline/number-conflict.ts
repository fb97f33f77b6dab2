// What the company reads when SUNAT holds a document's number for a document that is not provably this one: what
// SUNAT showed, that nothing will be sent again, and how to go on. Stored as the document's `sunat_response` and
// answered by the issue and send endpoints (state 01, code number_taken / number_unverified).
import type { NumberConflict } from '../sunat/index.ts';

export function numberConflictResponse(
  conflict: NumberConflict,
  doc: { serie: string; number: number },
): { code: string; description: string } {
  const id = `${doc.serie}-${doc.number}`;
  const reissue =
    `emita el comprobante de nuevo con un número que SUNAT no tenga: indique en numero_documento un número mayor que el último ` +
    `registrado en SUNAT para la serie ${doc.serie} (la serie continúa desde ese número) o use otra serie`;
  if (conflict.code === 'number_taken') {
    return {
      code: conflict.code,
      description:
        `SUNAT ya tiene registrado el número ${id} con otro comprobante (${conflict.reason}). Este comprobante no fue aceptado ` +
        `y no se reenviará. Para continuar, ${reissue}.`,
    };
  }
  return {
    code: conflict.code,
    description:
      `SUNAT ya tiene registrado el número ${id} (${conflict.reason}) y no se puede comprobar si es este comprobante, por eso no se ` +
      `marca como aceptado ni se reenvía. Verifique en SUNAT (consulta de validez del comprobante) si el registrado es este: si lo es, ` +
      `regístrelo como aceptado con /api/documents/updatedocumentstatus (state_type_id 05); si no, ${reissue}.`,
  };
}
