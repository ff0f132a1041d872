import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyOrder } from '@catalogue/shared/schemas/quotation';
import { fetchInTurn } from '~/lib/test-routes';
import { MyRequests } from './my-requests';

const request = (overrides: Partial<MyOrder>): MyOrder => ({
  _id: `id-${overrides.orderId ?? 1}`,
  orderId: 1,
  status: 'new',
  createdAt: '2026-11-20T10:00:00.000Z',
  lineCount: 2,
  total: null,
  currency: null,
  validUntil: null,
  ...overrides,
});

/** The cells of the row of request #`orderId`, by their column's heading. */
function rowOf(orderId: number) {
  const link = screen.getByRole('link', { name: `View request ${orderId}` });
  const cells = within(link.closest('tr')!).getAllByRole('cell');
  return { total: cells[4]!, validity: cells[5]! };
}

describe('MyRequests', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T09:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a dash as a cancelled request’s total and the validity with its time', async () => {
    const orders = [
      request({ orderId: 1, status: 'new' }),
      request({ orderId: 2, status: 'cancelled' }),
      request({
        orderId: 3,
        status: 'quoted',
        total: 25_374_900,
        currency: 'INR',
        validUntil: '2026-12-02T18:00:00.000Z',
      }),
      request({
        orderId: 4,
        status: 'quoted',
        total: 100,
        currency: 'USD',
        validUntil: '2026-12-03T06:30:00.000Z',
      }),
      request({
        orderId: 5,
        status: 'accepted',
        total: 100,
        currency: 'USD',
        validUntil: '2026-12-20T23:59:59.999Z',
      }),
    ];
    const calls = fetchInTurn([
      () =>
        new Response(JSON.stringify({ orders, currentPage: 1, totalPages: 1, totalItems: orders.length })),
    ]);
    render(
      <MemoryRouter>
        <MyRequests />
      </MemoryRouter>,
    );
    await screen.findByRole('link', { name: 'View request 1' });
    expect(calls[0]?.url).toContain('/api/orders/mine?page=1');
    expect(rowOf(1).total).toHaveTextContent('Awaiting quotation');
    expect(rowOf(1).validity).toHaveTextContent(/^—$/);
    expect(rowOf(2).total).toHaveTextContent(/^—$/);
    expect(rowOf(2).validity).toHaveTextContent(/^—$/);
    expect(rowOf(3).total).toHaveTextContent('INR 2,53,749.00');
    expect(rowOf(3).validity).toHaveTextContent(/^expires today at 18:00 UTC$/);
    expect(rowOf(4).validity).toHaveTextContent(/^expires tomorrow at 06:30 UTC$/);
    expect(rowOf(5).validity).toHaveTextContent(/^20 Dec 2026, 23:59 UTC$/);
  });
});
