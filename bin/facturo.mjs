#!/usr/bin/env node
// Entry of `npx facturo <command>`: loads the TypeScript sources through tsx, so the CLI never runs a stale build
// (`npm start` runs the same sources compiled into build/, rebuilt whenever one changed).
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

register();
const here = dirname(fileURLToPath(import.meta.url));
const { main } = await import(join(here, '..', 'src', 'cli', 'index.ts'));
const code = await main(process.argv.slice(2));
process.exitCode = typeof code === 'number' ? code : 0;
