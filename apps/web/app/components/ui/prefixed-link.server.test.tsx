// @vitest-environment node
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Link,
  StaticRouterProvider,
  type LinkProps,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { PrefixedLink } from './prefixed-link';

/** `element` rendered on the server at `url`, as a page's render does (a static router). */
async function renderOnServer(url: string, element: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: '*', Component: () => element }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

describe('PrefixedLink on the server', () => {
  it('renders the markup of React Router’s own link for every kind of path', async () => {
    const cases: [at: string, to: string, prefixed: string][] = [
      ['/shopall', '/', '/'],
      ['/hi/shopall', '/', '/hi'],
      ['/en-in/faq', '/category/Necklaces/withgemstone', '/en-in/category/Necklaces/withgemstone'],
      ['/shopall', '/search?q=हार मोती&page=2#results', '/search?q=हार मोती&page=2#results'],
      ['/shopall', '/blogs?', '/blogs?'],
      ['/shopall', '/blogs#', '/blogs#'],
      ['/shopall', '/singleproduct/a%2Fb', '/singleproduct/a%2Fb'],
      // Not a plain path: React Router's link renders these itself.
      ['/shopall', '?metal=brass', '?metal=brass'],
      ['/hi/shopall', '#reviews', '#reviews'],
      ['/shopall', '//cdn.example.com/x', '//cdn.example.com/x'],
    ];
    for (const [at, to, prefixed] of cases) {
      const props = { className: 'link', target: '_blank', 'aria-label': 'Go', onClick: () => {} };
      const ours = await renderOnServer(
        at,
        <PrefixedLink to={to} {...props}>
          Go
        </PrefixedLink>,
      );
      const routers = await renderOnServer(
        at,
        <Link to={prefixed} {...props}>
          Go
        </Link>,
      );
      expect(ours, `${to} at ${at}`).toBe(routers);
    }
  });

  it('writes the href, the target and the discovery mark', async () => {
    expect(await renderOnServer('/hi/faq', <PrefixedLink to="/cart">Cart</PrefixedLink>)).toBe(
      '<a href="/hi/cart" data-discover="true">Cart</a>',
    );
    expect(
      await renderOnServer(
        '/faq',
        <PrefixedLink to="/privacy?x=1#a" target="_self" className="c">
          P
        </PrefixedLink>,
      ),
    ).toBe('<a class="c" href="/privacy?x=1#a" target="_self" data-discover="true">P</a>');
  });

  it('leaves a link that does not discover its route, or that prefetches, to React Router', async () => {
    const cart = (props: Omit<Partial<LinkProps>, 'to'>) =>
      renderOnServer(
        '/faq',
        <PrefixedLink to="/cart" {...props}>
          Cart
        </PrefixedLink>,
      );
    expect(await cart({ discover: 'none' })).toBe('<a href="/cart">Cart</a>');
    // A prefetching link starts to prefetch in the browser only.
    expect(await cart({ prefetch: 'render' })).toBe('<a href="/cart" data-discover="true">Cart</a>');
  });
});
