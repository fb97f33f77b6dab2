// Request examples shown in the Swagger UI for each scenario ERPs send (from the project's request fixtures),
// dated the day the server starts (the issue-date window would refuse stale dates when "Try it out" is used).
import { readFileSync } from 'node:fs';
import { limaToday } from '../../pipeline/deps.ts';

export type OpenApiExamples = Record<string, { summary: string; value: unknown }>;

function shift(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function loadExamples(file: 'invoices' | 'perceptions', today = limaToday()): OpenApiExamples {
  const text = readFileSync(new URL(`./examples/${file}.json`, import.meta.url), 'utf8').replace(
    /\$\{TODAY(?:([+-])(\d+))?\}/g,
    (_m, sign?: string, n?: string) => (sign ? shift(today, (sign === '+' ? 1 : -1) * Number(n)) : today),
  );
  return JSON.parse(text) as OpenApiExamples;
}
