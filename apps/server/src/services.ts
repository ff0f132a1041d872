import type { Database } from './db/client.ts';
import type { Env } from './env.ts';

export type ServiceDeps = { env: Env; database: Database };

/**
 * The composition root of the domain services. The `/api` modules and the web app's loaders
 * (through the load context) use these same objects, so a page never calls its own server over HTTP.
 */
export function createServices(deps: ServiceDeps) {
  return {
    database: deps.database,
  };
}

export type Services = ReturnType<typeof createServices>;
