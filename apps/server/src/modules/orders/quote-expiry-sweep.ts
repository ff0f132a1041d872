import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `expire` now and every `everyMs` until the returned function is called; that settles once a
 * sweep in flight has finished, so closing the database after it never cuts one.
 */
export function startSweep(
  expire: () => Promise<unknown>,
  everyMs: number,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = expire().then(
      () => {},
      (error: unknown) =>
        log.warn({ err: error }, 'recording expired quotes failed; retrying at the next sweep'),
    );
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}
