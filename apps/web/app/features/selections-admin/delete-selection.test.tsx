import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Selection } from '@catalogue/shared/schemas/selection';
import { renderWithProviders } from '~/lib/test-utils';
import { DeleteSelection } from './delete-selection';
import { SelectionList } from './selection-list';

const link = (id: string) => ({
  _id: id,
  recipient: { name: `Buyer ${id}`, email: null, phone: null, userId: null },
  expiresAt: null,
  showPrices: false,
  revokedAt: null,
  createdAt: '2026-11-30T10:00:00.000Z',
});
const selection: Selection = {
  _id: 'sel-1',
  title: 'Diwali picks',
  note: '',
  internalNote: '',
  products: [],
  version: 1,
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
  owner: { _id: 'admin', name: 'Admin' },
  links: [link('l1'), link('l2')],
  lastOpenedAt: null,
};

type Call = { url: string; method: string };

/** `fetch` answering DELETE with `deleteStatus` and the list's reads with nothing. */
function serve(deleteStatus: number) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      if (method === 'DELETE') {
        const body =
          deleteStatus === 200 ? { message: 'Selection deleted' } : { message: 'Selection not found' };
        return Promise.resolve(new Response(JSON.stringify(body), { status: deleteStatus }));
      }
      const body = url.includes('follow-ups') ? { links: [] } : { selections: [] };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return calls;
}

function renderEditorAndList() {
  renderWithProviders(
    <Routes>
      <Route path="/selections/:id" element={<DeleteSelection selection={selection} />} />
      <Route path="/selections" element={<SelectionList />} />
    </Routes>,
    { path: '/selections/sel-1' },
  );
}

describe('deleting a selection', () => {
  beforeEach(() => window.localStorage.setItem('token', 'admin-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('asks first, saying its links stop working; keeping it sends nothing', async () => {
    const user = userEvent.setup();
    const calls = serve(200);
    renderEditorAndList();
    await user.click(screen.getByRole('button', { name: 'Delete the selection' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Diwali picks”?' });
    expect(dialog).toHaveTextContent('Its 2 links stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('deletes it through the API and returns to the list, which says what was deleted', async () => {
    const user = userEvent.setup();
    const calls = serve(200);
    renderEditorAndList();
    await user.click(screen.getByRole('button', { name: 'Delete the selection' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Selection “Diwali picks” deleted.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/selections/sel-1']);
  });

  it("stays on the selection with the server's reason when the delete fails", async () => {
    const user = userEvent.setup();
    serve(404);
    renderEditorAndList();
    await user.click(screen.getByRole('button', { name: 'Delete the selection' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The selection could not be deleted.');
    expect(alert).toHaveTextContent('Selection not found');
    expect(screen.getByRole('button', { name: 'Delete the selection' })).toBeInTheDocument();
  });
});
