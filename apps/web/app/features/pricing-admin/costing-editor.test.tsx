import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { ApiError, apiRequest } from '~/lib/api-client';
import { fetchAnswering } from '~/lib/test-routes';
import { EXAMPLE_A_COSTING } from '@catalogue/shared/domain/worked-examples';
import { CostingEditor } from './costing-editor';

vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const PATH = '/products/admin/p1/costing';
const silverRate = {
  metal: 'silver',
  fineness: 999,
  perKgFine: 9_500_000,
  unitShown: 'INR/kg',
  source: 'IBJA',
  effectiveAt: '2026-12-01T06:00:00.000Z',
  setBy: null,
};

/** Worked example A (sterling silver ring, 4.250 g, 8% wastage, ₹12/g making, 3 CZ, rhodium, hallmark), as stored. */
const exampleA = EXAMPLE_A_COSTING;

function serve(costing: unknown, rates: unknown[] = [silverRate], onPut?: (body: unknown) => unknown) {
  api.mockImplementation(async (...args: unknown[]) => {
    const path = String(args[0]);
    const init = args[1] as { method?: string; json?: unknown } | undefined;
    if (path === '/rates') return { rates, fx: [] };
    if (path === PATH && init?.method === 'PUT') return onPut?.(init.json);
    if (path === PATH) return { costing, suggested: null, unpricedReason: costing ? null : 'no costing' };
    return undefined;
  });
}

beforeEach(() => {
  api.mockReset();
  fetchAnswering(api);
});
afterEach(() => vi.unstubAllGlobals());

const live = () => screen.getByRole('region', { name: "Price of one piece at today's rates" });
const loaded = () => screen.findByRole('region', { name: "Price of one piece at today's rates" });

