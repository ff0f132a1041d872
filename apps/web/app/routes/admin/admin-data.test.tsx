import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as dashboard from './dashboard';
import * as productList from './product-list';

type Answer = { status: number; body: unknown };

/** `fetch` answering each `/api` path (with its query) from the table; anything else is a 404. */
function serve(table: Record<string, Answer | (() => Answer)>) {
  const fetcher = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const entry = table[`${url.pathname}${url.search}`];
    const answer =
      typeof entry === 'function' ? entry() : (entry ?? { status: 404, body: { message: 'Not Found' } });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetcher);
  return fetcher;
}

type RouteModule = {
  default: React.ComponentType<never>;
  HydrateFallback: React.ComponentType;
  clientLoader: (args: never) => Promise<unknown>;
  clientAction?: (args: never) => Promise<unknown>;
  shouldRevalidate?: (args: never) => boolean;
};

/**
 * Mounts a route module as the app does: its clientLoader, its page, its fallback while the first
 * load runs, and its clientAction (with its revalidation rule) for the page's writes.
 */
function show(module: RouteModule, path: string, pattern: string) {
  const Stub = createRoutesStub([
    {
      path: pattern,
      Component: module.default as React.ComponentType,
      HydrateFallback: module.HydrateFallback,
      loader: module.clientLoader as (args: unknown) => Promise<unknown>,
      ...(module.clientAction
        ? {
            action: module.clientAction as (args: unknown) => Promise<unknown>,
            shouldRevalidate: module.shouldRevalidate as (args: unknown) => boolean,
          }
        : {}),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const product = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Kundan Ring',
  description: 'Brass',
  category: 'Rings',
  subcategory: 'withgemstone',
  code: 'KR-1',
  price: 0,
  imageUrl: '/media/abc',
  imageurl: '/media/abc',
  cloudinaryId: 'abc',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => localStorage.setItem('token', 'admin-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('All Products (product-list route)', () => {
  it('asks for the page and search of the address and lists the answer', async () => {
    const fetcher = serve({
      '/api/products/admin/paginated?page=2&limit=10&search=ring': {
        status: 200,
        body: { products: [product], currentPage: 2, totalPages: 3, totalItems: 21 },
      },
    });
    show(productList as unknown as RouteModule, '/product-list?page=2&search=ring', '/product-list');
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    expect(await screen.findByText('Kundan Ring')).toBeInTheDocument();
    expect(screen.getByText(/Page 2 of 3/)).toBeInTheDocument();
    expect(new Headers(fetcher.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer admin-token');
  });

  it('shows its error state, naming the wrong field, for an answer of another shape, and asks again on Retry', async () => {
    let answers = 0;
    serve({
      '/api/products/admin/paginated?page=1&limit=10': () => {
        answers += 1;
        return answers === 1
          ? {
              status: 200,
              body: { products: [{ ...product, name: 7 }], currentPage: 1, totalPages: 1, totalItems: 1 },
            }
          : { status: 200, body: { products: [product], currentPage: 1, totalPages: 1, totalItems: 1 } };
      },
    });
    show(productList as unknown as RouteModule, '/product-list', '/product-list');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load products.');
    expect(alert).toHaveTextContent(
      "The server's answer was not in the expected form (products.0.name: Invalid input: expected string, received number).",
    );
    expect(screen.queryByText('Kundan Ring')).not.toBeInTheDocument();

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Kundan Ring')).toBeInTheDocument();
    expect(answers).toBe(2);
  });
});

describe('All Products: delete through the route action', () => {
  it('deletes after the confirmation and shows the page as the server has it afterwards', async () => {
    let isDeleted = false;
    const fetcher = serve({
      '/api/products/admin/paginated?page=1&limit=10': () =>
        isDeleted
          ? { status: 200, body: { products: [], currentPage: 1, totalPages: 1, totalItems: 0 } }
          : { status: 200, body: { products: [product], currentPage: 1, totalPages: 1, totalItems: 1 } },
      '/api/products/admin/00000000-0000-4000-8000-000000000001': () => {
        isDeleted = true;
        return { status: 200, body: { message: 'Product deleted' } };
      },
    });
    show(productList as unknown as RouteModule, '/product-list', '/product-list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Kundan Ring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted.')).toBeInTheDocument();
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    const calls = fetcher.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
    expect(calls).toEqual([
      'GET /api/products/admin/paginated?page=1&limit=10',
      'DELETE /api/products/admin/00000000-0000-4000-8000-000000000001',
      'GET /api/products/admin/paginated?page=1&limit=10',
    ]);
  });

  it('keeps the page and says why when the server refuses, without asking for the page again', async () => {
    const fetcher = serve({
      '/api/products/admin/paginated?page=1&limit=10': {
        status: 200,
        body: { products: [product], currentPage: 1, totalPages: 1, totalItems: 1 },
      },
      '/api/products/admin/00000000-0000-4000-8000-000000000001': {
        status: 409,
        body: { message: 'Product is on a quotation' },
      },
    });
    show(productList as unknown as RouteModule, '/product-list', '/product-list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Kundan Ring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product is on a quotation')).toBeInTheDocument();
    expect(screen.getByText('Kundan Ring')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe('Dashboard route', () => {
  it('shows the quotation figures when the overview fails, each part with its own state', async () => {
    serve({
      '/api/admin/dashboard': { status: 500, body: { message: 'Database unavailable' } },
      '/api/admin/dashboard/quotes?weeks=12': { status: 200, body: { byStatus: {} } },
    });
    show(dashboard as unknown as RouteModule, '/dashboard', '/dashboard');
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load the dashboard.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('The figures could not be loaded.')).toBeInTheDocument();
    expect(
      screen.getByText(/^The server's answer was not in the expected form \(byStatus\.new: /),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome to the Admin Dashboard' })).toBeInTheDocument();
  });
});
