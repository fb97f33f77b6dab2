// Generates the two Prisma clients (src/generated/central, src/generated/tenant) from prisma/*/schema.prisma.
//
// Why the stub: the Prisma 7 CLI insists on a native `schema-engine` binary that it downloads from
// binaries.prisma.sh, which is unreachable here and in CI. `prisma generate` only checks that the binary
// exists and never runs it, so PRISMA_SCHEMA_ENGINE_BINARY points at a 3-line script. Migrations do not use the
// Prisma CLI at all (src/platform/db/migrator.ts + scripts/migration-create.ts). Where the real engine can be
// downloaded the stub is harmless.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
let cli;
try {
  cli = join(dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
} catch {
  // `npm ci --omit=dev` (production image): the client was generated at build time.
  if (existsSync(join(root, 'src', 'generated', 'tenant', 'client.ts'))) process.exit(0);
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

// Prisma's generated clients import the query compiler as a 2.3 MB module of base64, whose source text and string
// then stay in V8's heap for the life of the process, for bytes used once, at the first query: under load the API's
// large-object space went from 6.7 to 2.3 MB without them (issue 20, memory). The compiler is written here as the
// .wasm file it encodes, and both clients read that file instead (Prisma compiles it once per process for both, as
// before). The file sits in src/generated, which the build copies beside the compiled clients (scripts/build.mjs).
const WASM_FILE = 'query-compiler.postgresql.wasm';
const BASE64_IMPORT = `const { wasm } = await import("@prisma/client/runtime/query_compiler_small_bg.postgresql.wasm-base64.mjs")
    return await decodeBase64AsWasm(wasm)`;
const FILE_READ = `const { readFile } = await import("node:fs/promises")
    return new WebAssembly.Module(await readFile(new URL("../../${WASM_FILE}", import.meta.url)))`;
const base64Module = require.resolve('@prisma/client/runtime/query_compiler_small_bg.postgresql.wasm-base64.js');
writeFileSync(join(root, 'src', 'generated', WASM_FILE), Buffer.from(require(base64Module).wasm, 'base64'));
for (const kind of ['central', 'tenant']) {
  const path = join(root, 'src', 'generated', kind, 'internal', 'class.ts');
  const source = readFileSync(path, 'utf8');
  if (!source.includes(BASE64_IMPORT)) {
    console.error(`${path}: Prisma's query compiler import is not where this script expects it (a new Prisma?)`);
    process.exit(1);
  }
  writeFileSync(path, source.replace(BASE64_IMPORT, FILE_READ));
}
