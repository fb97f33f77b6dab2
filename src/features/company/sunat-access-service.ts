// PUT /api/company/sunat: where the company's documents go and with which SOL credentials. demo: the simulator or
// SUNAT beta as the server is configured; beta: SUNAT's beta service; production: SUNAT itself, which needs the
// company's own certificate — here: one not signed with its own key, as the demo one every tenant gets is (whether
// its issuer is accredited, SUNAT checks on each document: certificate-service.ts) — and SOL credentials.
import type { CentralClient } from '../../platform/db/clients.ts';
import { errors, type ErrorItem } from '../../platform/errors.ts';
import type { Company, TenantContext } from '../../platform/http/tenant-context.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { openCertificatePem } from './certificate-info.ts';
import { isSelfSigned } from './certificate-service.ts';
import { DEMO_SOL } from './provision.ts';

export type SunatAccessMode = 'demo' | 'beta' | 'production';

export interface SunatAccessInput {
  modo: SunatAccessMode;
  usuario_sol?: string;
  clave_sol?: string;
}

function productionProblems(company: Company, secrets: SecretBox, input: SunatAccessInput): ErrorItem[] {
  const problems: ErrorItem[] = [];
  const certificate = openCertificatePem(company, secrets);
  if (!certificate || isSelfSigned(certificate)) {
    const message = 'Producción necesita el certificado digital de la empresa (no el autofirmado de demostración).';
    problems.push({ path: 'modo', code: 'certificate_required', message });
  }
  const storedIsOwn = company.solUser !== null && company.solUser !== DEMO_SOL.user && company.solPasswordEnc !== null;
  if (!input.usuario_sol && !storedIsOwn) {
    const message = 'Producción necesita el usuario y la clave SOL de la empresa.';
    problems.push({ path: 'usuario_sol', code: 'sol_credentials_required', message });
  }
  return problems;
}

function solData(input: SunatAccessInput, secrets: SecretBox) {
  if (input.usuario_sol && input.clave_sol) {
    return { solUser: input.usuario_sol, solPasswordEnc: secrets.seal(input.clave_sol) };
  }
  if (input.modo !== 'production' && !input.usuario_sol) {
    return { solUser: DEMO_SOL.user, solPasswordEnc: secrets.seal(DEMO_SOL.password) };
  }
  return {};
}

/** The SOL user and password come together or not at all: the problem when only one came. */
export function solPairProblem(input: { usuario_sol?: string; clave_sol?: string }): ErrorItem | null {
  if (Boolean(input.usuario_sol) === Boolean(input.clave_sol)) return null;
  const path = input.usuario_sol ? 'clave_sol' : 'usuario_sol';
  return { path, code: 'sol_credentials_required', message: 'Envíe el usuario SOL y la clave SOL juntos.' };
}

export async function setSunatAccess(
  tenant: Pick<TenantContext, 'db' | 'id' | 'company'>,
  central: CentralClient,
  secrets: SecretBox,
  input: SunatAccessInput,
): Promise<Company> {
  const problems: ErrorItem[] = [];
  const pair = solPairProblem(input);
  if (pair) {
    problems.push(pair);
  } else if (input.modo === 'production') {
    problems.push(...productionProblems(tenant.company, secrets, input));
  }
  if (problems.length) throw errors.unprocessable(problems[0].code, problems[0].message, problems);
  const company = await tenant.db.company.update({
    where: { id: 1 },
    data: { sunatMode: input.modo, ...solData(input, secrets) },
  });
  await central.tenant.update({ where: { id: tenant.id }, data: { sunatMode: input.modo } });
  return company;
}
