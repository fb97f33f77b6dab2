// The restaurant module's partners (central.partners): all of them, a search by name, e-mail, user, domain or id,
// and a new one (e-mail, domain and GitLab user each unique: 409 naming the field taken).
import { Prisma } from '../generated/central/client.ts';
import type { CentralClient } from '../platform/db/clients.ts';
import { errors } from '../platform/errors.ts';

export interface NewPartner {
  full_name: string;
  email: string;
  gitlab_user?: string;
  domain: string;
  department_id: string;
  zone?: string;
  status?: boolean;
}

export function allPartners(central: CentralClient) {
  return central.partner.findMany({ orderBy: { id: 'asc' } });
}

/** Up to 100 partners whose name, e-mail, user or domain contains the query (or whose id it is). */
export function searchPartners(central: CentralClient, q: string) {
  const contains = { contains: q, mode: 'insensitive' as const };
  return central.partner.findMany({
    where: {
      OR: [
        { fullName: contains },
        { email: contains },
        { gitlabUser: contains },
        { domain: contains },
        ...(/^\d+$/.test(q) ? [{ id: Number(q) }] : []),
      ],
    },
    orderBy: { id: 'asc' },
    take: 100,
  });
}

async function refuseTaken(central: CentralClient, b: NewPartner): Promise<void> {
  const taken = await central.partner.findFirst({
    where: {
      OR: [{ email: b.email }, { domain: b.domain }, ...(b.gitlab_user ? [{ gitlabUser: b.gitlab_user }] : [])],
    },
  });
  if (taken) {
    const field = taken.email === b.email ? 'email' : taken.domain === b.domain ? 'domain' : 'gitlab_user';
    throw errors.conflict('partner_already_exists', `Ya existe un partner con ese ${field}.`, [
      { path: field, code: 'partner_already_exists', message: 'Valor ya registrado.' },
    ]);
  }
}

export async function createPartner(central: CentralClient, b: NewPartner) {
  await refuseTaken(central, b);
  try {
    return await central.partner.create({
      data: {
        fullName: b.full_name,
        email: b.email,
        gitlabUser: b.gitlab_user ?? null,
        domain: b.domain,
        departmentId: b.department_id,
        zone: b.zone ?? null,
        status: b.status ?? true,
      },
    });
  } catch (error) {
    // A concurrent registration of the same values, between the check and the insert.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw errors.conflict(
        'partner_already_exists',
        'Ya existe un partner con esos datos (correo, usuario o dominio).',
      );
    }
    throw error;
  }
}
