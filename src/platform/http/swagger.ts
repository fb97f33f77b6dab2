// OpenAPI 3 generated from the routes' zod schemas: UI at /documentation, JSON at /documentation/json.
// Each operation is tagged with the host it answers on and carries its security scheme, its error answers, the
// Idempotency-Key header where honoured, its download formats and its request examples (openapi-parts.ts).
// The servers are computed from the Host the document is read on, so "Try it out" targets that host's port; each
// host's page tries its own operations (same origin: no CORS): a company's page the company's, the admin host's page
// (linked from the other pages and from the start banner) the admin's.
// OpenAPI has one operation per method + path, so when the admin and the tenant host both define one (POST
// /api/login), the document shows the one of the host it is read on (the tenant's elsewhere), and names the other.
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
import { classifyHost, normalizeHost, type HostKind } from './hosts.ts';

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
}

/**
 * One route of an operation (method + path): its host and what it adds to the document. For every route but the
 * last of the same method + path, `operation` is its operation as prepared before the later route replaced it.
 */
interface Variant {
  kind: HostKind;
  extras: OperationExtras;
  operation?: Operation;
}

/** The operations several hosts define, by host: the page read on a host shows its own. */
export type Alternates = Map<string, Partial<Record<HostKind, Operation>>>;

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

/** The description of an operation that exists on other hosts too: it names them and what they do there. */
function namingOthers(operation: Operation, others: Variant[], operations: Map<Variant, Operation>): Operation {
  const lines = others.map((v) => {
    const other = operations.get(v) as OperationLike | undefined;
    return `También existe en el ${v.kind === 'admin' ? 'host de administración' : 'host de empresa'}: ${other?.summary ?? ''}`;
  });
  const own = operation as OperationLike;
  return { ...operation, description: [own.description, ...lines].filter(Boolean).join('\n\n') };
}

export async function installSwagger(app: FastifyInstance, config: Config): Promise<void> {
  const variantsByOperation = new Map<string, Variant[]>();
  const alternates: Alternates = new Map();
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
          ':PUERTO/documentation) para probar sus operaciones, y en el de administración (http://' +
          config.adminHost +
          ':PUERTO/documentation) para las de administración: el navegador solo permite las llamadas al mismo host.',
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
        Record<string, Operation> | undefined
      >;
      for (const method of methods) {
        const key = `${method.toLowerCase()} ${openapiPath}`;
        const variants = variantsByOperation.get(key) ?? [];
        // Same method + path on another host, prepared earlier: kept before this route replaces it.
        const previous = paths[openapiPath]?.[method.toLowerCase()];
        if (previous && variants.length > 0) variants[variants.length - 1].operation = structuredClone(previous);
        variants.push({
          kind: kind ?? 'other',
          extras: {
            examples: config?.openapiExamples,
            idempotent: config?.idempotent,
            produces: config?.openapiProduces,
            secured: security.length > 0,
          },
        });
        variantsByOperation.set(key, variants);
      }
      return { ...result, schema };
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as OpenApiDocument;
      for (const [key, variants] of variantsByOperation) {
        const [method, path] = key.split(' ');
        const last = document.paths?.[path]?.[method];
        if (!last) continue;
        const operations = new Map(variants.map((v) => [v, v.operation ?? last]));
        for (const [variant, operation] of operations) applyExtras(operation, variant.extras);
        if (variants.length === 1) {
          if (variants[0].kind === 'admin')
            last.servers = [{ url: adminServerUrl(config, staticContext), description: 'Administración' }];
          continue;
        }
        const byKind: Partial<Record<HostKind, Operation>> = {};
        for (const variant of variants) {
          const others = variants.filter((v) => v !== variant);
          byKind[variant.kind] = namingOthers(operations.get(variant)!, others, operations);
        }
        alternates.set(key, byKind);
        document.paths![path][method] = byKind.tenant ?? byKind[variants[variants.length - 1].kind]!;
      }
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  const adminOperations = () =>
    [...variantsByOperation]
      .filter(([, variants]) => variants.length === 1 && variants[0].kind === 'admin')
      .map(([key]) => key);
  await app.register(swaggerUi, {
    routePrefix: '/documentation',
    transformSpecification: (specification, request) =>
      withServers(specification as OpenApiDocument, config, serverContextOf(request), adminOperations(), alternates),
  });
}

/**
 * The document as read on one host: servers with its port (its own host first), admin operations sent to the admin
 * host, an operation several hosts define shown as this host defines it, and a description that links the other
 * host's page — where "Try it out" reaches that host's operations from the same origin.
 */
export function withServers(
  document: OpenApiDocument,
  config: Pick<Config, 'appDomain' | 'adminHost'>,
  context: ServerContext,
  adminOperations: string[],
  alternates: Alternates = new Map(),
): OpenApiDocument {
  document.servers = serversFor(config, context);
  const admin = [{ url: adminServerUrl(config, context), description: 'Administración' }];
  for (const key of adminOperations) {
    const [method, path] = key.split(' ');
    const operation = document.paths?.[path]?.[method];
    if (operation) operation.servers = admin;
  }
  const readOn = context.host ? classifyHost(normalizeHost(context.host), config) : 'other';
  for (const [key, byKind] of alternates) {
    const [method, path] = key.split(' ');
    const chosen = byKind[readOn] ?? byKind.tenant;
    if (chosen && document.paths?.[path]) document.paths[path][method] = structuredClone(chosen);
  }
  const info = document.info as Json | undefined;
  if (info) info.description = `${String(info.description ?? '')}\n\n${otherPage(config, context, readOn)}`;
  return document;
}

/** The link to the other host's page: the admin host's from a company's (or any other) page, and back. */
function otherPage(config: Pick<Config, 'appDomain' | 'adminHost'>, context: ServerContext, readOn: HostKind): string {
  if (readOn === 'admin') {
    const company = `${context.scheme}://demo.${config.appDomain}${context.portSuffix}/documentation`;
    return `Esta es la página del host de administración: "Try it out" alcanza sus operaciones (login, empresas, distribuidores, planes). Las de una empresa se prueban en la página de su host, p. ej. [${company}](${company}).`;
  }
  const adminPage = `${adminServerUrl(config, context)}/documentation`;
  return `**Administración** (login de administrador, empresas, distribuidores, planes): su página, donde "Try it out" las alcanza, es [${adminPage}](${adminPage}).`;
}
