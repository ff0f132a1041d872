import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '~/lib/test-utils';
import { OrderAgain } from './order-again';

afterEach(() => vi.unstubAllGlobals());

describe('request again', () => {
  it('lists the lines with the last quoted price, flags a deleted design and sends only the others', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(
          JSON.stringify({
            lines: [
              {
                productId: 'p-ring',
                code: 'RG-1001',
                name: 'Kundan Ring',
                quantity: 24,
                lastQuotedUnitPrice: 45_000,
                currency: 'INR',
                available: true,
              },
              {
                productId: null,
                code: 'PD-9',
                name: 'Old Pendant',
                quantity: 6,
                lastQuotedUnitPrice: null,
                currency: null,
                available: false,
              },
            ],
          }),
          { status: 200 },
        );
      }),
    );
    const sent: { productId: string; pieces: number }[][] = [];
    renderWithProviders(
      <OrderAgain
        orderId="order-1"
        onConfirm={async (lines) => {
          sent.push(lines);
        }}
      />,
    );
    expect(await screen.findByText('Last quoted: INR 450.00')).toBeInTheDocument();
    expect(urls).toEqual(['/api/orders/order-1/again']);
    expect(screen.getByText('Last quoted: Not quoted')).toBeInTheDocument();
    expect(screen.getByText('No longer available')).toBeInTheDocument();
    expect(screen.queryByLabelText('Pieces of PD-9')).toBeNull();
    const pieces = screen.getByLabelText('Pieces of RG-1001');
    expect(pieces).toHaveValue(24);
    await userEvent.clear(pieces);
    await userEvent.type(pieces, '36');
    await userEvent.click(screen.getByRole('button', { name: 'Put 1 designs in the enquiry list' }));
    await waitFor(() => expect(sent).toEqual([[{ productId: 'p-ring', pieces: 36 }]]));
  });

  it('says when the request cannot be loaded, and tries again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Order not found' }), { status: 404 })),
    );
    renderWithProviders(<OrderAgain orderId="nope" onConfirm={async () => {}} />);
    expect(await screen.findByText('The request could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Order not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
