import { describe, expect, it } from 'vitest';
import type { Route } from './+types/layout';
import { headers, loader } from './layout';

const args = (url: string, role: string | null) =>
  ({
    request: new Request(url),
    params: {},
    context: { viewer: role ? { id: 'u1', name: 'A', email: 'a@example.com', role } : null },
  }) as unknown as Route.LoaderArgs;

async function thrown(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (error) {
    return error as Response;
  }
  throw new Error('expected a redirect');
}

describe('admin layout loader', () => {
  it('lets an admin session through', async () => {
    expect(await loader(args('http://x/dashboard', 'admin'))).toBeNull();
  });

  it.each([
    ['anonymous', null, 'http://x/excelfile', '/login?from=%2Fexcelfile'],
    ['a buyer', 'user', 'http://x/product-list?page=2', '/login?from=%2Fproduct-list%3Fpage%3D2'],
    ['a buyer under a prefix', 'user', 'http://x/hi/dashboard', '/hi/login?from=%2Fhi%2Fdashboard'],
  ])('sends %s to the login page (302), coming back afterwards', async (_who, role, url, location) => {
    const response = await thrown(() => loader(args(url, role)));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });

  it('keeps admin pages out of search engines and shared caches', () => {
    expect(headers()).toEqual({ 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' });
  });
});
