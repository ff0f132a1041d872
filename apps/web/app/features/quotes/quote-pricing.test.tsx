import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail, QuoteRevision } from '@catalogue/shared/schemas/quotation';
import type * as ApiClient from '~/lib/api-client';
import { ApiError, apiRequest } from '~/lib/api-client';
import { fetchAnswering } from '~/lib/test-routes';
import { BuyerRequest } from './buyer-request';
import { QuoteTaxAndTerms } from './quote-pricing';

vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const ring = {
  productId: 'p1',
  sku: 'RG-925',
  name: 'Silver ring',
  imageUrl: null,
  quantity: 120,
  unitPrice: 52_685,
  moq: 1,
  note: '',
  lineTotal: 6_322_200,
  suggestedUnitPrice: null,
  breakdown: { metal: 40_335, making: 5_100, stones: 1_350, setting: 600, plating: 1_800, extras: 3_500 },
};

const priced: QuoteRevision = {
  revision: 2,
  state: 'sent',
  currency: 'INR',
  lines: [ring],
  total: 6_322_200,
  leadTimeDays: 21,
  validUntil: '2030-12-08T10:00:00.000Z',
  noteToBuyer: '',
  sentAt: '2026-11-24T10:00:00.000Z',
  rateValidUntil: '2030-11-26T10:00:00.000Z',
  showBreakdown: true,
  taxRegime: 'inter_state',
  tax: { cgst: 0, sgst: 0, igst: 189_666 },
  grandTotal: 6_511_866,
  incoterm: 'FOB',
  namedPlace: 'Mumbai',
  paymentTerms: { depositPct: 30, balance: 'before_dispatch', note: '' },
  sampleTerms: 'Two samples free, refunded on order',
};

function makeOrder(quote: QuoteRevision): OrderDetail {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    orderId: 42,
    userId: 'u1',
    firstName: 'Meera',
    email: 'meera@example.com',
    contactNumber: '+91 98',
    companyName: '',
    companyWebsite: '',
    country: 'IN',
    message: '',
    status: 'quoted',
    overdue: false,
    orderDetails: [{ productId: 'p1', name: 'Silver ring', sku: 'RG-925', quantity: 120, imageUrl: null }],
    excelFilePath: '',
    createdAt: '2026-11-20T10:00:00.000Z',
    version: 3,
    quote,
    revisions: [{ revision: 2, sentAt: quote.sentAt, total: quote.total, currency: quote.currency }],
    fulfilment: null,
    history: [],
  };
}

function serve(order: OrderDetail, accept: () => unknown) {
  api.mockImplementation(async (...args: unknown[]) => {
    const path = String(args[0]);
    const init = args[1] as { method?: string } | undefined;
    if (path.endsWith('/comments')) return init?.method === 'POST' ? { comment: {} } : { comments: [] };
    if (path.endsWith('/accept')) return accept();
    return { order };
  });
}

beforeEach(() => {
  api.mockReset();
  fetchAnswering(api);
});
afterEach(() => vi.unstubAllGlobals());

