// Issue-date window: never in the future (Lima date); facturas and their notes at most N days back (SUNAT
// rejects late facturas: 2108/2329; FacturadorPro's restrict_receipt_date). A due date before the issue date is
// only noted: SUNAT checks cbc:DueDate's format alone.
import { addIssue, addWarning, newFindings, type Findings } from '../findings.ts';
import { daysBetween } from '../context.ts';

export function checkDates(args: {
  issueDate: string;
  dueDate?: string;
  today: string;
  group: '01' | '02';
  maxAgeDays: number;
  isInvoice: boolean;
}): Findings {
  const f = newFindings();
  const age = daysBetween(args.issueDate, args.today);
  if (age < 0) {
    addIssue(
      f,
      'fecha_de_emision',
      'issue_date_out_of_range',
      `La fecha de emisión ${args.issueDate} es posterior a hoy (${args.today}).`,
      { sunatRule: '2329' },
    );
  } else if (args.group === '01' && age > args.maxAgeDays) {
    addIssue(
      f,
      'fecha_de_emision',
      'issue_date_out_of_range',
      `La fecha de emisión ${args.issueDate} tiene ${age} días: las facturas y sus notas se emiten con hasta ${args.maxAgeDays} día(s) de antigüedad.`,
      { sunatRule: '2108' },
    );
  }
  if (args.isInvoice && args.dueDate && daysBetween(args.issueDate, args.dueDate) < 0) {
    addWarning(
      f,
      'fecha_de_vencimiento',
      'due_date_before_issue',
      `La fecha de vencimiento ${args.dueDate} es anterior a la fecha de emisión ${args.issueDate}: SUNAT lo acepta y se emite tal cual.`,
    );
  }
  return f;
}
