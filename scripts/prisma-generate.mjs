// Generates the two Prisma clients (src/generated/central, src/generated/tenant) from prisma/*/schema.prisma.
//
// Why the stub: the Prisma 7 CLI insists on a native `schema-engine` binary that it downloads from
// binaries.prisma.sh, which is unreachable here and in CI. `prisma generate` only checks that the binary
// exists and never runs it, so PRISMA_SCHEMA_ENGINE_BINARY points at a 3-line script. Migrations do not use the
// Prisma CLI at all (src/platform/db/migrator.ts + scripts/migration-create.ts). Where the real engine can be
// downloaded the stub is harmless.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pointClientsAtWasmFile } from './lib/prisma-wasm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const GENERATED = join(root, 'src', 'generated');
let cli;
try {
  cli = join(dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
} catch {
  // `npm ci --omit=dev` (production image): the client was generated at build time; only the query compiler's file
  // is made again if it is missing (it needs @prisma/client alone, a runtime dependency).
  if (existsSync(join(GENERATED, 'tenant', 'client.ts'))) {
    pointClientsAtWasmFile(GENERATED, require);
    process.exit(0);
  }
  console.error('prisma (devDependency) is not installed and src/generated is missing: run `npm install`.');
  process.exit(1);
}

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY:
    process.env.PRISMA_SCHEMA_ENGINE_BINARY || join(root, 'scripts', 'schema-engine-stub.sh'),
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
for (const kind of ['central', 'tenant']) {
  const result = spawnSync(
    process.execPath,
    [cli, 'generate', '--schema', join(root, 'prisma', kind, 'schema.prisma')],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    console.error(`prisma generate (${kind}) failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`facturo: generated the ${kind} Prisma client`);
}

// Both clients read Prisma's query compiler from a .wasm file, not a base64 module kept in the heap.
pointClientsAtWasmFile(GENERATED, require);
