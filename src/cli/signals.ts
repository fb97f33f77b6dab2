// The long-running commands (simulator, fakes, worker) run until the user presses Ctrl+C or the service manager
// sends SIGTERM, then close what they opened and exit 0.
export function untilSignalled(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}