describe('CostingEditor', () => {
  it("loads a saved costing and shows its price at today's rate, part by part (example A)", async () => {
    serve(exampleA);
    render(<CostingEditor productId="p1" />);
    expect(await screen.findByLabelText('Net metal weight (g)')).toHaveValue('4.250');
    expect(await within(live()).findByText('Unit price: ₹526.85')).toBeInTheDocument();
    for (const amount of ['₹403.35', '₹51.00', '₹13.50', '₹6.00', '₹18.00', '₹35.00'])
      expect(within(live()).getByText(amount)).toBeInTheDocument();
  });

  it('recomputes the price as a box changes, and says when a box is not readable', async () => {
    serve(exampleA, [{ ...silverRate, perKgFine: 9_800_000 }]);
    render(<CostingEditor productId="p1" />);
    expect(await within(await loaded()).findByText('Unit price: ₹539.58')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Plating per piece (₹)'), { target: { value: '20' } });
    expect(within(live()).getByText('Unit price: ₹541.58')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Net metal weight (g)'), { target: { value: '4,2' } });
    expect(within(live()).getByText('Fill in the highlighted fields to see the price.')).toBeInTheDocument();
  });

  it("keeps the buyer's own stones and their handling % when a costing is saved again", async () => {
    const put = vi.fn(() => ({ costing: null, suggested: null, unpricedReason: 'no rate' }));
    const own = {
      kind: 'Ruby',
      count: 2,
      rate: 10_000,
      basis: 'per_piece',
      suppliedByBuyer: true,
      handlingPct: 5,
    };
    serve({ ...exampleA, stones: [own] }, [silverRate], put);
    render(<CostingEditor productId="p1" />);
    expect(await screen.findByLabelText('Supplied by the buyer')).toBeChecked();
    // Example A with two of the buyer's rubies: 5% handling of ₹200 is ₹10, setting 2 × ₹2.
    expect(await within(await loaded()).findByText('Unit price: ₹521.35')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save costing' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect((put.mock.calls[0] as unknown[])[0]).toMatchObject({
      stones: [
        { kind: 'Ruby', count: 2, rate: 10_000, basis: 'per_piece', suppliedByBuyer: true, handlingPct: 5 },
      ],
    });
  });

  it('says when no rate is set for the metal', async () => {
    serve(exampleA, []);
    render(<CostingEditor productId="p1" />);
    expect(
      await within(await loaded()).findByText(
        "No rate is set for silver: set today's rate to see the price.",
      ),
    ).toBeInTheDocument();
  });

  it('builds a per-piece costing from the boxes and saves it in paise and milligrams (example B)', async () => {
    const put = vi.fn(() => ({
      costing: null,
      suggested: {
        unitPrice: 8000,
        breakdown: { metal: 0, making: 3800, stones: 1500, setting: 0, plating: 2200, extras: 500 },
        chargeableWeightMg: 0,
        rateUsed: null,
      },
      unpricedReason: null,
    }));
    serve(null, [], put);
    render(<CostingEditor productId="p1" />);
    expect(await screen.findByText(/no costing yet/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Pricing'), { target: { value: 'per_piece' } });
    fireEvent.change(screen.getByLabelText('Making charge'), { target: { value: 'per_piece' } });
    fireEvent.change(screen.getByLabelText('Making (₹)'), { target: { value: '38' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a stone' }));
    fireEvent.change(screen.getByLabelText('Stone'), { target: { value: 'CZ' } });
    fireEvent.change(screen.getByLabelText('Count'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Rate (₹)'), { target: { value: '1.25' } });
    fireEvent.change(screen.getByLabelText('Plating per piece (₹)'), { target: { value: '22' } });
    fireEvent.change(screen.getByLabelText('Packaging (₹)'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Net metal weight (g)'), { target: { value: '6.5' } });
    fireEvent.change(screen.getByLabelText('HSN code'), { target: { value: '71179010' } });
    fireEvent.change(screen.getByLabelText('Minimum order'), { target: { value: '48' } });
    fireEvent.change(screen.getByLabelText('Pack size'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a price break' }));
    fireEvent.change(screen.getByLabelText('From quantity'), { target: { value: '288' } });
    fireEvent.change(screen.getByLabelText('Unit price (₹)'), { target: { value: '76' } });
    // Per piece needs no rate: the price shows at once.
    expect(within(live()).getByText('Unit price: ₹80.00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save costing' }));
    expect(await screen.findByText('Costing saved. Suggested price: ₹80.00.')).toBeInTheDocument();
    expect(put).toHaveBeenCalledWith({
      pricingMode: 'per_piece',
      netWeightMg: 6500,
      wastagePct: undefined,
      making: { basis: 'per_piece', value: 3800 },
      stones: [{ kind: 'CZ', count: 12, caratsMilli: undefined, rate: 125, basis: 'per_piece' }],
      settingPerStone: undefined,
      platingPerPiece: 2200,
      extrasPerPiece: [{ kind: 'packaging', amount: 500 }],
      hsn: '71179010',
      gstPct: undefined,
      moq: 48,
      casePack: 12,
      priceBreaks: [{ minQty: 288, unitPrice: 7600 }],
    });
  });

  it("refuses a metal-linked costing without its weight before sending, and shows the server's refusal beside its box", async () => {
    serve(null, [silverRate], () => {
      throw new ApiError(400, 'hsn must be 4, 6 or 8 digits', 'VALIDATION', [
        { path: 'hsn', message: 'hsn must be 4, 6 or 8 digits' },
      ]);
    });
    render(<CostingEditor productId="p1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save costing' }));
    expect(await screen.findByText('Required for a metal-linked design')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalledWith(PATH, expect.objectContaining({ method: 'PUT' }));
    fireEvent.change(screen.getByLabelText('Net metal weight (g)'), { target: { value: '4.25' } });
    fireEvent.change(screen.getByLabelText('Making (₹)'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('HSN code'), { target: { value: '711' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save costing' }));
    await waitFor(() => expect(screen.getByLabelText('HSN code')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('hsn must be 4, 6 or 8 digits').length).toBeGreaterThan(0);
  });
});
