// Request examples of the Swagger UI: the files of the repository's examples/ folder (one per scenario), titled
// by the table of examples/README.md. They carry no issue date (the server uses today's in Lima), so the UI shows
// exactly the bodies a user posts with curl, and "Try it out" works on any day.
import { readdirSync, readFileSync } from 'node:fs';

export type OpenApiExamples = Record<string, { summary: string; value: unknown }>;

export const EXAMPLES_DIR = new URL('../../examples/', import.meta.url);

/** `invoices/01-taxed.json` → the "what it shows" cell of its row in examples/README.md. */
export function exampleTitles(readme: string): Map<string, string> {
  const titles = new Map<string, string>();
  for (const line of readme.split('\n')) {
    const row = /^\|\s*\[([^\]]+\.json)\]\([^)]*\)\s*\|\s*([^|]+?)\s*\|/.exec(line);
    if (row) titles.set(row[1], row[2]);
  }
  return titles;
}

export type ExampleFolder = 'invoices' | 'perceptions' | 'retentions' | 'purchase-settlements';

/** The example files of one folder (`invoices`, `perceptions`, `retentions`), in file-name order. */
export function exampleFiles(folder: ExampleFolder): string[] {
  return readdirSync(new URL(`${folder}/`, EXAMPLES_DIR))
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export function loadExamples(folder: ExampleFolder): OpenApiExamples {
  const titles = exampleTitles(readFileSync(new URL('README.md', EXAMPLES_DIR), 'utf8'));
  const examples: OpenApiExamples = {};
  for (const file of exampleFiles(folder)) {
    const summary = titles.get(`${folder}/${file}`);
    // A file the README does not describe is a mistake of the repository, caught at start rather than shown untitled.
    if (!summary) throw new Error(`examples/README.md no describe el ejemplo ${folder}/${file}.`);
    const value: unknown = JSON.parse(readFileSync(new URL(`${folder}/${file}`, EXAMPLES_DIR), 'utf8'));
    examples[file.slice(0, -'.json'.length)] = { summary, value };
  }
  return examples;
}
