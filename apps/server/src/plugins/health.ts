import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/** Liveness says the process answers; readiness says it can reach its database. */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ready', database: opts.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' });
    }
  });
}
