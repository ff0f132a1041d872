import type { ServerLoadContext } from '@catalogue/server/load-context';

declare module 'react-router' {
  // Route loaders and actions receive the server's services in-process, never over HTTP to /api.
  interface AppLoadContext extends ServerLoadContext {}
}

export type { ServerLoadContext };
