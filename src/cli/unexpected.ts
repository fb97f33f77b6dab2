// The last word on an error no command expected. A failure the user can fix (a database not reachable or not
// migrated, a port in use: src/platform/failures.ts) is one line with its fix; another operating-system error (a
// file that cannot be read) says enough by its message; anything else is a defect, and its stack helps report it.
import { explainFailure, type FailureContext } from '../platform/failures.ts';

export function unexpectedErrorText(error: unknown, context: FailureContext = {}): string {
  const line = explainFailure(error, context);
  if (line) return `Error: ${line}\n`;
  if (!(error instanceof Error)) return `Error inesperado: ${String(error)}\n`;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && 'syscall' in error) return `Error (${code}): ${error.message}\n`;
  return `Error inesperado: ${error.stack ?? error.message}\n`;
}
