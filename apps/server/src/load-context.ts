import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { publicEnv, type Env } from './env.ts';
import type { Viewer } from './plugins/auth.ts';
import type { Services } from './services.ts';
// Brings the request decorations (cspNonce) into scope for every program that reads this file.
import type {} from './plugins/security.ts';

/**
 * What page loaders may call: the reads pages are made of. Never the database, the environment or
 * the media store: a page goes through a service, which keeps the rules (prices for whom, login
 * gates, caches) in one place.
 */
export type PageServices = Pick<Services, 'catalogue' | 'search' | 'blogs' | 'users' | 'selections'>;

/** What every route loader and action receives as `context`. */
export type ServerLoadContext = {
  services: PageServices;
  /** The request's logger: a loader's failure is logged with the request it belongs to. */
  log: FastifyBaseLogger;
  viewer: Viewer | null;
  /** Nonce for inline scripts; the page's CSP allows only scripts carrying it. */
  nonce: string;
  /**
   * A render for every anonymous visitor (page-cache.ts): rendered whole, as for a crawler, so the
   * stored page is the same for every reader.
   */
  isShared?: boolean;
  /**
   * Given with a shared render: the entry hands the whole document it answered with (`response`)
   * over as bytes, and the server stores those rather than reading them back from the Response,
   * which copied the page (~120 KB) three more times per render (undici's body handling).
   */
  keepDocument?: (response: Response, html: Buffer) => void;
  publicEnv: ReturnType<typeof publicEnv>;
};

export type ViewerResolver = (request: FastifyRequest) => Promise<Viewer | null>;

export function createLoadContextFactory(env: Env, services: Services, resolveViewer: ViewerResolver) {
  const pub = publicEnv(env);
  const pageServices: PageServices = {
    catalogue: services.catalogue,
    search: services.search,
    blogs: services.blogs,
    users: services.users,
    selections: services.selections,
  };
  return async (request: FastifyRequest): Promise<ServerLoadContext> => ({
    services: pageServices,
    log: request.log,
    viewer: await resolveViewer(request),
    nonce: request.cspNonce,
    publicEnv: pub,
  });
}
