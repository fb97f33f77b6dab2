// npm run openapi [-- file]: writes the OpenAPI document (default ./openapi.json) for generators and SDKs.
import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument } from './lib/openapi-document.ts';

const target = process.argv[2] ?? 'openapi.json';
const document = await buildOpenApiDocument();
await writeFile(target, `${JSON.stringify(document, null, 2)}\n`);
process.stdout.write(`${target}: ${Object.keys(document.paths).length} rutas\n`);
