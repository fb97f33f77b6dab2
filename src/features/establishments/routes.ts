// GET/POST /api/establishments and PATCH /api/establishments/{codigo} (company host): the locals SUNAT's RUC registry
// holds for the company (0000 the fiscal domicile, 0001… its annexes). Documents and series name one of them.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantRoute } from '../../platform/http/schemas.ts';
import { presentEstablishment } from './presenter.ts';
import {
  EstablishmentBody,
  EstablishmentList,
  EstablishmentParams,
  EstablishmentPatchBody,
  EstablishmentResult,
} from './schemas.ts';
import { createEstablishment, listEstablishments, updateEstablishment } from './service.ts';

const ANNEX_EXAMPLES = {
  anexo: {
    summary: 'Un local anexo',
    value: {
      codigo: '0001',
      nombre: 'Tienda Miraflores',
      direccion: 'Av. Larco 345',
      ubigeo: '150122',
      telefono: '01-4445566',
      correo_electronico: 'miraflores@empresa.pe',
    },
  },
};
const PATCH_EXAMPLES = {
  desactivar: { summary: 'Cerrar el local', value: { activo: false } },
  reactivar: { summary: 'Volver a emitir desde él', value: { activo: true } },
  cambiar: { summary: 'Nueva dirección', value: { direccion: 'Av. Larco 400', ubigeo: '150122' } },
};

export const establishmentsRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/establishments',
    tenantRoute(
      {
        summary: 'Establecimientos de la empresa (domicilio fiscal y anexos)',
        description: 'Activos y desactivados, por código. 0000 es el domicilio fiscal.',
      },
      EstablishmentList,
      { conflict: true },
    ),
    async (request) => ({
      success: true as const,
      data: (await listEstablishments(request.tenant)).map(presentEstablishment),
    }),
  );
  typed.post(
    '/api/establishments',
    tenantRoute(
      {
        summary: 'Registrar un establecimiento anexo',
        description:
          'El código es el que SUNAT asignó al local en el RUC (SUNAT 3030: el XML solo puede nombrar uno registrado). ' +
          'Departamento, provincia y distrito se toman del catálogo de ubigeos INEI.',
        body: EstablishmentBody,
      },
      EstablishmentResult,
      { examples: ANNEX_EXAMPLES, conflict: true },
    ),
    async (request) => ({
      success: true as const,
      data: presentEstablishment(await createEstablishment(request.tenant, request.body)),
    }),
  );
  typed.patch(
    '/api/establishments/:codigo',
    tenantRoute(
      {
        summary: 'Cambiar o desactivar un establecimiento',
        description:
          'Un establecimiento no se borra: se desactiva (activo: false) y ya no se emite desde él. El 0000 no se ' +
          'desactiva; cambiar su dirección cambia la del domicilio fiscal de la empresa.',
        params: EstablishmentParams,
        body: EstablishmentPatchBody,
      },
      EstablishmentResult,
      { examples: PATCH_EXAMPLES, conflict: true },
    ),
    async (request) => ({
      success: true as const,
      data: presentEstablishment(await updateEstablishment(request.tenant, request.params.codigo, request.body)),
    }),
  );
};
