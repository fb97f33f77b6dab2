// The layers of src/ and what each may import: the policy `npm run check:boundaries` enforces
// (docs/architecture.md explains it in prose; change both together). The engine is ./check.ts.

export type Layer =
  | 'core'
  | 'crypto'
  | 'render'
  | 'sunat'
  | 'simulator'
  | 'whatsapp'
  | 'mail'
  | 'runtime'
  | 'generated'
  | 'platform'
  | 'pipeline'
  | 'tenancy'
  | 'delivery'
  | 'api'
  | 'features'
  | 'admin'
  | 'worker'
  | 'cli'
  | 'root';

/** Every file under src/ belongs to exactly one layer; the first matching prefix wins. */
export const LAYER_OF_PREFIX: ReadonlyArray<readonly [prefix: string, layer: Layer]> = [
  ['src/core/', 'core'],
  ['src/crypto/', 'crypto'],
  ['src/render/', 'render'],
  ['src/sunat/simulator/', 'simulator'],
  ['src/sunat/', 'sunat'],
  ['src/whatsapp/', 'whatsapp'],
  ['src/mail/', 'mail'],
  ['src/runtime/', 'runtime'],
  ['src/generated/', 'generated'],
  ['src/platform/', 'platform'],
  ['src/pipeline/', 'pipeline'],
  ['src/tenancy/', 'tenancy'],
  ['src/delivery/', 'delivery'],
  ['src/api/', 'api'],
  ['src/features/', 'features'],
  ['src/admin/', 'admin'],
  ['src/worker/', 'worker'],
  ['src/cli/', 'cli'],
];

/** Files directly in src/ (app.ts, server.ts, startup.ts, jobs.ts) are the composition root. */
export const ROOT_LAYER: Layer = 'root';

const ALL: readonly Layer[] = [
  'core',
  'crypto',
  'render',
  'sunat',
  'simulator',
  'whatsapp',
  'mail',
  'runtime',
  'generated',
  'platform',
  'pipeline',
  'tenancy',
  'delivery',
  'api',
  'features',
  'admin',
  'worker',
  'cli',
  'root',
];

/** Which layers' files a layer may import (its own included). Anything not listed is a violation. */
export const MAY_IMPORT: Readonly<Record<Layer, readonly Layer[]>> = {
  core: ['core'],
  crypto: ['core', 'runtime', 'crypto'],
  render: ['core', 'runtime', 'render'],
  sunat: ['core', 'crypto', 'sunat'],
  simulator: ['core', 'crypto', 'sunat', 'simulator'],
  whatsapp: ['whatsapp'],
  mail: ['mail'],
  runtime: ['runtime'],
  generated: ['generated'],
  platform: ['core', 'crypto', 'runtime', 'generated', 'platform'],
  pipeline: ['core', 'crypto', 'render', 'sunat', 'generated', 'platform', 'pipeline'],
  tenancy: ['core', 'crypto', 'render', 'runtime', 'generated', 'platform', 'pipeline', 'tenancy'],
  delivery: ['core', 'crypto', 'render', 'mail', 'generated', 'platform', 'pipeline', 'tenancy', 'delivery'],
  api: ['core', 'crypto', 'render', 'sunat', 'generated', 'platform', 'pipeline', 'tenancy', 'delivery', 'api'],
  // A feature is a leaf: it imports the layers below, its own folder, and no other feature (check.ts).
  features: [
    'core',
    'crypto',
    'render',
    'sunat',
    'whatsapp',
    'mail',
    'generated',
    'platform',
    'pipeline',
    'tenancy',
    'delivery',
    'api',
    'features',
  ],
  admin: ['core', 'crypto', 'generated', 'platform', 'tenancy', 'admin'],
  worker: ['core', 'generated', 'platform', 'pipeline', 'worker'],
  // Entry points: they wire everything, but reach a feature only through its public module.
  cli: ALL,
  root: ALL,
};

/**
 * A feature is a folder src/features/<name>/; no other feature imports it. The entry points (ENTRY_LAYERS) may import
 * this one file of it, where a feature hands them something to wire (its delivery job).
 */
export const FEATURE_PUBLIC_MODULE = 'public.ts';

/** The layers that may import a feature's public module: they wire the application together. */
export const ENTRY_LAYERS: readonly Layer[] = ['cli', 'root'];

/** The list of features (src/features/index.ts) is part of the composition: it may import every feature's routes. */
export const FEATURE_REGISTRY = 'src/features/index.ts';

/** Node built-ins and packages that do I/O (files, network, processes, databases, servers, logging). */
const IO_MODULES =
  /^(fs|fs\/promises|net|http|https|http2|tls|dgram|dns|dns\/promises|child_process|cluster|worker_threads|readline|inspector)$|^fastify|^@fastify\/|^@prisma\/|^prisma$|^pg$|^pg-boss$|^@electric-sql\/|^undici$|^axios$|^pino$/;

/** Fastify and its plugins: only the HTTP layers know about requests and replies. */
const HTTP_FRAMEWORK = /^fastify($|-)|^@fastify\/|^find-my-way$/;

/** Database drivers and clients: reached through platform/db and the generated Prisma clients. */
const DATABASE = /^pg$|^pg-boss$|^@prisma\/|^prisma$|^@electric-sql\//;

export interface PackageRule {
  name: string;
  /** Layers the rule applies to. */
  layers: readonly Layer[];
  /** A bare specifier, `node:` prefix removed. */
  forbids: RegExp;
  why: string;
}

export const PACKAGE_RULES: readonly PackageRule[] = [
  {
    name: 'core-is-pure',
    layers: ['core'],
    forbids: IO_MODULES,
    why: 'the core does no I/O: same input, same bytes out',
  },
  {
    name: 'no-http-below-the-routes',
    layers: [
      'core',
      'crypto',
      'render',
      'sunat',
      'whatsapp',
      'mail',
      'runtime',
      'generated',
      'pipeline',
      'delivery',
      'worker',
    ],
    forbids: HTTP_FRAMEWORK,
    why: 'nothing below the HTTP layer knows about Fastify',
  },
  {
    name: 'no-database-in-adapters',
    layers: ['crypto', 'render', 'sunat', 'simulator', 'whatsapp', 'mail', 'runtime'],
    forbids: DATABASE,
    why: 'SUNAT, PDF, certificates, WhatsApp and mail adapters get their data handed in',
  },
];
