// Input schema of POST /api/retentions (FacturadorPro dialect) for the Comprobante de Retención (20): the otros
// CPE body (src/core/other-cpe/schema.ts) with catalog 23 and the related types of SUNAT 2692.
import type { z } from 'zod';
import { otherCpeBodySchema } from '../other-cpe/schema.ts';
import { RETAINABLE_DOCUMENT_TYPES, RETENTION_REGIMES } from './catalogs.ts';

export const retentionBodySchema = otherCpeBodySchema('retention', RETENTION_REGIMES, RETAINABLE_DOCUMENT_TYPES);

export type RetentionBody = z.output<typeof retentionBodySchema>;
export type RetainedDocumentBody = RetentionBody['documentos'][number];
