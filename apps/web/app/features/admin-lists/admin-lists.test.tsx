import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderListSchema, type Order } from '@catalogue/shared/schemas/order';
import { userListSchema, type UserListItem } from '@catalogue/shared/schemas/user';
import type * as ApiClient from '~/lib/api-client';
import { ApiError, apiRequest, getJson } from '~/lib/api-client';
import { performWrite } from '~/lib/route-action';
import { settle } from '~/lib/route-data';
import { fetchAnswering, renderLoaded } from '~/lib/test-routes';
import {
  ageOf,
  listStateOf,
  OrderList,
  ordersPath,
  sendOrderListWrite,
  shownRange,
  type OrderListWrite,
} from './order-list';
import { sendAccountWrite, type AccountWrite } from './account-actions';
import { filterUsersByEmail, UserList } from './user-list';

vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

// As the routes' loaders ask: the users, the orders the address asks for, the posts without their text.
const showUsers = () =>
  renderLoaded(UserList, () => settle(getJson('/users/all', userListSchema)), {
    act: ({ request }) => performWrite<AccountWrite>(request, sendAccountWrite),
  });
const showOrders = (path = '/orderlist') =>
  renderLoaded(
    OrderList,
    ({ request }) => settle(getJson(ordersPath(new URL(request.url).searchParams), orderListSchema)),
    {
      path,
      pattern: '/orderlist',
      act: ({ request }) => performWrite<OrderListWrite>(request, sendOrderListWrite),
    },
  );

