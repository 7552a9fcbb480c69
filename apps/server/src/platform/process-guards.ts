/** The part of a logger the guards use (Fastify's pino logger fits). */
export interface GuardLog {
  error(details: object, message: string): void;
  fatal(details: object, message: string): void;
}

/**
 * Keeps one bug from stopping the whole school's service. A promise that rejects with nobody
 * awaiting it is a bug in that one request or job: it is logged and the process keeps serving
 * (Node's default would exit). An uncaught exception still ends the process (its state may be
 * broken, and the supervisor restarts it), but is logged first through the same logger.
 */
export function guardProcess(log: GuardLog): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled rejection (kept serving)');
  });
  process.on('uncaughtExceptionMonitor', (error, origin) => {
    log.fatal({ err: error, origin }, 'uncaught exception');
  });
}
