import type { EventEmitter } from 'node:events';

export interface LastResortOptions {
  log: {
    fatal(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /** closes the server and its connections (PGlite flushes its files) */
  shutdown: () => Promise<void>;
  exit: (code: number) => void;
  /** the longest a shutdown may take before the process exits regardless */
  timeoutMs?: number;
  /** the process (tests give an emitter of their own) */
  target?: EventEmitter;
}

const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * The last resort, for an error nothing else handled: the process logs it, closes what it can within
 * ten seconds and exits with 1, for its supervisor to start it again. A process that carried on after
 * an error it did not expect could hold a lock, a half-done write or a dead connection for good.
 * Every known failure (a database or Redis restart) is handled where it happens and never comes here.
 */
export function installLastResort(options: LastResortOptions) {
  const target = options.target ?? process;
  let failed = false;
  const fail = (kind: string) => (error: unknown) => {
    options.log.fatal({ err: error }, `${kind}: shutting down for the supervisor to restart the process`);
    if (failed) return;
    failed = true;
    const timer = setTimeout(() => options.exit(1), options.timeoutMs ?? SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    options
      .shutdown()
      .catch((shutdownError: unknown) => options.log.error({ err: shutdownError }, 'shutdown failed'))
      .finally(() => {
        clearTimeout(timer);
        options.exit(1);
      });
  };
  const onException = fail('uncaught exception');
  const onRejection = fail('unhandled rejection');
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
