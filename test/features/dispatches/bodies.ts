// The guides' example bodies (examples/dispatches), as the tests post or prepare them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../fixtures/invoices.ts';

export function exampleBody(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'examples/dispatches', name), 'utf8'));
}
