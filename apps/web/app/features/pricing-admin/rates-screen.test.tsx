import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchServing, type FetchCall, type JsonAnswer } from '~/lib/test-routes';
import { renderWithProviders } from '~/lib/test-utils';
import { RatesScreen } from './rates-screen';

const RATES = {
  rates: [
    {
      metal: 'silver',
      fineness: 999,
      perKgFine: 9_500_000,
      unitShown: 'INR/kg',
      source: 'IBJA am',
      effectiveAt: '2026-12-01T05:30:00.000Z',
      setBy: { _id: null, name: 'Ravi' },
    },
    {
      metal: 'gold',
      fineness: 995,
      perKgFine: 725_000_000,
      unitShown: 'INR/10g',
      source: 'IBJA am',
      effectiveAt: '2026-12-01T05:30:00.000Z',
      setBy: { _id: null, name: 'Ravi' },
    },
  ],
  fx: [],
};

/** `fetch` answering by address: the rates, the history, and `post` for every write. */
const serve = (post: (call: FetchCall) => JsonAnswer) =>
  fetchServing((call) =>
    call.method === 'POST'
      ? post(call)
      : call.url.includes('/history')
        ? { status: 200, body: { rates: RATES.rates.slice(0, 1), fx: [] } }
        : { status: 200, body: RATES },
  );

describe('RatesScreen', () => {
  beforeEach(() => window.localStorage.setItem('token', 'admin-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows each rate as the trade reads it and sends gold per 10 g as paise per kg of fine metal', async () => {
    const calls = serve(() => ({ status: 201, body: { rate: RATES.rates[1] } }));
    renderWithProviders(<RatesScreen />);
    expect(await screen.findByText('Current: ₹95,000.00')).toBeInTheDocument();
    // ₹72,50,00,000 per kg of fine gold is ₹72,500.00 per 10 g.
    expect(screen.getByText('Current: ₹72,500.00')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^₹ per 10 g of fine gold/), '76,000.50');
    await user.click(screen.getAllByRole('button', { name: 'Set rate' })[1]!);
    expect(await screen.findByText('₹ per 10 g of fine gold set.')).toBeInTheDocument();
    const write = calls.find((c) => c.method === 'POST');
    expect(write?.url).toMatch(/\/api\/rates$/);
    expect(write?.body).toMatchObject({ metal: 'gold', perKgFine: 760_005_000 });
  });

  it('shows the server’s refusal beside the field, and a mistyped amount without asking the server', async () => {
    const calls = serve(() => ({
      status: 400,
      body: { message: 'perKgFine is over 100 times the last rate (9500000); check the unit' },
    }));
    renderWithProviders(<RatesScreen />);
    const field = await screen.findByLabelText(/^₹ per kg of fine silver/);
    const user = userEvent.setup();
    await user.type(field, 'ninety');
    await user.click(screen.getAllByRole('button', { name: 'Set rate' })[0]!);
    expect(await screen.findByText('Enter an amount in rupees, up to two decimals.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '95000000');
    await user.click(screen.getAllByRole('button', { name: 'Set rate' })[0]!);
    expect(await screen.findByText(/over 100 times the last rate/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      metal: 'silver',
      perKgFine: 9_500_000_000,
    });
  });
});
