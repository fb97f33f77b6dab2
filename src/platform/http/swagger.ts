// OpenAPI 3 generated from the routes' zod schemas: UI at /documentation, JSON at /documentation/json.
// Each operation is tagged with the host it answers on; tenant operations carry the bearer security scheme.
// OpenAPI has one operation per method + path, so when the admin and the tenant host both define one (POST
// /api/login), the document keeps one and its description names the other.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { effectiveAuth } from './routing.ts';

const HOST_LABEL = {
  tenant: 'Host de empresa ({subdominio}.{APP_DOMAIN})',
  admin: 'Host de administración (ADMIN_HOST)',
  other: 'Host no registrado',
} as const;

interface OperationLike {
  description?: string;
  summary?: string;
  tags?: string[];
}

export async function installSwagger(app: FastifyInstance, config: Config): Promise<void> {
  const bodyExamples = new Map<string, unknown>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Facturo API',
        version: '1.0.0',
        description:
          'API de comprobantes electrónicos SUNAT (facturas, boletas, notas, percepciones) compatible con el dialecto JSON ' +
          'de FacturadorPro. Cada empresa tiene su host `{subdominio}.' +
          config.appDomain +
          '`; la administración usa `' +
          config.adminHost +
          '`. Los errores siguen la forma `Error`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'Token API de la empresa (Authorization: Bearer <token>)',
          },
        },
      },
      tags: [
        { name: 'tenant', description: HOST_LABEL.tenant },
        { name: 'admin', description: HOST_LABEL.admin },
        { name: 'health', description: 'Salud del servicio (cualquier host)' },
      ],
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const config = input.route.config;
      const kind = config?.hostKind;
      const schema = { ...(result.schema as Record<string, unknown>) } as Record<string, unknown> & OperationLike;
      if (schema.hide) return { ...result, schema };
      if (kind === 'tenant' || kind === 'admin') {
        schema.tags = [...new Set([kind, ...(schema.tags ?? [])])];
        schema.description = [`**${HOST_LABEL[kind]}.**`, schema.description].filter(Boolean).join(' ');
      }
      if (effectiveAuth(config) === 'tenant') schema.security = [{ bearerAuth: [] }];
      // Scenario examples of a request body (the Swagger UI's drop-down), placed on the media type afterwards.
      if (config?.openapiExamples) {
        const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
        for (const method of methods)
          bodyExamples.set(
            `${method.toLowerCase()} ${result.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
            config.openapiExamples,
          );
      }
      // Same method + path on another host, documented earlier: keep both visible in one operation.
      const openapiPath = result.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
      const paths = ((input as { openapiObject?: { paths?: unknown } }).openapiObject?.paths ?? {}) as Record<
        string,
        Record<string, OperationLike> | undefined
      >;
      for (const method of methods) {
        const previous = paths[openapiPath]?.[method.toLowerCase()];
        if (previous) {
          schema.description = [
            schema.description,
            `También existe en otro host: ${previous.description ?? previous.summary ?? ''}`,
          ]
            .filter(Boolean)
            .join('\n\n');
          schema.tags = [...new Set([...(schema.tags ?? []), ...(previous.tags ?? [])])];
        }
      }
      return { ...result, schema };
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as {
        paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, { examples?: unknown }> } }>>;
      };
      for (const [key, examples] of bodyExamples) {
        const [method, path] = key.split(' ');
        const media = document.paths?.[path]?.[method]?.requestBody?.content?.['application/json'];
        if (media) media.examples = examples;
      }
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/documentation' });
}
