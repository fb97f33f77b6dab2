// What the company adds to every printed document: its logo, its bank accounts (as additional information) and
// its footer line. Applied when a PDF is rendered, from the company row of that moment.
import type { Company } from '../platform/http/tenant-context.ts';
import type { PrintModel } from '../render/index.ts';
import type { BankAccount } from './profile-schemas.ts';

function bankAccountLines(accounts: BankAccount[]): { label: string; value: string }[] {
  return accounts.map((a) => ({
    label: `Cuenta ${a.banco} (${a.moneda})`,
    value: a.cci ? `${a.numero} · CCI ${a.cci}` : a.numero,
  }));
}

export function withCompanyPrintSettings(
  model: PrintModel,
  company: Pick<Company, 'logoBase64' | 'pdfFooter' | 'bankAccounts'>,
): PrintModel {
  const accounts = bankAccountLines((company.bankAccounts as BankAccount[] | null) ?? []);
  const additional = [...(model.additionalInformation ?? []), ...accounts];
  return {
    ...model,
    issuer: { ...model.issuer, logoBase64: company.logoBase64 ?? model.issuer.logoBase64 },
    additionalInformation: additional.length ? additional : undefined,
    footerText: company.pdfFooter ?? undefined,
  };
}

/** The company's default PDF format, for documents that asked for none. */
export function companyPdfFormat(company: Pick<Company, 'pdfFormat'>): 'a4' | 'ticket' {
  return company.pdfFormat === 'ticket' ? 'ticket' : 'a4';
}
