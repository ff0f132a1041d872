import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail, QuoteRevision } from '@catalogue/shared/schemas/quotation';
import type * as ApiClient from '~/lib/api-client';
import { ApiError, apiRequest } from '~/lib/api-client';
import { QuoteEditor } from './quote-editor';

vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
beforeEach(() => api.mockReset());

const ID = '11111111-1111-4111-8111-111111111111';

const ringLine = {
  productId: 'p1',
  sku: 'RG-925',
  name: 'Silver ring',
  imageUrl: null,
  quantity: 120,
  unitPrice: 52_685,
  moq: 1,
  note: '',
  lineTotal: 6_322_200,
  suggestedUnitPrice: 52_685,
  breakdown: { metal: 40_335, making: 5_100, stones: 1_350, setting: 600, plating: 1_800, extras: 3_500 },
};
const plainLine = {
  productId: 'p2',
  sku: 'BG-0',
  name: 'Bangle',
  imageUrl: null,
  quantity: 10,
  unitPrice: 12_000,
  moq: 1,
  note: '',
  lineTotal: 120_000,
  suggestedUnitPrice: null,
  breakdown: null,
};

function quoteOf(overrides: Partial<QuoteRevision> = {}): QuoteRevision {
  return {
    revision: 1,
    state: 'draft',
    currency: 'INR',
    lines: [ringLine, plainLine],
    total: 6_442_200,
    leadTimeDays: 14,
    validUntil: null,
    noteToBuyer: '',
    internalNote: '',
    sentAt: null,
    showBreakdown: false,
    taxRegime: 'inter_state',
    tax: { cgst: 0, sgst: 0, igst: 193_266 },
    grandTotal: 6_635_466,
    incoterm: null,
    namedPlace: '',
    paymentTerms: null,
    ...overrides,
  };
}

function orderOf(quote: QuoteRevision | null, overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    _id: ID,
    orderId: 42,
    userId: 'u1',
    firstName: 'Meera',
    email: 'meera@example.com',
    contactNumber: '+91 98',
    companyName: '',
    companyWebsite: '',
    country: 'IN',
    message: '',
    status: quote ? (quote.state === 'sent' ? 'quoted' : 'new') : 'new',
    overdue: false,
    orderDetails: [
      { productId: 'p1', name: 'Silver ring', sku: 'RG-925', quantity: 120, imageUrl: null },
      { productId: 'p2', name: 'Bangle', sku: 'BG-0', quantity: 10, imageUrl: null },
    ],
    excelFilePath: '',
    createdAt: '2026-11-20T10:00:00.000Z',
    version: 2,
    quote,
    revisions: [],
    fulfilment: null,
    history: [],
    ...overrides,
  };
}

/** The editor as the request page holds it: the answer it hands back becomes its order. */
function Harness({ start, onChange }: { start: OrderDetail; onChange: (o: OrderDetail) => void }) {
  const [order, setOrder] = useState(start);
  return (
    <QuoteEditor
      order={order}
      onChange={(o) => {
        onChange(o);
        setOrder(o);
      }}
    />
  );
}

function renderEditor(order: OrderDetail, onChange = vi.fn()) {
  render(
    <MemoryRouter>
      <Harness start={order} onChange={onChange} />
    </MemoryRouter>,
  );
  return onChange;
}

type Sent = { lines: Record<string, unknown>[] } & Record<string, unknown>;
const sentBody = (call = 0) => (api.mock.calls[call]![1] as { json: Sent }).json;

