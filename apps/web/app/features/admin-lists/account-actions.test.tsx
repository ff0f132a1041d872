import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userListSchema, type UserListItem } from '@catalogue/shared/schemas/user';
import type * as ApiClient from '~/lib/api-client';
import { ApiError, apiRequest, getJson } from '~/lib/api-client';
import { performWrite } from '~/lib/route-action';
import { settle } from '~/lib/route-data';
import { fetchAnswering, renderLoaded } from '~/lib/test-routes';
import { actionsFor, sendAccountWrite, type AccountWrite } from './account-actions';
import { UserList } from './user-list';

vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const user = (over: Partial<UserListItem>): UserListItem => ({
  _id: 'u-1',
  name: 'Ravi Jain',
  email: 'ravi@example.com',
  contactNumber: '',
  country: 'IN',
  companyName: '',
  companyWebsite: '',
  role: 'user',
  emailVerified: true,
  status: 'pending',
  createdAt: '2024-01-01T00:00:00.000Z',
  ...over,
});

// As the route's loader asks, and its action writes.
const showUsers = () =>
  renderLoaded(UserList, () => settle(getJson('/users/all', userListSchema)), {
    act: ({ request }) => performWrite<AccountWrite>(request, sendAccountWrite),
  });

beforeEach(() => {
  fetchAnswering(api);
});
afterEach(() => {
  api.mockReset();
  vi.unstubAllGlobals();
});

describe('account actions', () => {
  it('offers what fits the account: approve or reject a pending one, disable an active one', () => {
    const kinds = (u: UserListItem) => actionsFor(u).map((a) => a.kind);
    expect(kinds(user({ status: 'pending' }))).toEqual(['approve', 'reject', 'promote']);
    expect(kinds(user({ status: 'active' }))).toEqual(['disable', 'promote']);
    expect(kinds(user({ status: 'rejected', role: 'admin' }))).toEqual(['approve', 'demote']);
    expect(kinds(user({ status: 'disabled' }))).toEqual(['enable', 'promote']);
  });

  it('rejects after a confirmation with the reason, and the row shows the new status', async () => {
    // As the server: the list read again after the change shows the account as the change left it.
    let stored = user({});
    api.mockImplementation(async (path) => {
      if (path === '/users/all') return [stored];
      stored = user({ status: 'rejected' });
      return { user: stored };
    });
    showUsers();
    const reject = await screen.findByRole('button', { name: 'Reject' });
    expect(reject).toHaveAccessibleDescription('Ravi Jain');
    fireEvent.click(reject);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName(/Reject the trade account of Ravi Jain/);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: ' No GST number ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/users/u-1/status', {
        method: 'PUT',
        json: { status: 'rejected', reason: 'No GST number' },
      }),
    );
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's reason when a change is refused", async () => {
    api.mockImplementation(async (path) => {
      if (path === '/users/all') return [user({ status: 'active', role: 'admin' })];
      throw new ApiError(409, 'The last administrator cannot be demoted');
    });
    showUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove admin' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The last administrator cannot be demoted',
    );
    expect(screen.getByText('Approved')).toBeInTheDocument();
  });
});
