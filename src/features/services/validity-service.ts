// POST /api/services/validate_cpe: SUNAT's consulta integrada de validez with the company's "Credenciales de API
// SUNAT" (src/pipeline/sunat-api.ts), for one document or up to 100 — the company's own or a supplier's
// (`ruc_emisor`, by default the company's RUC). A configuration SUNAT refuses is the caller's to fix (422); SUNAT
// out of reach is a 503; in a bulk query, a document SUNAT did not answer for carries its own reason.
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { askValidity, sunatApiAccessOf, sunatTokens, type SunatApiAccess } from '../../pipeline/sunat-api.ts';
import { requestToken, type ApiFailure, type ValidityAnswer, type ValidityQuery } from '../../sunat/api/index.ts';
import { type AppError, errors } from '../../platform/errors.ts';
import { presentBulkFailure, presentValidity } from './presenter.ts';
import type { BulkItem, DocumentQueryInput, ValidityData } from './schemas.ts';

/** Documents of one bulk query asked at the same time (one token serves them all). */
const BULK_CONCURRENCY = 4;

const HOW_TO_CONFIGURE =
  'Genere las "Credenciales de API SUNAT" en SOL (Empresas → Comprobantes de pago → Consulta de validez → ' +
  'Credenciales de API SUNAT) y guárdelas con PUT /api/company/sunat {"api_sunat_id", "api_sunat_secret"}.';

function accessOrRefuse(deps: PipelineDeps, tenant: TenantRef): SunatApiAccess {
  const access = sunatApiAccessOf(deps, tenant, 'validity');
  if (access) return access;
  const message = `La empresa no tiene credenciales de API SUNAT. ${HOW_TO_CONFIGURE}`;
  throw errors.unprocessable('sunat_api_not_configured', message, [
    { path: '', code: 'sunat_api_not_configured', message },
  ]);
}

/** A failure of the whole request: configuration SUNAT refuses (422), SUNAT out of reach (503). */
export function failureError(failure: ApiFailure): AppError {
  switch (failure.kind) {
    case 'credentials':
      return errors.unprocessable('sunat_api_credentials_refused', `${failure.message}. ${HOW_TO_CONFIGURE}`, [
        { path: '', code: 'sunat_api_credentials_refused', message: failure.message },
      ]);
    case 'unauthorized':
      return errors.unprocessable(
        'sunat_api_unauthorized',
        `${failure.message}. Verifique que la aplicación registrada en SOL tenga acceso a la consulta de validez.`,
        [{ path: '', code: 'sunat_api_unauthorized', message: failure.message }],
      );
    case 'refused':
      return errors.unprocessable(
        'sunat_validity_refused',
        failure.message,
        (failure.errors.length ? failure.errors : [{ code: failure.code, message: failure.message }]).map((e) => ({
          path: '',
          code: 'sunat_validity_refused',
          message: e.code ? `${e.code}: ${e.message}` : e.message,
        })),
      );
    case 'unavailable':
      return errors.serviceUnavailable(
        'sunat_unavailable',
        `SUNAT no respondió la consulta de validez: ${failure.message}`,
      );
  }
}

function queryOf(tenant: TenantRef, input: DocumentQueryInput): ValidityQuery {
  return {
    issuerRuc: input.ruc_emisor ?? input.numero_ruc_emisor ?? tenant.company.ruc,
    documentType: input.codigo_tipo_documento,
    serie: input.serie_documento,
    numero: Number(input.numero_documento),
    issueDate: input.fecha_de_emision,
    total: Number(input.total),
  };
}

export async function validateOne(
  deps: PipelineDeps,
  tenant: TenantRef,
  input: DocumentQueryInput,
): Promise<{ success: true; data: ValidityData }> {
  const access = accessOrRefuse(deps, tenant);
  const query = queryOf(tenant, input);
  const result = await askValidity(deps, tenant, access, query);
  if (result.kind === 'failed') throw failureError(result.failure);
  return { success: true, data: presentValidity(input, query, result.value) };
}

export async function validateMany(
  deps: PipelineDeps,
  tenant: TenantRef,
  inputs: DocumentQueryInput[],
): Promise<{ success: true; data: { cantidad_de_comprobantes: number; comprobantes: BulkItem[] } }> {
  const access = accessOrRefuse(deps, tenant);
  // Credentials SUNAT refuses, or SUNAT out of reach, fail the request once rather than every document.
  const token = await sunatTokens.get(access.key, () =>
    requestToken(access.endpoints, access.grant, { timeoutMs: deps.config.sunatTimeoutMs }),
  );
  if (token.kind === 'failed') throw failureError(token.failure);
  const items: BulkItem[] = new Array(inputs.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < inputs.length; i = next++) {
      const query = queryOf(tenant, inputs[i]);
      const result = await askValidity(deps, tenant, access, query);
      items[i] =
        result.kind === 'ok'
          ? { success: true, ...presentValidity(inputs[i], query, result.value as ValidityAnswer) }
          : presentBulkFailure(inputs[i], query, failureError(result.failure));
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, inputs.length) }, worker));
  return { success: true, data: { cantidad_de_comprobantes: items.length, comprobantes: items } };
}
