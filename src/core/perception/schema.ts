// Input schema of POST /api/perceptions (FacturadorPro dialect) for the Comprobante de Percepción (40): the otros
// CPE body (src/core/other-cpe/schema.ts) with catalog 22 and the related types of SUNAT 2691.
import type { z } from 'zod';
import { otherCpeBodySchema } from '../other-cpe/schema.ts';
import { PERCEIVABLE_DOCUMENT_TYPES, PERCEPTION_REGIMES } from './catalogs.ts';

export const perceptionBodySchema = otherCpeBodySchema('perception', PERCEPTION_REGIMES, PERCEIVABLE_DOCUMENT_TYPES);

export type PerceptionBody = z.output<typeof perceptionBodySchema>;
