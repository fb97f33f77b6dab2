// OpenAPI 3 generated from the routes' zod schemas: UI at /documentation, JSON at /documentation/json.
// Each operation is tagged with the host it answers on and carries its security scheme, its error answers, the
// Idempotency-Key header where honoured, its download formats and its request examples (openapi-parts.ts).
// The servers are computed from the Host the document is read on, so "Try it out" targets that host's port.
// OpenAPI has one operation per method + path, so when the admin and the tenant host both define one (POST
// /api/login), the document keeps one and its description names the other.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import {
  adminServerUrl,
  downloadResponse,
  errorResponse,
  errorStatuses,
  idempotencyKeyParameter,
  portSuffixOf,
  securitySchemes,
  serversFor,
  type ServerContext,
} from './openapi-parts.ts';
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
  security?: Record<string, string[]>[];
}

/** What the transform learns about an operation, applied to the finished document. */
interface OperationExtras {
  examples?: unknown;
  idempotent?: boolean;
  produces?: readonly string[];
  secured: boolean;
  adminOnly: boolean;
}

type Json = Record<string, unknown>;
type Operation = Json & { parameters?: Json[]; responses?: Record<string, Json>; requestBody?: Json };
type OpenApiDocument = Json & { paths?: Record<string, Record<string, Operation>>; servers?: unknown };

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function securityOf(config: FastifyContextConfig | undefined) {
  const names = config?.openapiSecurity ?? (effectiveAuth(config) === 'tenant' ? ['bearerAuth' as const] : []);
  return names.map((name) => ({ [name]: [] as string[] }));
}

function applyExtras(operation: Operation, extras: OperationExtras): void {
  const media = (operation.requestBody?.content as Record<string, Json> | undefined)?.['application/json'];
  if (media && extras.examples) media.examples = extras.examples;
  if (extras.idempotent) operation.parameters = [...(operation.parameters ?? []), { ...idempotencyKeyParameter }];
  operation.responses ??= {};
  const responses = operation.responses;
  if (extras.produces) responses['200'] = downloadResponse(extras.produces);
  for (const [status, response] of Object.entries(responses))
    if (response.description === 'Default Response')
      response.description = status.startsWith('2') ? 'Respuesta correcta' : errorResponse(Number(status)).description;
  for (const status of errorStatuses({ secured: extras.secured, hasBody: Boolean(operation.requestBody) }))
    responses[String(status)] ??= errorResponse(status);
}

function serverContextOf(request: FastifyRequest): ServerContext {
  return { scheme: request.protocol, portSuffix: portSuffixOf(request.headers.host), host: request.headers.host };
}

export async function installSwagger(app: FastifyInstance, config: Config): Promise<void> {
  const extrasByOperation = new Map<string, OperationExtras>();
  const staticContext: ServerContext = { scheme: 'http', portSuffix: config.port === 80 ? '' : `:${config.port}` };
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
          '`. Los errores siguen la forma `Error`. "Try it out" envía al servidor elegido arriba: abra esta ' +
          'página en el host de la empresa (http://demo.' +
          config.appDomain +
          ':PUERTO/documentation) para que el navegador permita las llamadas.',
      },
      servers: serversFor(config, staticContext),
      components: { securitySchemes },
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
      const security = securityOf(config);
      if (security.length) schema.security = security;
      const openapiPath = toOpenApiPath(result.url);
      const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
      const paths = ((input as { openapiObject?: { paths?: unknown } }).openapiObject?.paths ?? {}) as Record<
        string,
        Record<string, OperationLike> | undefined
      >;
      for (const method of methods) {
        const previous = paths[openapiPath]?.[method.toLowerCase()];
        extrasByOperation.set(`${method.toLowerCase()} ${openapiPath}`, {
          examples: config?.openapiExamples,
          idempotent: config?.idempotent,
          produces: config?.openapiProduces,
          secured: security.length > 0 || Boolean(previous?.security),
          adminOnly: kind === 'admin' && !previous,
        });
        // Same method + path on another host, documented earlier: keep both visible in one operation.
        if (previous) {
          schema.description = [
            schema.description,
            `También existe en otro host: ${previous.description ?? previous.summary ?? ''}`,
          ]
            .filter(Boolean)
            .join('\n\n');
          schema.tags = [...new Set([...(schema.tags ?? []), ...(previous.tags ?? [])])];
          schema.security = [...(previous.security ?? []), ...(schema.security ?? [])];
          if (schema.security.length === 0) delete schema.security;
        }
      }
      return { ...result, schema };
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as OpenApiDocument;
      for (const [key, extras] of extrasByOperation) {
        const [method, path] = key.split(' ');
        const operation = document.paths?.[path]?.[method];
        if (operation) applyExtras(operation, extras);
        if (operation && extras.adminOnly)
          operation.servers = [{ url: adminServerUrl(config, staticContext), description: 'Administración' }];
      }
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  const adminOperations = () => [...extrasByOperation].filter(([, extras]) => extras.adminOnly).map(([key]) => key);
  await app.register(swaggerUi, {
    routePrefix: '/documentation',
    transformSpecification: (specification, request) =>
      withServers(specification as OpenApiDocument, config, serverContextOf(request), adminOperations()),
  });
}

/** The document with servers for the host it is read on; admin operations go to the admin host. */
export function withServers(
  document: OpenApiDocument,
  config: Pick<Config, 'appDomain' | 'adminHost'>,
  context: ServerContext,
  adminOperations: string[],
): OpenApiDocument {
  document.servers = serversFor(config, context);
  const admin = [{ url: adminServerUrl(config, context), description: 'Administración' }];
  for (const key of adminOperations) {
    const [method, path] = key.split(' ');
    const operation = document.paths?.[path]?.[method];
    if (operation) operation.servers = admin;
  }
  return document;
}
