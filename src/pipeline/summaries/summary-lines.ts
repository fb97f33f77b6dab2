// A stored document as a line of the resumen diario: its totals from the documents row, a note's affected
// boleta and its IGV rate (the first line carrying IGV: one rate per document, SUNAT 3462) from its computed
// document; without such a line, the general rate of its issue date (SUNAT 2992 wants cbc:Percent on every line).
import { generalIgvRate } from '../../core/igv-rates.ts';
import type { SummaryLine } from '../../core/summaries/summary-xml.ts';
import type { VoidCandidate } from './voided-rules.ts';

/** SUNAT's limit of documents in one summary. */
export const MAX_SUMMARY_DOCUMENTS = 500;

/** A documents row as a summary reads it: what a void checks, and the line's figures as the row keeps them. */
export interface SummaryDocRow extends VoidCandidate, Omit<SummaryLine, 'condition' | 'affected' | 'igvPercent'> {
  id: number;
  affected: { series?: string; number?: number; documentType?: string } | null;
  /** The rate of the document's first line carrying IGV (canonical, "18"), null when none does. */
  igvPercent: string | null;
}

/** The SELECT … FROM of SummaryDocRow over `schema`."documents" d (the caller adds WHERE / ORDER / LOCK). */
export function summaryRowsSql(schema: string): string {
  return `SELECT d.id, d.external_id AS "externalId", d.document_type AS "documentType", d.serie, d.number,
      to_char(d.issue_date, 'YYYY-MM-DD') AS "issueDate", d.state_type_id AS state,
      d.customer_doc_type AS "customerDocType", d.customer_doc_number AS "customerDocNumber", d.currency,
      d.total::text AS total, d.total_taxed::text AS taxed, d.total_exonerated::text AS exonerated,
      d.total_unaffected::text AS unaffected, d.total_exportation::text AS exportation, d.total_free::text AS free,
      d.total_igv::text AS igv, d.total_isc::text AS isc, d.total_icbper::text AS icbper,
      d.computed->'note'->'affectedDocument' AS affected,
      (SELECT l->>'igvPercent' FROM jsonb_array_elements(d.computed->'lines') l
        WHERE l->>'scheme' = '1000' OR l->>'affectationCode' IN ('11', '12', '13', '14', '15', '16')
        LIMIT 1) AS "igvPercent"
    FROM ${schema}."documents" d`;
}

export function toSummaryLine(row: SummaryDocRow, condition: '1' | '3'): SummaryLine {
  const a = row.affected;
  return {
    documentType: row.documentType,
    serie: row.serie,
    number: row.number,
    condition,
    // SUNAT: a boleta without an identified customer is declared with document type 0 and number "-".
    customerDocType: row.customerDocType || '0',
    customerDocNumber: row.customerDocNumber || '-',
    currency: row.currency,
    total: row.total,
    taxed: row.taxed,
    exonerated: row.exonerated,
    unaffected: row.unaffected,
    exportation: row.exportation,
    free: row.free,
    igv: row.igv,
    igvPercent: row.igvPercent ?? generalIgvRate(row.issueDate).toFixed(),
    isc: row.isc,
    icbper: row.icbper,
    affected:
      a?.series && a.number && a.documentType
        ? { documentType: a.documentType, serie: a.series, number: a.number }
        : undefined,
  };
}
