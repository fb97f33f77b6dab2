// The resellers: creating one — its account (central.resellers, with its tenant quota) and the login it acts through
// (central.admin_users, role reseller), in one transaction; used by POST /api/resellers and `facturo reseller:create`
// —, listing them with their tenants and lock, and changing their quotas.
import type { CentralClient } from '../platform/db/clients.ts';
import { errors, type ErrorItem } from '../platform/errors.ts';
import { INT4_MAX } from '../platform/http/schemas.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { ResellerPatch } from './reseller-accounts-schemas.ts';

export interface NewReseller {
  name: string;
  email: string;
  password: string;
  /** Tenants it may create; 0 = no limit. */
  limitTenants: number;
  limitDocumentsMonth?: number;
}

export interface CreatedReseller {
  id: number;
  name: string;
  email: string;
  limitTenants: number;
  userId: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function problemsOf(input: NewReseller): ErrorItem[] {
  const problems: ErrorItem[] = [];
  if (!input.name.trim() || input.name.length > 200)
    problems.push({ path: 'name', code: 'validation_failed', message: 'El nombre es obligatorio (máximo 200).' });
  if (!EMAIL.test(input.email) || input.email.length > 254)
    problems.push({ path: 'email', code: 'validation_failed', message: 'Correo electrónico inválido.' });
  if (input.password.length < 8)
    problems.push({
      path: 'password',
      code: 'validation_failed',
      message: 'La contraseña debe tener 8 caracteres o más.',
    });
  // Both are int4 columns: a larger number is a refusal naming the field, not a database error.
  if (!Number.isInteger(input.limitTenants) || input.limitTenants < 0 || input.limitTenants > INT4_MAX)
    problems.push({
      path: 'limit_tenants',
      code: 'validation_failed',
      message: `El cupo de empresas es un entero entre 0 y ${INT4_MAX}.`,
    });
  const perMonth = input.limitDocumentsMonth ?? 0;
  if (!Number.isInteger(perMonth) || perMonth < 0 || perMonth > INT4_MAX)
    problems.push({
      path: 'limit_documents_month',
      code: 'validation_failed',
      message: `El límite de comprobantes por mes es un entero entre 0 y ${INT4_MAX}.`,
    });
  return problems;
}

function emailTaken(email: string) {
  const message = `Ya existe una cuenta con el correo ${email}.`;
  return errors.conflict('email_already_registered', message, [
    { path: 'email', code: 'email_already_registered', message },
  ]);
}

export async function createReseller(central: CentralClient, input: NewReseller): Promise<CreatedReseller> {
  const problems = problemsOf(input);
  if (problems.length) throw errors.unprocessable('validation_failed', problems[0].message, problems);
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  try {
    return await central.$transaction(async (tx) => {
      if (await tx.adminUser.findUnique({ where: { email } })) throw emailTaken(email);
      const reseller = await tx.reseller.create({
        data: {
          name: input.name.trim(),
          email,
          limitTenants: input.limitTenants,
          limitDocumentsMonth: input.limitDocumentsMonth ?? 0,
        },
      });
      const user = await tx.adminUser.create({
        data: { name: reseller.name, email, passwordHash, role: 'reseller', resellerId: reseller.id },
      });
      return { id: reseller.id, name: reseller.name, email, limitTenants: reseller.limitTenants, userId: user.id };
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw emailTaken(email);
    throw error;
  }
}

/** A reseller with its tenant count and lock, as INCLUDE reads it. */
export type ResellerWithLock = {
  id: number;
  name: string;
  email: string;
  limitTenants: number;
  limitDocumentsMonth: number;
  createdAt: Date;
  _count: { tenants: number };
  lock: { reason: string | null; createdAt: Date; user: { email: string } | null } | null;
};

/** What a reseller is shown with: how many tenants it has, and its lock with the e-mail of who set it. */
const INCLUDE = {
  _count: { select: { tenants: true } },
  lock: { select: { reason: true, createdAt: true, user: { select: { email: true } } } },
} as const;

export function listResellers(central: CentralClient): Promise<ResellerWithLock[]> {
  return central.reseller.findMany({ orderBy: { id: 'asc' }, include: INCLUDE });
}

/** A reseller's quotas (each only when given; 0 = no limit); 404 for an unknown one. */
export async function updateResellerLimits(
  central: CentralClient,
  id: number,
  b: ResellerPatch,
): Promise<ResellerWithLock> {
  if (!(await central.reseller.findUnique({ where: { id }, select: { id: true } })))
    throw errors.notFound('reseller_not_found', `No existe el distribuidor ${id}.`);
  return central.reseller.update({
    where: { id },
    data: { limitTenants: b.limit_tenants, limitDocumentsMonth: b.limit_documents_month },
    include: INCLUDE,
  });
}
