// Drives Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm, pinned) to turn a
// datamodel change into SQL without the native binary. Internal API: keep the version pinned and keep
// test/platform/migrations-drift.test.ts green when upgrading.
//
// Node 20 cannot `import` the package's .wasm entry, so the module is compiled with WebAssembly.compile and
// its single import namespace (./schema_engine_bg.js) is wired by hand.
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';

interface DiffTarget {
  tag: 'empty';
}
interface DatamodelTarget {
  tag: 'schemaDatamodel';
  files: { path: string; content: string }[];
}

interface WasmSchemaEngine {
  diff(params: {
    from: DiffTarget | DatamodelTarget;
    to: DiffTarget | DatamodelTarget;
    script: boolean;
    exitCode: boolean | null;
    filters: { externalTables: string[]; externalEnums: string[] };
  }): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
}

// The project's lib is ES2023 without DOM: the few WebAssembly members used here, typed by hand.
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: Record<string, object>): Promise<{ exports: Record<string, unknown> }>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

interface WasmBindings {
  __wbg_set_wasm(exports: Record<string, unknown>): void;
  SchemaEngine: {
    new: (
      options: { datamodels: undefined },
      log: (line: string) => void,
      adapter: object,
    ) => Promise<WasmSchemaEngine>;
  };
  version(): string;
}

let bindings: Promise<WasmBindings> | null = null;

async function loadBindings(): Promise<WasmBindings> {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
  const bg = (await import(pathToFileURL(join(dir, 'schema_engine_bg.js')).href)) as WasmBindings;
  const module = await wasmApi.compile(await readFile(join(dir, 'schema_engine_bg.wasm')));
  const instance = await wasmApi.instantiate(module, { './schema_engine_bg.js': bg });
  bg.__wbg_set_wasm(instance.exports);
  const start = instance.exports.__wbindgen_start;
  if (typeof start === 'function') (start as () => void)();
  return bg;
}

export interface SchemaDiffer {
  /** SQL that turns `from` (null = empty database) into `to`; '' when they describe the same schema. */
  diff(from: string | null, to: string): Promise<string>;
  close(): void;
}

/**
 * The engine insists on a database connection even for datamodel→datamodel diffs (it asks for the server
 * version), so it gets an adapter on `pool`; nothing is written to the database.
 */
export async function openSchemaDiffer(pool: pg.Pool): Promise<SchemaDiffer> {
  bindings ??= loadBindings();
  const wasm = await bindings;
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool, { schema: 'facturo_schema_engine' }));
  const engine = await wasm.SchemaEngine.new({ datamodels: undefined }, () => undefined, adapter);
  const target = (content: string | null): DiffTarget | DatamodelTarget =>
    content === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content }] };
  return {
    async diff(from, to) {
      const result = await engine.diff({
        from: target(from),
        to: target(to),
        script: true,
        exitCode: null,
        filters: { externalTables: [], externalEnums: [] },
      });
      const sql = (result.stdout ?? '')
        .split('\n')
        // The engine names the adapter's schema; our runner creates and chooses schemas itself.
        .filter((line) => !/^\s*CREATE SCHEMA\b/i.test(line))
        .join('\n')
        .replace(/^-- CreateSchema\n\n?/m, '')
        .trim();
      return /^(-- This is an empty migration\.)?$/.test(sql) ? '' : `${sql}\n`;
    },
    close() {
      engine.free();
    },
  };
}