function makeUser(overrides: Partial<UserListItem>): UserListItem {
  return {
    _id: crypto.randomUUID(),
    name: 'Asha',
    email: 'asha@example.com',
    contactNumber: '',
    country: '',
    companyName: '',
    companyWebsite: '',
    role: 'user',
    emailVerified: true,
    status: 'active',
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function makeOrder(orderId: number, overrides: Partial<Order> = {}): Order {
  return {
    _id: `id-${orderId}`,
    orderId,
    userId: null,
    firstName: 'Meera',
    email: 'meera@example.com',
    contactNumber: '+91 98',
    companyName: '',
    companyWebsite: '',
    country: 'IN',
    message: 'Need 50 pieces',
    status: 'new',
    overdue: false,
    orderDetails: [
      { productId: 'p1', name: 'Ruby Ring', sku: 'RG-1', quantity: 2, imageUrl: null },
      { productId: 'p2', name: 'Jhumka', sku: 'ER-4', quantity: 12, imageUrl: null },
    ],
    excelFilePath: `/uploads/Quotation_${orderId}.xlsx?sig=abc&exp=99`,
    createdAt: '2024-03-05T10:30:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  api.mockReset();
  fetchAnswering(api);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('helpers', () => {
  it("reads the list's controls from an address, falling back on what it cannot read", () => {
    expect(listStateOf(new URLSearchParams('page=3&status=quoted&sort=oldest&search=%20Meera%20'))).toEqual({
      page: 3,
      search: 'Meera',
      status: 'quoted',
      sort: 'oldest',
    });
    expect(listStateOf(new URLSearchParams('page=0&status=lost&sort=up'))).toEqual({
      page: 1,
      search: '',
      status: '',
      sort: 'newest',
    });
    expect(ordersPath(new URLSearchParams('page=abc&status=new'))).toBe(
      '/orders/orders?page=1&limit=10&status=new',
    );
  });

  it('numbers the rows shown on a page', () => {
    expect(shownRange(1, 10, 23)).toEqual({ from: 1, to: 10, total: 23 });
    expect(shownRange(3, 3, 23)).toEqual({ from: 21, to: 23, total: 23 });
    expect(shownRange(1, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it('searches users by e-mail only, ignoring case', () => {
    const users = [
      makeUser({ email: 'Asha@Gems.in', name: 'zed' }),
      makeUser({ email: 'bo@x.com', name: 'gems' }),
    ];
    expect(filterUsersByEmail(users, ' GEMS ').map((u) => u.email)).toEqual(['Asha@Gems.in']);
    expect(filterUsersByEmail(users, '')).toHaveLength(2);
  });
});

describe('UserList', () => {
  it('lists users with N/A for missing values and a flag with the code', async () => {
    api.mockResolvedValue([
      makeUser({
        name: 'Asha',
        email: 'asha@gems.in',
        country: 'IN',
        companyWebsite: 'gems.in',
        companyName: 'Gems',
      }),
      makeUser({ name: 'Bo', email: 'bo@x.com' }),
    ]);
    showUsers();
    expect(screen.getByRole('status')).toHaveTextContent('Loading users...');
    const asha = (await screen.findByRole('cell', { name: 'Asha' })).closest('tr')!;
    expect(within(asha).getByText('IN')).toBeInTheDocument();
    expect(within(asha).getByRole('link', { name: 'gems.in' })).toHaveAttribute('href', 'https://gems.in/');
    const bo = screen.getByRole('cell', { name: 'Bo' }).closest('tr')!;
    expect(within(bo).getAllByText('N/A')).toHaveLength(4);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by email' }), {
      target: { value: 'BO@' },
    });
    expect(screen.queryByRole('cell', { name: 'Asha' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by email' }), {
      target: { value: 'nobody' },
    });
    expect(screen.getByText('No users found')).toBeInTheDocument();
  });

  it('says so when the users cannot be fetched', async () => {
    api.mockRejectedValueOnce(new ApiError(500, 'Internal Server Error'));
    showUsers();
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });
});

describe('OrderList', () => {
  it('keeps its filter, sort, search and page in the address', async () => {
    api.mockResolvedValue({ success: true, orders: [makeOrder(7)], totalPages: 3, totalItems: 21 });
    function Screen({ loaded }: { loaded: Parameters<typeof OrderList>[0]['loaded'] }) {
      const { search } = useLocation();
      return (
        <>
          <OrderList loaded={loaded} />
          <output aria-label="address">{search}</output>
        </>
      );
    }
    renderLoaded(
      Screen,
      ({ request }) => settle(getJson(ordersPath(new URL(request.url).searchParams), orderListSchema)),
      { path: '/orderlist', pattern: '/orderlist' },
    );
    const address = () => screen.getByRole('status', { name: 'address' }).textContent;
    await screen.findByText('Showing 1-1 of 21 orders');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'quoted' } });
    await waitFor(() => expect(address()).toBe('?page=1&status=quoted'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by age' }), { target: { value: 'oldest' } });
    await waitFor(() => expect(address()).toBe('?page=1&status=quoted&sort=oldest'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: 'ruby' } });
    await waitFor(() => expect(address()).toBe('?page=1&search=ruby&status=quoted&sort=oldest'));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(address()).toBe('?page=2&search=ruby&status=quoted&sort=oldest'));
    // The route's loader answered each address.
    await waitFor(() =>
      expect(api).toHaveBeenLastCalledWith(
        '/orders/orders?page=2&limit=10&search=ruby&status=quoted&sort=oldest',
        expect.anything(),
      ),
    );
  });

  it('says how long ago a request came, in minutes, hours, then days', () => {
    const now = new Date('2024-03-05T12:00:00.000Z');
    expect(ageOf('2024-03-05T11:59:30.000Z', now)).toEqual({ unit: 'minutes', count: 0 });
    expect(ageOf('2024-03-05T11:01:00.000Z', now)).toEqual({ unit: 'minutes', count: 59 });
    expect(ageOf('2024-03-05T11:00:00.000Z', now)).toEqual({ unit: 'hours', count: 1 });
    expect(ageOf('2024-03-04T12:00:01.000Z', now)).toEqual({ unit: 'hours', count: 23 });
    expect(ageOf('2024-03-02T12:00:00.000Z', now)).toEqual({ unit: 'days', count: 3 });
  });

  it('shows the page and state an address asks for, with its controls set to them', async () => {
    api.mockResolvedValue({
      success: true,
      orders: [makeOrder(7, { status: 'quoted' })],
      totalPages: 3,
      totalItems: 21,
    });
    showOrders('/orderlist?page=2&status=quoted');
    expect(await screen.findByText('Showing 11-11 of 21 orders')).toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenLastCalledWith('/orders/orders?page=2&limit=10&status=quoted', expect.anything());
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('quoted');
  });

  it('shows a page of orders and asks the server again for a search after a pause', async () => {
    vi.useFakeTimers({ now: new Date('2024-03-05T13:45:00.000Z') });
    api.mockResolvedValue({
      success: true,
      orders: [makeOrder(12, { companyName: 'Gem Co' }), makeOrder(11, { excelFilePath: '' })],
      totalPages: 2,
      totalItems: 12,
    });
    showOrders();
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading orders...')).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(api).toHaveBeenLastCalledWith('/orders/orders?page=1&limit=10', expect.anything());
    expect(screen.getByText('Showing 1-2 of 12 orders')).toBeInTheDocument();
    // A compact row: number, state, buyer and company, how many designs, how long ago, actions.
    const row12 = screen.getByRole('cell', { name: '12' }).closest('tr')!;
    expect(
      within(row12)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '12',
      'New',
      'Meera, Gem Comeera@example.com',
      '2 designs',
      '3 hours ago',
      expect.stringMatching(/^OpenView.*Delete$/),
    ]);
    expect(within(row12).getByRole('link', { name: /order 12/ })).toHaveAttribute(
      'href',
      '/api/orders/download/Quotation_12.xlsx?sig=abc&exp=99',
    );
    const row11 = screen.getByRole('cell', { name: '11' }).closest('tr')!;
    expect(within(row11).getByText('No File')).toBeInTheDocument();
    expect(within(row11).getByText('Meera')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(api).toHaveBeenLastCalledWith('/orders/orders?page=2&limit=10', expect.anything());

    api.mockClear();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: 'ruby' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(api).not.toHaveBeenCalledWith(expect.stringContaining('search='), expect.anything());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(api).toHaveBeenLastCalledWith('/orders/orders?page=1&limit=10&search=ruby', expect.anything());
  });

  it('shows the error text, and the empty state', async () => {
    api.mockRejectedValueOnce(new ApiError(403, 'Forbidden'));
    const { unmount } = showOrders();
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
    unmount();
    api.mockResolvedValueOnce({ success: true, orders: [], totalPages: 1, totalItems: 0 });
    showOrders();
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
  });

  it('shows the error state, naming the wrong field, when the answer is not a list of orders', async () => {
    api.mockResolvedValue({ success: true, orders: [{ orderId: 'twelve' }], totalPages: 1, totalItems: 1 });
    showOrders();
    expect(
      await screen.findByText(
        "The server's answer was not in the expected form (orders.0._id: Invalid input: expected string, received undefined).",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('deletes an order only after the confirmation', async () => {
    let orders = [makeOrder(5)];
    api.mockImplementation(async (path, options) => {
      if (options?.method === 'DELETE') {
        orders = [];
        return { message: 'Order deleted' };
      }
      return { success: true, orders, totalPages: 1, totalItems: orders.length };
    });
    showOrders();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete order 5' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure to delete this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete order 5' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    });
    expect(api).toHaveBeenCalledWith('/orders/id-5', { method: 'DELETE' });
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
  });
});