describe('the buyer sees a priced quote', () => {
  it('shows IGST, the grand total, the terms, the rate validity and the breakdown when the quote shows it', async () => {
    serve(makeOrder(priced), () => undefined);
    render(
      <MemoryRouter>
        <BuyerRequest id="11111111-1111-4111-8111-111111111111" />
      </MemoryRouter>,
    );
    const terms = await screen.findByRole('region', { name: 'Taxes and terms' });
    expect(within(terms).getByText('IGST')).toBeInTheDocument();
    expect(within(terms).getByText('INR 1,896.66')).toBeInTheDocument();
    expect(within(terms).getByText('INR 65,118.66')).toBeInTheDocument();
    expect(within(terms).queryByText('CGST')).not.toBeInTheDocument();
    expect(within(terms).getByText('FOB Mumbai')).toBeInTheDocument();
    expect(within(terms).getByText('30% deposit, balance before dispatch')).toBeInTheDocument();
    expect(within(terms).getByText('26 Nov 2030, 10:00 UTC')).toBeInTheDocument();
    expect(within(terms).getByText('Samples')).toBeInTheDocument();
    expect(within(terms).getByText('Two samples free, refunded on order')).toBeInTheDocument();
    // The lead time is among the quote's facts above the lines.
    expect(screen.getByText('Lead time (days)')).toBeInTheDocument();
    expect(screen.getByText('21 days')).toBeInTheDocument();
    const breakdown = screen.getByRole('table', { name: /What one piece of each line is made of/ });
    expect(within(breakdown).getByText('INR 403.35')).toBeInTheDocument();
    expect(within(breakdown).getByText('INR 51.00')).toBeInTheDocument();
  });

  it('shows no breakdown when the revision does not show it', async () => {
    serve(makeOrder({ ...priced, showBreakdown: false }), () => undefined);
    render(
      <MemoryRouter>
        <BuyerRequest id="11111111-1111-4111-8111-111111111111" />
      </MemoryRouter>,
    );
    await screen.findByRole('region', { name: 'Taxes and terms' });
    expect(screen.queryByRole('table', { name: /What one piece/ })).not.toBeInTheDocument();
    expect(screen.queryByText('INR 403.35')).not.toBeInTheDocument();
  });

  it('shows CGST and SGST within the state, and the LUT declaration for an export', () => {
    const { unmount } = render(
      <QuoteTaxAndTerms
        quote={{ ...priced, taxRegime: 'intra_state', tax: { cgst: 94_833, sgst: 94_833, igst: 0 } }}
      />,
    );
    expect(screen.getByText('CGST')).toBeInTheDocument();
    expect(screen.getByText('SGST')).toBeInTheDocument();
    expect(screen.getAllByText('INR 948.33')).toHaveLength(2);
    expect(screen.queryByText('IGST')).not.toBeInTheDocument();
    unmount();
    render(
      <QuoteTaxAndTerms
        quote={{
          ...priced,
          currency: 'USD',
          total: 22_800,
          grandTotal: 22_800,
          taxRegime: 'export_lut',
          tax: { cgst: 0, sgst: 0, igst: 0 },
          rateValidUntil: null,
        }}
      />,
    );
    expect(screen.getByText('Supply meant for export under LUT without payment of IGST')).toBeInTheDocument();
    expect(screen.getAllByText('USD 228.00')).toHaveLength(2);
    expect(screen.queryByText('IGST')).not.toBeInTheDocument();
    expect(screen.queryByText('Metal rate holds until')).not.toBeInTheDocument();
  });

  it('says a past rate validity has expired', () => {
    render(
      <QuoteTaxAndTerms
        quote={{ ...priced, rateValidUntil: '2026-11-26T10:00:00.000Z' }}
        now={Date.parse('2026-11-27T00:00:00.000Z')}
      />,
    );
    expect(screen.getByText('The metal rate expired on 26 Nov 2026, 10:00 UTC')).toBeInTheDocument();
  });

  it('shows no taxes for a revision priced before taxes existed', () => {
    const { container } = render(
      <QuoteTaxAndTerms
        quote={{
          ...priced,
          taxRegime: null,
          incoterm: null,
          paymentTerms: null,
          rateValidUntil: null,
          sampleTerms: '',
        }}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('accepting after the metal rate expired', () => {
  it('says why and asks for a re-quote through a comment', async () => {
    serve(makeOrder(priced), () => {
      throw new ApiError(409, 'The metal rate of this quote expired', 'RATE_EXPIRED');
    });
    render(
      <MemoryRouter>
        <BuyerRequest id="11111111-1111-4111-8111-111111111111" />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept quotation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, accept' }));
    expect(await screen.findByText('The metal rate of this quote has expired')).toBeInTheDocument();
    expect(screen.queryByText('The metal rate of this quote expired')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a re-quote' }));
    expect(
      await screen.findByText(
        'We have asked for a re-quote. You will be told by e-mail when the new revision is ready.',
      ),
    ).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith('/orders/11111111-1111-4111-8111-111111111111/comments', {
      method: 'POST',
      json: { text: "The metal rate of quote revision 2 has expired. Please re-quote at today's rate." },
    });
  });

  it('shows any other refusal as before', async () => {
    serve(makeOrder(priced), () => {
      throw new ApiError(409, 'The quote changed meanwhile', 'VERSION_CONFLICT');
    });
    render(
      <MemoryRouter>
        <BuyerRequest id="11111111-1111-4111-8111-111111111111" />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept quotation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, accept' }));
    expect(await screen.findByText('The quote changed meanwhile')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for a re-quote' })).not.toBeInTheDocument();
  });
});
