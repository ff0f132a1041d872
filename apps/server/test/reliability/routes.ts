import type { FastifyInstance } from 'fastify';

/** `METHOD /path` with every path parameter written `:p`, so tables may name parameters freely. */
export const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/:[^/]+/g, ':p')}`;

/**
 * Every route the app serves, read from Fastify's own route tree (it has no flat listing). HEAD
 * twins of GET routes and the CORS preflight are left out: they are not endpoints of their own.
 */
export function listRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const keys = new Set<string>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') keys.add(routeKey(method, path));
    }
  }
  return [...keys].sort();
}