describe('QuoteEditor pricing', () => {
  it('shows each line its suggested price and breakdown, and the taxes of the saved draft', () => {
    renderEditor(orderOf(quoteOf()));
    expect(screen.getByText('Suggested: INR 526.85')).toBeInTheDocument();
    const parts = screen.getByRole('group', { name: 'Breakdown of one piece of RG-925 (₹)' });
    for (const [part, amount] of [
      ['Metal', 'INR 403.35'],
      ['Making', 'INR 51.00'],
      ['Stones', 'INR 13.50'],
      ['Setting', 'INR 6.00'],
      ['Plating', 'INR 18.00'],
      ['Extras', 'INR 35.00'],
    ])
      expect(within(parts).getByText(part!).nextSibling).toHaveTextContent(amount!);
    expect(screen.getByText(/No suggested price yet/)).toBeInTheDocument();
    expect(screen.getByText(/IGST INR 1,932.66 · grand total INR 66,354.66/)).toBeInTheDocument();
  });

  it('sends an emptied price without unitPrice, so the server takes the suggested price', async () => {
    const onChange = renderEditor(orderOf(null));
    api.mockResolvedValueOnce({ order: orderOf(quoteOf()) });
    fireEvent.change(screen.getByLabelText(/Unit price of BG-0/), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(sentBody().lines).toEqual([
      { productId: 'p1', moq: 1, note: '' },
      { productId: 'p2', unitPrice: 12_000, moq: 1, note: '' },
    ]);
  });

  it('asks for a reason when a price differs from the suggested one, and sends it when given', async () => {
    renderEditor(orderOf(quoteOf()));
    expect(screen.queryByLabelText(/Why the price of RG-925/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Unit price of RG-925/), { target: { value: '520' } });
    expect(screen.getByLabelText(/Why the price of RG-925/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Why the price of RG-925/), { target: { value: 'Repeat buyer' } });
    api.mockResolvedValueOnce({ order: orderOf(quoteOf()) });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(sentBody().lines[0]).toEqual({
      productId: 'p1',
      unitPrice: 52_000,
      moq: 1,
      note: '',
      overrideReason: 'Repeat buyer',
    });
  });

  it('saves an override without a reason, as a quote typed by hand', async () => {
    renderEditor(orderOf(quoteOf()));
    fireEvent.change(screen.getByLabelText(/Unit price of RG-925/), { target: { value: '520' } });
    api.mockResolvedValueOnce({ order: orderOf(quoteOf()) });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(sentBody().lines[0]).toEqual({ productId: 'p1', unitPrice: 52_000, moq: 1, note: '' });
  });

  it('shows the server refusal of a line without a suggested price beside its box', async () => {
    renderEditor(orderOf(null));
    api.mockRejectedValueOnce(
      new ApiError(400, 'lines.1.unitPrice: BG-0 has no costing', 'VALIDATION', [
        { path: 'lines.1.unitPrice', message: 'BG-0 has no costing: enter its price' },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('BG-0 has no costing: enter its price')).toBeInTheDocument();
    expect(screen.getByLabelText(/Unit price of BG-0/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the breakdown choice, the tax regime, the Incoterm, the named place and the payment terms', async () => {
    renderEditor(orderOf(quoteOf()));
    fireEvent.click(screen.getByLabelText('Show the breakdown to the buyer'));
    fireEvent.change(screen.getByLabelText('Tax regime'), { target: { value: 'export_lut' } });
    fireEvent.change(screen.getByLabelText('Incoterm'), { target: { value: 'FOB' } });
    fireEvent.change(screen.getByLabelText(/Named place/), { target: { value: 'Mumbai' } });
    fireEvent.change(screen.getByLabelText(/Deposit/), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Balance due'), { target: { value: 'against_documents' } });
    api.mockResolvedValueOnce({ order: orderOf(quoteOf()) });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(sentBody()).toMatchObject({
      showBreakdown: true,
      taxRegime: 'export_lut',
      incoterm: 'FOB',
      namedPlace: 'Mumbai',
      paymentTerms: { depositPct: 30, balance: 'against_documents', note: '' },
    });
  });

  it("keeps the saved draft's one-off charges, sample terms and rate validity on saving again", async () => {
    const charges = [{ kind: 'mould' as const, amount: 250_000 }];
    renderEditor(
      orderOf(
        quoteOf({
          lines: [{ ...ringLine, charges }, plainLine],
          sampleTerms: 'Two samples free',
          rateValidUntil: '2099-01-01T00:00:00.000Z',
        }),
      ),
    );
    api.mockResolvedValueOnce({ order: orderOf(quoteOf()) });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(sentBody().lines[0]).toMatchObject({ charges });
    expect(sentBody().lines[1]).not.toHaveProperty('charges');
    expect(sentBody()).toMatchObject({
      sampleTerms: 'Two samples free',
      rateValidUntil: '2099-01-01T00:00:00.000Z',
    });
  });

  it('adds, changes and removes one-off charges per line, in minor units', async () => {
    renderEditor(orderOf(quoteOf()));
    expect(screen.getAllByText('No one-off charges.')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Add a charge to RG-925' }));
    fireEvent.change(screen.getByLabelText('Charge 1 of RG-925'), { target: { value: 'mould' } });
    fireEvent.change(screen.getByLabelText('Amount of charge 1 of RG-925 (INR)'), {
      target: { value: '2,500' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a charge to RG-925' }));
    fireEvent.change(screen.getByLabelText('Charge 2 of RG-925'), { target: { value: 'cad' } });
    fireEvent.change(screen.getByLabelText('Amount of charge 2 of RG-925 (INR)'), {
      target: { value: '750.50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a charge to BG-0' }));
    fireEvent.change(screen.getByLabelText('Amount of charge 1 of BG-0 (INR)'), { target: { value: '100' } });
    // The sample charge of the bangle is removed again before saving.
    fireEvent.click(screen.getByRole('button', { name: 'Remove charge 1 of BG-0' }));
    api.mockResolvedValueOnce({ order: orderOf(quoteOf()) });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(sentBody().lines[0]).toMatchObject({
      charges: [
        { kind: 'mould', amount: 250_000 },
        { kind: 'cad', amount: 75_050 },
      ],
    });
    expect(sentBody().lines[1]).not.toHaveProperty('charges');
  });

  it('refuses a charge that is not an amount beside it, and shows the server’s refusal of one there', async () => {
    renderEditor(
      orderOf(
        quoteOf({ lines: [{ ...ringLine, charges: [{ kind: 'sample', amount: 50_000 }] }, plainLine] }),
      ),
    );
    const amount = screen.getByLabelText('Amount of charge 1 of RG-925 (INR)');
    expect(amount).toHaveValue('500.00');
    fireEvent.change(amount, { target: { value: '5.005' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(api).not.toHaveBeenCalled();

    fireEvent.change(amount, { target: { value: '5' } });
    api.mockRejectedValueOnce(
      new ApiError(400, 'amount must be at least 1', 'VALIDATION', [
        { path: 'lines.0.charges.0.amount', message: 'The sample charge is refused' },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The sample charge is refused')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('sets until when the metal rate holds: in the future, never after the quote’s validity', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z'), toFake: ['Date'] });
    try {
      renderEditor(orderOf(quoteOf()));
      const rate = screen.getByLabelText(/Metal rate holds until/);
      expect(rate).toHaveValue('');
      expect(
        screen.getByText("Empty: 48 hours after sending (never after the quote's validity)"),
      ).toBeInTheDocument();
      fireEvent.change(rate, { target: { value: '2026-11-24T10:00' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      expect(await screen.findByText("The metal rate's validity must be in the future")).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText(/Valid until/), { target: { value: '2026-11-30' } });
      fireEvent.change(rate, { target: { value: '2026-12-01T09:00' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      expect(
        await screen.findByText("The metal rate cannot hold after the quote's validity"),
      ).toBeInTheDocument();
      expect(api).not.toHaveBeenCalled();

      fireEvent.change(rate, { target: { value: '2026-11-27T18:30' } });
      api.mockResolvedValueOnce({ order: orderOf(quoteOf()) });
      fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
      // The box reads the browser's time zone; the quote carries the instant.
      expect(sentBody()).toMatchObject({
        validUntil: '2026-11-30T23:59:59.999Z',
        rateValidUntil: new Date(2026, 10, 27, 18, 30).toISOString(),
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the server’s refusal of the rate validity beside its box', async () => {
    renderEditor(orderOf(quoteOf()));
    api.mockRejectedValueOnce(
      new ApiError(400, 'rateValidUntil must not be after validUntil', 'VALIDATION', [
        { path: 'rateValidUntil', message: 'rateValidUntil must not be after validUntil' },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findAllByText('rateValidUntil must not be after validUntil')).toHaveLength(2);
    expect(screen.getByLabelText(/Metal rate holds until/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits the sample terms: typed, cleared', async () => {
    renderEditor(orderOf(quoteOf({ sampleTerms: 'Two samples free' })));
    const terms = screen.getByLabelText(/Sample terms/);
    expect(terms).toHaveValue('Two samples free');
    fireEvent.change(terms, { target: { value: '  One sample at cost, refunded on the first order ' } });
    api.mockResolvedValueOnce({ order: orderOf(quoteOf()) });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(sentBody().sampleTerms).toBe('One sample at cost, refunded on the first order');
    fireEvent.change(terms, { target: { value: '' } });
    api.mockResolvedValueOnce({ order: orderOf(quoteOf()) });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    expect(sentBody(1).sampleTerms).toBe('');
  });

  it('refuses a deposit over 100% before sending anything', async () => {
    renderEditor(orderOf(quoteOf()));
    fireEvent.change(screen.getByLabelText(/Deposit/), { target: { value: '140' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it("re-quotes a sent quote at today's rate and shows old beside new per line", async () => {
    const sent = orderOf(quoteOf({ state: 'sent', sentAt: '2026-11-24T10:00:00.000Z' }), { version: 3 });
    const requoted = orderOf(
      quoteOf({
        revision: 2,
        lines: [
          { ...ringLine, unitPrice: 53_958, suggestedUnitPrice: 53_958, previousUnitPrice: 52_685 },
          { ...plainLine, previousUnitPrice: 12_000 },
        ],
      }),
      { version: 4 },
    );
    api.mockResolvedValueOnce({ order: requoted });
    const onChange = renderEditor(sent);
    fireEvent.click(screen.getByRole('button', { name: "Re-quote at today's rate" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(requoted));
    expect(api).toHaveBeenCalledWith(`/orders/${ID}/quote/requote`, { method: 'POST', json: { version: 3 } });
    expect(
      await screen.findByText("Revision 2 drafted at today's rate: check the prices and send it."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Unit price of RG-925/)).toHaveValue('539.58');
    expect(screen.getByText('Before the re-quote: INR 526.85 · now: INR 539.58')).toBeInTheDocument();
    expect(screen.getByText('Before the re-quote: INR 120.00 · now: INR 120.00')).toBeInTheDocument();
    // The re-quote is a draft: Send is one more click.
    expect(screen.getByRole('button', { name: 'Send to the buyer' })).toBeEnabled();
  });
});
