// npm run postman [-- file]: writes a Postman collection (v2.1) with every operation and request example
// (default ./postman_collection.json); set {{baseUrl}} and {{token}} in Postman.
import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument } from './lib/openapi-document.ts';
import { postmanCollection } from './lib/postman.ts';

const target = process.argv[2] ?? 'postman_collection.json';
const collection = postmanCollection(await buildOpenApiDocument());
await writeFile(target, `${JSON.stringify(collection, null, 2)}\n`);
process.stdout.write(`${target}: ${collection.item.length} carpetas\n`);
