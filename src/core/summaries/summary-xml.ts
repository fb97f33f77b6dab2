// The resumen diario (RC): SUNAT's SummaryDocuments (UBL 2.0, CustomizationID 1.1) declaring boletas and their
// notes (ConditionCode 1 add, 2 modify, 3 void) with each document's totals, in the element order of
// UBLPE-SummaryDocuments-1.0.xsd. "C14N-ready" like every document we build. Each line's IGV subtotal names the
// document's rate (cbc:Percent, SUNAT 2992).
import type { Issuer } from '../issuer.ts';
import { formatPercent } from '../money.ts';
import { attrs, type XmlWriter } from '../ubl/xml-writer.ts';
import { openSummaryDocument } from './voided-xml.ts';

/** One document of the summary; amounts are decimal strings with 2 decimals. */
export interface SummaryLine {
  documentType: string;
  serie: string;
  number: number;
  /** 1 add, 2 modify, 3 void. */
  condition: '1' | '2' | '3';
  customerDocType: string;
  customerDocNumber: string;
  currency: string;
  total: string;
  taxed: string;
  exonerated: string;
  unaffected: string;
  exportation: string;
  free: string;
  igv: string;
  /**
   * The document's IGV rate (cbc:Percent of the IGV subtotal; SUNAT 2992 rejects a line without it since February
   * 2026): the rate of its taxed lines, or the general rate of its issue date when it has none.
   */
  igvPercent: string;
  isc: string;
  icbper: string;
  /** A note's affected boleta (cac:BillingReference). */
  affected?: { documentType: string; serie: string; number: number };
}

export interface DailySummary {
  /** "RC-20250120-1". */
  id: string;
  /** The documents' issue date (cbc:ReferenceDate). */
  referenceDate: string;
  /** The summary's generation date (cbc:IssueDate and the date in its ID). */
  issueDate: string;
  lines: SummaryLine[];
}

const isZero = (amount: string) => Number(amount) === 0;

/**
 * One tax of the line. Only the IGV subtotal names its rate (cbc:Percent, before cac:TaxScheme as the XSD orders
 * TaxCategory): SUNAT's 2992 asks it for code 1000 ("Tasa del tributo faltante para código 1000"); a summarised ISC
 * has no single rate (catalog 08 systems per line) and ICBPER is an amount per bag.
 */
function tax(w: XmlWriter, money: string, amount: string, scheme: [string, string, string], percent?: string): void {
  w.open('cac:TaxTotal')
    .leaf('cbc:TaxAmount', amount, money)
    .open('cac:TaxSubtotal')
    .leaf('cbc:TaxAmount', amount, money)
    .open('cac:TaxCategory');
  if (percent !== undefined) w.leaf('cbc:Percent', formatPercent(percent));
  w.open('cac:TaxScheme')
    .leaf('cbc:ID', scheme[0])
    .leaf('cbc:Name', scheme[1])
    .leaf('cbc:TaxTypeCode', scheme[2])
    .close()
    .close()
    .close()
    .close();
}

// SUNAT catalogue 11: 01 gravado, 02 exonerado, 03 inafecto, 04 exportación, 05 gratuito.
function payments(w: XmlWriter, money: string, line: SummaryLine): void {
  const parts: Array<[string, string]> = [
    ['01', line.taxed],
    ['02', line.exonerated],
    ['03', line.unaffected],
    ['04', line.exportation],
    ['05', line.free],
  ];
  const present = parts.filter(([, amount]) => !isZero(amount));
  for (const [code, amount] of present.length > 0 ? present : [parts[0]])
    w.open('sac:BillingPayment').leaf('cbc:PaidAmount', amount, money).leaf('cbc:InstructionID', code).close();
}

function writeLine(w: XmlWriter, line: SummaryLine, index: number): void {
  const money = attrs({ currencyID: line.currency });
  w.open('sac:SummaryDocumentsLine')
    .leaf('cbc:LineID', String(index + 1))
    .leaf('cbc:DocumentTypeCode', line.documentType)
    .leaf('cbc:ID', `${line.serie}-${line.number}`)
    .open('cac:AccountingCustomerParty')
    .leaf('cbc:CustomerAssignedAccountID', line.customerDocNumber)
    .leaf('cbc:AdditionalAccountID', line.customerDocType)
    .close();
  if (line.affected) {
    w.open('cac:BillingReference')
      .open('cac:InvoiceDocumentReference')
      .leaf('cbc:ID', `${line.affected.serie}-${line.affected.number}`)
      .leaf('cbc:DocumentTypeCode', line.affected.documentType)
      .close()
      .close();
  }
  w.open('cac:Status').leaf('cbc:ConditionCode', line.condition).close();
  w.leaf('sac:TotalAmount', line.total, money);
  payments(w, money, line);
  tax(w, money, line.igv, ['1000', 'IGV', 'VAT'], line.igvPercent);
  if (!isZero(line.isc)) tax(w, money, line.isc, ['2000', 'ISC', 'EXC']);
  if (!isZero(line.icbper)) tax(w, money, line.icbper, ['7152', 'ICBPER', 'OTH']);
  w.close();
}

export function buildSummaryXml(rc: DailySummary, issuer: Issuer): string {
  const w = openSummaryDocument('SummaryDocuments', '1.1', rc, issuer);
  rc.lines.forEach((line, index) => {
    writeLine(w, line, index);
  });
  return w.toString();
}
