import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enquiryStore } from '~/lib/enquiry/enquiry-store';
import { CategoryFilterTabs } from '~/features/catalogue/category-filter';
import { ProductListing, type ListingData } from '~/features/catalogue/product-listing';
import { makeProduct, renderRoutes } from '~/lib/test-utils';

// Sixteen cards take a while to render on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

const products = Array.from({ length: 16 }, (_, i) => makeProduct({ name: `Gem ${i + 1}` }));
const pageOf = (currentPage: number, totalPages = 3): ListingData => ({
  status: 'ok',
  products,
  currentPage,
  totalPages,
  totalItems: 40,
});

function LoginProbe() {
  const location = useLocation();
  return (
    <p>
      login page {location.search} state {JSON.stringify(location.state)}
    </p>
  );
}

function listingRoutes(data: (url: URL) => ListingData) {
  return [
    {
      path: '/shopall',
      loader: ({ request }: { request: Request }) => data(new URL(request.url)),
      Component: function Shopall() {
        const location = useLocation();
        const page = Number(new URLSearchParams(location.search).get('page') ?? 1);
        return (
          <ProductListing title="The Latest Gems" data={pageOf(page)} failedText="Failed to load products." />
        );
      },
    },
    { path: '/login', Component: LoginProbe },
  ];
}

describe('ProductListing', () => {
  beforeEach(() => {
    localStorage.clear();
    enquiryStore.reload();
  });
  afterEach(() => vi.useRealTimers());

  it("offers an administrator a selection of the listing's designs under its filters, and no one else", async () => {
    const link = { name: 'Make a selection of these 40 designs' };
    const first = renderRoutes(
      listingRoutes(() => pageOf(1)),
      { path: '/shopall?metal=silver&page=2' },
    );
    await screen.findByRole('heading', { level: 1, name: 'The Latest Gems' });
    expect(screen.queryByRole('link', link)).not.toBeInTheDocument();
    first.unmount();
    localStorage.setItem('token', 'buyer-token');
    localStorage.setItem('role', 'user');
    const second = renderRoutes(
      listingRoutes(() => pageOf(1)),
      { path: '/shopall?metal=silver' },
    );
    await screen.findByRole('heading', { level: 1, name: 'The Latest Gems' });
    expect(screen.queryByRole('link', link)).not.toBeInTheDocument();
    second.unmount();
    localStorage.setItem('role', 'admin');
    renderRoutes(
      listingRoutes(() => pageOf(1)),
      { path: '/shopall?metal=silver&page=2' },
    );
    expect(await screen.findByRole('link', link)).toHaveAttribute(
      'href',
      `/selections/new?listing=${encodeURIComponent('/shopall?metal=silver&page=2')}`,
    );
  });

  it('shows the heading, 16 cards in a grid and Previous / numbers / Next', async () => {
    renderRoutes(
      listingRoutes(() => pageOf(1)),
      { path: '/shopall' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'The Latest Gems' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(16);
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/shopall?page=2');
    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/shopall?page=2');
  });

  it('has no pagination with a single page, and says No Products Found when empty', async () => {
    renderRoutes(
      [
        {
          path: '/shopall',
          Component: () => (
            <ProductListing
              title="Rings Collection"
              data={{ status: 'ok', products: [], currentPage: 1, totalPages: 1, totalItems: 0 }}
              failedText="x"
            />
          ),
        },
      ],
      { path: '/shopall' },
    );
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows the failure text, in red on category pages', async () => {
    renderRoutes(
      [
        {
          path: '/category/Rings',
          Component: () => (
            <ProductListing
              title="Rings Collection"
              data={{ status: 'error' }}
              failedText="Failed to load products. Please try again."
              isFailureRed
            />
          ),
        },
      ],
      { path: '/category/Rings' },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load products. Please try again.');
    expect(alert).toHaveClass('text-red-700');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('sends an anonymous visitor asking for page 2 to the login page, with the page as from and state', async () => {
    const user = userEvent.setup();
    renderRoutes(
      listingRoutes(() => pageOf(1)),
      { path: '/shopall' },
    );
    await user.click(await screen.findByRole('link', { name: 'Page 2' }));
    expect(
      await screen.findByText(`login page ?from=%2Fshopall%3Fpage%3D2 state {"from":"/shopall?page=2"}`),
    ).toBeInTheDocument();
  });

  it('lets a logged-in visitor through to page 2 and scrolls to the grid 100 ms later', async () => {
    localStorage.setItem('token', 't');
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const user = userEvent.setup();
    renderRoutes(
      listingRoutes(() => pageOf(1)),
      { path: '/shopall' },
    );
    await user.click(await screen.findByRole('link', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Page 2', current: 'page' })).toBeInTheDocument();
    expect(scroll).not.toHaveBeenCalled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth', block: 'start' }));
  });
});

describe('CategoryFilterTabs', () => {
  it('links All / With Gemstone / Without Gemstone, each starting at page 1, marking the current one', async () => {
    renderRoutes(
      [
        {
          path: '/en-in/category/Rings',
          Component: () => <CategoryFilterTabs basePath="/category/Rings" active="with" />,
        },
      ],
      { path: '/en-in/category/Rings?filter=with&page=3' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Filter designs' });
    expect(within(nav).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/en-in/category/Rings');
    expect(within(nav).getByRole('link', { name: 'With Gemstone' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Without Gemstone' })).toHaveAttribute(
      'href',
      '/en-in/category/Rings?filter=without',
    );
  });

  it('keeps the chosen facet filters and sort when the gemstone tab changes', async () => {
    renderRoutes(
      [
        {
          path: '/category/Rings',
          Component: () => <CategoryFilterTabs basePath="/category/Rings" active="with" />,
        },
      ],
      { path: '/category/Rings?filter=with&metal=silver,brass&stone=ruby&sort=name&page=2' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Filter designs' });
    expect(within(nav).getByRole('link', { name: 'All' })).toHaveAttribute(
      'href',
      '/category/Rings?metal=silver%2Cbrass&stone=ruby&sort=name',
    );
    expect(within(nav).getByRole('link', { name: 'Without Gemstone' })).toHaveAttribute(
      'href',
      '/category/Rings?filter=without&metal=silver%2Cbrass&stone=ruby&sort=name',
    );
  });
});
