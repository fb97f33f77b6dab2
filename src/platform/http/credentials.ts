// The Bearer token of a request, or the 401 that tells the caller what to fix: the header is missing, it is not
// `Bearer <token>`, or the token is not valid here. Used by every authenticated surface (tenant API, admin host,
// WhatsApp notifications, metrics), each naming the token it expects.
import { errors } from '../errors.ts';
import { bearerToken } from '../tokens.ts';

/** `Authorization: Bearer <token>` → the token; otherwise a 401 naming what is missing, with `expected` as the fix. */
export function requireBearer(header: string | undefined, expected: string): string {
  if (!header?.trim())
    throw errors.credentials(
      'authorization_missing',
      `Falta la cabecera Authorization: envíe \`Authorization: Bearer <token>\` con ${expected}.`,
    );
  const token = bearerToken(header);
  if (!token)
    throw errors.credentials(
      'authorization_not_bearer',
      `La cabecera Authorization no es un token Bearer: escríbala \`Authorization: Bearer <token>\` (la palabra Bearer, un espacio y el token), con ${expected}.`,
    );
  return token;
}

/** The one answer for a token this host does not accept, whether it is unknown, revoked or another host's. */
export function tokenNotValid(message: string): never {
  throw errors.credentials('token_invalid', message);
}

/** What the tenant API expects, and its 401 for a token it does not accept. */
export const TENANT_TOKEN = 'el token API de la empresa';

export function tenantTokenNotValid(hostname: string, subdomain: string): never {
  return tokenNotValid(
    `El token no es válido para esta empresa (${hostname}): use un token API vigente de esta empresa ` +
      `(\`npx facturo tenant:token --subdomain ${subdomain}\` o POST /api/login en ${hostname}).`,
  );
}
