// The Swagger UI's request examples of the guides' routes: the files of examples/dispatches/, titled by their row of
// examples/README.md (01-*, 02-*: remitente; 03-*: transportista).
import { readdirSync, readFileSync } from 'node:fs';

const DIR = new URL('../../../examples/', import.meta.url);

type Examples = Record<string, { summary: string; value: unknown }>;

export function dispatchExamples(kind: 'sender' | 'carrier'): Examples {
  const readme = readFileSync(new URL('README.md', DIR), 'utf8');
  const examples: Examples = {};
  for (const file of readdirSync(new URL('dispatches/', DIR)).sort()) {
    if (!file.endsWith('.json') || file.includes('carrier') !== (kind === 'carrier')) continue;
    const row = readme.split('\n').find((line) => line.startsWith(`| [dispatches/${file}]`));
    const summary = row?.split('|')[2]?.trim();
    if (!summary) throw new Error(`examples/README.md no describe el ejemplo dispatches/${file}.`);
    examples[file.slice(0, -'.json'.length)] = {
      summary,
      value: JSON.parse(readFileSync(new URL(`dispatches/${file}`, DIR), 'utf8')) as unknown,
    };
  }
  return examples;
}
