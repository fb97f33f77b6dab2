// What the process does with an error nobody caught. One process serves every company, so "crash on anything" lets
// one company's bad file end everyone's requests; "survive anything" keeps running on state that a half-finished
// function may have left broken (a lock never released, a counter half-moved). The policy in between:
//
// - uncaughtException inside contained work (containment.ts: rendering a PDF): the throw unwound only that work's
//   own objects — its PDF document, its images — which nothing else shares. The work is failed (its request gets an
//   error answer) and the process goes on serving. Logged as an error.
// - uncaughtException anywhere else: we cannot know what it left half-done, so the process stops — logged as fatal,
//   the open requests drained (`onFatal`), exit code 1 — and its supervisor (the cluster's primary, the container's
//   restart policy) starts another. A job whose run kills its process is not retried forever: the worker counts its
//   attempts when it claims it (src/worker/worker.ts).
// - unhandledRejection: a promise rejected that no one awaited. No stack was unwound mid-statement — the code that
//   made the promise had already returned — so the process's state is what that code left on purpose. Logged as an
//   error and survived (Node's default, since v15, is to crash: one forgotten `.catch` would stop every company).
//   Inside contained work it fails that work too.
import { failContained } from './containment.ts';

export interface GuardLog {
  error(object: object, message: string): void;
  fatal(object: object, message: string): void;
}

export interface ProcessGuardOptions {
  log: GuardLog;
  /** Called once, on an uncontained exception: drain and exit non-zero. */
  onFatal(error: unknown): void;
}

export interface ProcessGuard {
  /** Errors contained (work failed, process kept) since installed. */
  readonly contained: number;
  uninstall(): void;
}

export function installProcessGuard(options: ProcessGuardOptions): ProcessGuard {
  let contained = 0;
  let fatal = false;
  const onException = (error: unknown, origin: string) => {
    if (failContained(error)) {
      contained += 1;
      options.log.error({ err: error, origin }, 'contained error: its work failed, the process goes on');
      return;
    }
    options.log.fatal({ err: error, origin }, 'uncaught exception: the process stops');
    process.exitCode = 1;
    if (fatal) return;
    fatal = true;
    options.onFatal(error);
  };
  const onRejection = (reason: unknown) => {
    if (failContained(reason)) contained += 1;
    options.log.error({ err: reason }, 'unhandled promise rejection (logged; the process goes on)');
  };
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return {
    get contained() {
      return contained;
    },
    uninstall() {
      process.off('uncaughtException', onException);
      process.off('unhandledRejection', onRejection);
    },
  };
}
