// Types of prisma-wasm.mjs (plain JavaScript, run by `npm ci`'s postinstall without TypeScript's tools).
export const QUERY_COMPILER_FILE: string;
export function readingWasmFile(source: string): string | null;
export function pointClientsAtWasmFile(generatedDir: string, require: NodeJS.Require): void;
