// Prisma's generated clients import their query compiler as a 2.3 MB module of base64, held in V8's heap for the
// life of the process (twice: the module's source and its string). `npm run generate` writes the compiler as a .wasm
// file and points both clients at it (scripts/lib/prisma-wasm.mjs: memory).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUERY_COMPILER_FILE, readingWasmFile } from '../../scripts/lib/prisma-wasm.mjs';

const root = join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const generated = join(root, 'src', 'generated');

describe("Prisma's query compiler", () => {
  it('is the WebAssembly module that Prisma ships as base64, byte for byte', () => {
    const shipped = require('@prisma/client/runtime/query_compiler_small_bg.postgresql.wasm-base64.js') as {
      wasm: string;
    };
    const bytes = readFileSync(join(generated, QUERY_COMPILER_FILE));
    expect(bytes.equals(Buffer.from(shipped.wasm, 'base64'))).toBe(true);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])); // \0asm, version 1
  });

  it.each(['central', 'tenant'])('is read from that file by the %s client, not imported as base64', (kind) => {
    const client = readFileSync(join(generated, kind, 'internal', 'class.ts'), 'utf8');
    expect(client).not.toContain('wasm-base64');
    expect(client).toContain(`new URL("../../${QUERY_COMPILER_FILE}", import.meta.url)`);
  });

  it("points Prisma's generated import at the file once, and leaves a client that already reads it as it is", () => {
    const prisma = `getQueryCompilerWasmModule: async () => {
    const { wasm } = await import("@prisma/client/runtime/query_compiler_small_bg.postgresql.wasm-base64.mjs")
    return await decodeBase64AsWasm(wasm)
  },`;
    const once = readingWasmFile(prisma);
    expect(once).not.toBeNull();
    expect(once).not.toContain('wasm-base64');
    expect(once).toContain(`readFile(new URL("../../${QUERY_COMPILER_FILE}", import.meta.url))`);
    expect(readingWasmFile(once!)).toBe(once);
  });

  it('refuses a client whose import it does not recognise (a Prisma that generates it otherwise)', () => {
    expect(readingWasmFile('getQueryCompilerWasmModule: async () => loadItSomehow(),')).toBeNull();
  });
});
