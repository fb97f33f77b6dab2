// The last word on an error no command expected. An operating-system error (a port in use, a file that cannot be
// read) is the user's to fix and its message says enough; anything else is a defect, and its stack helps report it.
export function unexpectedErrorText(error: unknown): string {
  if (!(error instanceof Error)) return `Error inesperado: ${String(error)}\n`;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && 'syscall' in error) return `Error (${code}): ${error.message}\n`;
  return `Error inesperado: ${error.stack ?? error.message}\n`;
}
