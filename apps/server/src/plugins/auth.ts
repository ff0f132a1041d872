import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError } from '@catalogue/shared/errors';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import type { Viewer } from '../load-context.ts';

/** The HttpOnly cookie that lets server-rendered pages know the visitor (never used by /api). */
export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a Bearer token, resolved once per request; null when anonymous. */
    viewer(): Promise<Viewer | null>;
  }
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    requireAdmin: preHandlerAsyncHookHandler;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function cookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  const match = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([A-Za-z0-9_-]{16,200})`).exec(header);
  return match?.[1] ?? null;
}

/** Sessions slide: each use within the last day of the window extends it to a full TTL again. */
export async function findViewerByToken(db: Db, token: string, ttlDays: number): Promise<Viewer | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  const ttlMs = ttlDays * 86_400_000;
  if (row.expiresAt.getTime() - Date.now() < ttlMs - 86_400_000) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + ttlMs) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

/**
 * Bearer-token authentication for `/api`. The role always comes from the database, never from
 * the client. `requireUser` answers 401; `requireAdmin` answers 401 or 403.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; ttlDays: number }) => {
  app.decorateRequest('viewer', function (this: FastifyRequest) {
    const cache = this as FastifyRequest & { _viewer?: Promise<Viewer | null> };
    if (!cache._viewer) {
      const token = bearerToken(this);
      cache._viewer = token ? findViewerByToken(opts.db, token, opts.ttlDays) : Promise.resolve(null);
    }
    return cache._viewer;
  });

  app.decorate('requireUser', async function (request: FastifyRequest) {
    if (!(await request.viewer())) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  });
  app.decorate('requireAdmin', async function (request: FastifyRequest) {
    const viewer = await request.viewer();
    if (!viewer) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    if (viewer.role !== 'admin') throw new AppError('FORBIDDEN', 'Forbidden');
  });
});
