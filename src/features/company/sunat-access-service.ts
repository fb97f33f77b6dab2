// PUT /api/company/sunat: where the company's documents go, with which SOL credentials, and its "Credenciales de
// API SUNAT" (client id and secret for SUNAT's REST APIs: the consulta de validez, dispatch guides). demo: the
// simulator or SUNAT beta as the server is configured; beta: SUNAT's beta service; production: SUNAT itself, which
// needs the company's own certificate — here: one not signed with its own key, as the demo one every tenant gets is
// (whether its issuer is accredited, SUNAT checks on each document: certificate-service.ts) — and SOL credentials.
// Every field is optional: what is not sent stays as it is. Secrets are sealed and never shown back.
import type { CentralClient } from '../../platform/db/clients.ts';
import { errors, type ErrorItem } from '../../platform/errors.ts';
import type { Company, TenantContext } from '../../platform/http/tenant-context.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { openCertificatePem } from './certificate-info.ts';
import { isSelfSigned } from './certificate-service.ts';
import { DEMO_SOL } from '../../tenancy/provision.ts';

export type SunatAccessMode = 'demo' | 'beta' | 'production';

export interface SunatAccessInput {
  /** Absent: the mode (and with it the SOL credentials) stays. */
  modo?: SunatAccessMode;
  usuario_sol?: string;
  clave_sol?: string;
  /** The API client id; null removes the API credentials. */
  api_sunat_id?: string | null;
  api_sunat_secret?: string;
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
  if (input.modo !== undefined && input.modo !== 'production' && !input.usuario_sol) {
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

/** The API credentials go together: an id with its secret, or null (removes both) without one. */
function apiProblems(input: SunatAccessInput): ErrorItem[] {
  const code = 'sunat_api_credentials_required';
  if (input.api_sunat_id === null && input.api_sunat_secret !== undefined)
    return [
      {
        path: 'api_sunat_secret',
        code,
        message: 'Para quitar las credenciales de API envíe api_sunat_id: null sin clave.',
      },
    ];
  if (typeof input.api_sunat_id === 'string' && input.api_sunat_secret === undefined)
    return [{ path: 'api_sunat_secret', code, message: 'Envíe api_sunat_id y api_sunat_secret juntos.' }];
  if (input.api_sunat_id === undefined && input.api_sunat_secret !== undefined)
    return [{ path: 'api_sunat_id', code, message: 'Envíe api_sunat_id y api_sunat_secret juntos.' }];
  return [];
}

function apiData(input: SunatAccessInput, secrets: SecretBox) {
  if (input.api_sunat_id === null) return { sunatApiClientId: null, sunatApiSecretEnc: null };
  if (input.api_sunat_id && input.api_sunat_secret)
    return { sunatApiClientId: input.api_sunat_id, sunatApiSecretEnc: secrets.seal(input.api_sunat_secret) };
  return {};
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
  problems.push(...apiProblems(input));
  if (problems.length) throw errors.unprocessable(problems[0].code, problems[0].message, problems);
  const company = await tenant.db.company.update({
    where: { id: 1 },
    data: { sunatMode: input.modo, ...solData(input, secrets), ...apiData(input, secrets) },
  });
  if (input.modo !== undefined)
    await central.tenant.update({ where: { id: tenant.id }, data: { sunatMode: input.modo } });
  return company;
}
