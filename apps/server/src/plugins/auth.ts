import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@catalogue/shared/errors';
import type { Db } from '../db/client.ts';
import { hashToken } from '../lib/tokens.ts';
import { addVary, PERSONAL } from '../lib/http-cache.ts';
import { createSessionsRepository, type SessionViewerRow } from './sessions.repository.ts';

/** Who is asking: the signed-in user of a request (their live session's row without its expiry). */
export type Viewer = Omit<SessionViewerRow, 'expiresAt'>;

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

/**
 * The `sid` cookie's header. `maxAgeSeconds` 0 clears it. HttpOnly keeps it away from scripts;
 * SameSite=Lax keeps it off cross-site posts.
 */
export function sessionCookieHeader(token: string, maxAgeSeconds: number, isSecure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${isSecure ? '; Secure' : ''}`;
}

/**
 * Whether the `sid` cookie must be `Secure`: the site is served over HTTPS, or this request arrived
 * over it (TLS at this server, or `X-Forwarded-Proto: https` from a proxy TRUST_PROXY trusts;
 * Fastify's `request.protocol` believes the header from no one else).
 */
export function isSecureRequest(request: FastifyRequest, siteUrl: string): boolean {
  return siteUrl.startsWith('https:') || request.protocol === 'https';
}

/**
 * Sessions slide: each use after the first day of the window extends it to a full TTL again.
 * `onExtended` hears of it, so the cookie that carries the token can be given the new lifetime.
 */
export async function findViewerByToken(
  db: Db,
  token: string,
  ttlDays: number,
  onExtended?: () => void,
): Promise<Viewer | null> {
  const sessions = createSessionsRepository(db);
  const tokenHash = hashToken(token);
  const row = await sessions.findViewer(tokenHash);
  if (!row) return null;
  const ttlMs = ttlDays * 86_400_000;
  if (row.expiresAt.getTime() - Date.now() < ttlMs - 86_400_000) {
    await sessions.extend(tokenHash, new Date(Date.now() + ttlMs));
    onExtended?.();
  }
  const { expiresAt: _expiresAt, ...viewer } = row;
  return viewer;
}

type SlidingRequest = FastifyRequest & { _refreshCookieOf?: string };

/**
 * Marks the request so its answer re-sends the `sid` cookie when the session it carries was just
 * extended: otherwise the browser drops the cookie at its login-time Max-Age while the server
 * session is still alive, and pages render signed out.
 */
function markCookieRefresh(request: FastifyRequest, token: string) {
  if (cookieToken(request) === token) (request as SlidingRequest)._refreshCookieOf = token;
}

/** The visitor of a server-rendered page, from the `sid` cookie. */
export function findViewerByCookie(request: FastifyRequest, db: Db, ttlDays: number): Promise<Viewer | null> {
  const token = cookieToken(request);
  if (!token) return Promise.resolve(null);
  return findViewerByToken(db, token, ttlDays, () => markCookieRefresh(request, token));
}

/**
 * Bearer-token authentication for `/api`. The role always comes from the database, never from
 * the client. `requireUser` answers 401; `requireAdmin` answers 401 or 403.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; ttlDays: number; siteUrl: string }) => {
    app.decorateRequest('viewer', function (this: FastifyRequest) {
      const cache = this as FastifyRequest & { _viewer?: Promise<Viewer | null> };
      if (!cache._viewer) {
        const token = bearerToken(this);
        cache._viewer = token
          ? findViewerByToken(opts.db, token, opts.ttlDays, () => markCookieRefresh(this, token))
          : Promise.resolve(null);
      }
      return cache._viewer;
    });

    app.addHook('onSend', async (request, reply) => {
      // An answer that read the session differs by it; one made for a signed-in reader is theirs
      // alone, whatever its route said: no shared cache (nor the browser) keeps it.
      const consulted = (request as FastifyRequest & { _viewer?: Promise<Viewer | null> })._viewer;
      if (consulted) {
        addVary(reply, 'Authorization');
        if (await consulted.catch(() => null)) reply.header('cache-control', PERSONAL);
      }
      const token = (request as SlidingRequest)._refreshCookieOf;
      if (!token) return; // most answers: no session was read
      // A logout in this request already cleared the cookie: never bring it back.
      const cookies = reply.getHeader('set-cookie');
      const isSettingCookie = [cookies]
        .flat()
        .some((c) => typeof c === 'string' && c.startsWith(`${SESSION_COOKIE}=`));
      if (!isSettingCookie) {
        reply.header(
          'set-cookie',
          sessionCookieHeader(token, opts.ttlDays * 86_400, isSecureRequest(request, opts.siteUrl)),
        );
      }
    });

    app.decorate('requireUser', async function (request: FastifyRequest) {
      if (!(await request.viewer())) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    });
    app.decorate('requireAdmin', async function (request: FastifyRequest) {
      const viewer = await request.viewer();
      if (!viewer) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      if (viewer.role !== 'admin') throw new AppError('FORBIDDEN', 'Forbidden');
    });
  },
);
