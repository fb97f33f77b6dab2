// Prisma's generated clients import the query compiler as a 2.3 MB module of base64, whose source text and string
// then stay in V8's heap for the life of the process, for bytes used once, at the first query: under load the API's
// large-object space went from 6.7 to 2.3 MB without them. The compiler is written here as the
// .wasm file it encodes, and both clients read that file instead (Prisma compiles it once per process for both, as
// before). The file sits in src/generated, which the build copies beside the compiled clients (scripts/build.mjs).
// Plain JavaScript: `npm ci --omit=dev` runs it without TypeScript's tools (scripts/prisma-generate.mjs).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const QUERY_COMPILER_FILE = 'query-compiler.postgresql.wasm';

const BASE64_IMPORT = `const { wasm } = await import("@prisma/client/runtime/query_compiler_small_bg.postgresql.wasm-base64.mjs")
    return await decodeBase64AsWasm(wasm)`;
const FILE_READ = `const { readFile } = await import("node:fs/promises")
    return new WebAssembly.Module(await readFile(new URL("../../${QUERY_COMPILER_FILE}", import.meta.url)))`;

/**
 * A generated client's internal/class.ts reading its compiler from QUERY_COMPILER_FILE: the source changed, or as it
 * is when it already reads the file; null when it holds neither Prisma's import nor ours (a Prisma we do not know).
 */
export function readingWasmFile(source) {
  if (source.includes(FILE_READ)) return source;
  return source.includes(BASE64_IMPORT) ? source.replace(BASE64_IMPORT, FILE_READ) : null;
}

/**
 * Writes the compiler to `generatedDir`/QUERY_COMPILER_FILE and points both clients at it. Writes nothing that is
 * already so (an installed copy may be read-only). Throws naming the client it cannot change.
 */
export function pointClientsAtWasmFile(generatedDir, require) {
  const base64Module = require.resolve('@prisma/client/runtime/query_compiler_small_bg.postgresql.wasm-base64.js');
  const bytes = Buffer.from(require(base64Module).wasm, 'base64');
  const wasmPath = join(generatedDir, QUERY_COMPILER_FILE);
  if (!existsSync(wasmPath) || !readFileSync(wasmPath).equals(bytes)) writeFileSync(wasmPath, bytes);
  for (const kind of ['central', 'tenant']) {
    const path = join(generatedDir, kind, 'internal', 'class.ts');
    const source = readFileSync(path, 'utf8');
    const changed = readingWasmFile(source);
    if (changed === null)
      throw new Error(`${path}: Prisma's query compiler import is not where this script expects it (a new Prisma?)`);
    if (changed !== source) writeFileSync(path, changed);
  }
}
