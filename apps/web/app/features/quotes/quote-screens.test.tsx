import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quoteFiguresSchema, type OrderDetail } from '@catalogue/shared/schemas/quotation';
import type * as ApiClient from '~/lib/api-client';
import { ApiError, apiRequest, getJson } from '~/lib/api-client';
import { settle } from '~/lib/route-data';
import { fetchAnswering, renderLoaded } from '~/lib/test-routes';
import { AdminRequest } from './admin-request';
import { BuyerRequest } from './buyer-request';
import { QuoteEditor } from './quote-editor';
import { QuoteFigures } from './quote-figures';

vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

function makeOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    orderId: 42,
    userId: 'u1',
    firstName: 'Meera',
    email: 'meera@example.com',
    contactNumber: '+91 98',
    companyName: 'Meera Designs',
    companyWebsite: '',
    country: 'IN',
    message: '',
    status: 'new',
    overdue: false,
    orderDetails: [
      { productId: 'p1', name: 'Ruby Ring', sku: 'RG-1', quantity: 3, imageUrl: null },
      { productId: 'p2', name: 'Jhumka', sku: 'ER-4', quantity: 250, imageUrl: null },
    ],
    excelFilePath: '/uploads/Quotation_42.xlsx?sig=a&exp=1',
    createdAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    quote: null,
    revisions: [],
    fulfilment: null,
    history: [
      {
        from: null,
        to: 'new',
        by: { _id: 'u1', name: 'Meera', role: 'user' },
        note: null,
        at: '2026-11-20T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

const sentQuote = {
  revision: 1,
  state: 'sent' as const,
  currency: 'INR' as const,
  lines: [
    {
      productId: 'p1',
      sku: 'RG-1',
      name: 'Ruby Ring',
      imageUrl: null,
      quantity: 3,
      unitPrice: 125_050,
      moq: 10,
      note: 'Hand set',
      lineTotal: 375_150,
    },
    {
      productId: 'p2',
      sku: 'ER-4',
      name: 'Jhumka',
      imageUrl: null,
      quantity: 250,
      unitPrice: 99_999,
      moq: 1,
      note: '',
      lineTotal: 24_999_750,
    },
  ],
  total: 25_374_900,
  leadTimeDays: 21,
  validUntil: '2026-12-08T10:00:00.000Z',
  noteToBuyer: 'Prices include packing.',
  sentAt: '2026-11-24T10:00:00.000Z',
};

beforeEach(() => {
  api.mockReset();
  fetchAnswering(api);
});
afterEach(() => vi.unstubAllGlobals());

/** Answers by path: the request page also reads its comments. */
function serve(answers: Record<string, unknown[]>) {
  api.mockImplementation(async (...args: unknown[]) => {
    const path = String(args[0]);
    if (path.endsWith('/comments')) return { comments: [] };
    const key = Object.keys(answers).find((k) => path.endsWith(k));
    return key ? answers[key]!.shift() : undefined;
  });
}

describe('QuoteEditor', () => {
  it('checks prices before saving and sends nothing while one is wrong', async () => {
    const onChange = vi.fn();
    render(
      <MemoryRouter>
        <QuoteEditor order={makeOrder()} onChange={onChange} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText(/Unit price of RG-1/), { target: { value: '-5' } });
    fireEvent.change(screen.getByLabelText(/Unit price of ER-4/), { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(screen.getAllByText('Enter a price such as 1250 or 1250.50')).toHaveLength(2);
    expect(api).not.toHaveBeenCalled();
    // Nothing saved yet: there is no draft to send.
    expect(screen.getByRole('button', { name: 'Send to the buyer' })).toBeDisabled();
  });

  it('saves the draft in minor units with the version it read, then shows the server total', async () => {
    const saved = makeOrder({
      version: 2,
      quote: { ...sentQuote, state: 'draft', sentAt: null, validUntil: null },
    });
    api.mockResolvedValueOnce({ order: saved });
    const onChange = vi.fn();
    render(
      <MemoryRouter>
        <QuoteEditor order={makeOrder()} onChange={onChange} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText(/Unit price of RG-1/), { target: { value: '1,250.5' } });
    fireEvent.change(screen.getByLabelText('Minimum order of RG-1'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(/Unit price of ER-4/), { target: { value: '999.99' } });
    fireEvent.change(screen.getByLabelText('Internal note (never shown to the buyer)'), {
      target: { value: 'margin 18%' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(saved));
    expect(api).toHaveBeenCalledWith(`/orders/${saved._id}/quote`, {
      method: 'PUT',
      json: {
        version: 1,
        currency: 'INR',
        lines: [
          { productId: 'p1', unitPrice: 125_050, moq: 10, note: '' },
          { productId: 'p2', unitPrice: 99_999, moq: 1, note: '' },
        ],
        leadTimeDays: 14,
        validUntil: null,
        noteToBuyer: '',
        internalNote: 'margin 18%',
        showBreakdown: false,
        sampleTerms: '',
        incoterm: null,
        namedPlace: '',
        paymentTerms: null,
      },
    });
    expect(await screen.findByText('Draft saved: revision 1.')).toBeInTheDocument();
  });

  it("starts each line not quoted yet at its design's minimum order", () => {
    const order = makeOrder();
    order.orderDetails = [{ ...order.orderDetails[0]!, minOrderQuantity: 12 }, order.orderDetails[1]!];
    render(
      <MemoryRouter>
        <QuoteEditor order={order} onChange={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('Minimum order of RG-1')).toHaveValue('12');
    // A design without a minimum starts at 1, as before.
    expect(screen.getByLabelText('Minimum order of ER-4')).toHaveValue('1');
  });

  it('says why a save was refused (a stale version) and offers a reload', async () => {
    api.mockRejectedValueOnce(
      new ApiError(
        409,
        'This request was changed by someone else (version 3, not 1); reload it and try again',
      ),
    );
    render(
      <MemoryRouter>
        <QuoteEditor order={makeOrder()} onChange={vi.fn()} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText(/Unit price of RG-1/), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(/Unit price of ER-4/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('changed by someone else');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('sends the saved draft only after a confirmation naming its revision, total and validity', async () => {
    const draft = makeOrder({
      version: 2,
      quote: { ...sentQuote, revision: 2, state: 'draft', sentAt: null },
      revisions: [
        { revision: 1, sentAt: sentQuote.sentAt, total: 1_000, currency: 'INR' },
        { revision: 2, sentAt: null, total: sentQuote.total, currency: 'INR' },
      ],
    });
    api.mockResolvedValueOnce({ order: { ...draft, status: 'quoted', version: 3 } });
    const onChange = vi.fn();
    render(
      <MemoryRouter>
        <QuoteEditor order={draft} onChange={onChange} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send to the buyer' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this quotation to the buyer?' });
    expect(within(dialog).getByText('Revision').nextElementSibling).toHaveTextContent('2');
    expect(within(dialog).getByText('Total').nextElementSibling).toHaveTextContent('INR 2,53,749.00');
    expect(within(dialog).getByText('Valid until').nextElementSibling).toHaveTextContent(
      '08 Dec 2026, 10:00 UTC',
    );
    // Going back sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(
      screen.queryByRole('dialog', { name: 'Send this quotation to the buyer?' }),
    ).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Send to the buyer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, send it' }));
    expect(await screen.findByText('Quotation sent to the buyer.')).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(`/orders/${draft._id}/quote/send`, {
      method: 'POST',
      json: { version: 2 },
    });
    expect(
      screen.queryByRole('dialog', { name: 'Send this quotation to the buyer?' }),
    ).not.toBeInTheDocument();
  });

  it('says a draft without its own validity holds for 14 days from sending', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T09:30:00.000Z'));
    try {
      const draft = makeOrder({
        version: 2,
        quote: { ...sentQuote, state: 'draft', sentAt: null, validUntil: null },
      });
      render(
        <MemoryRouter>
          <QuoteEditor order={draft} onChange={vi.fn()} />
        </MemoryRouter>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Send to the buyer' }));
      const dialog = screen.getByRole('dialog', { name: 'Send this quotation to the buyer?' });
      expect(within(dialog).getByText('Valid until').nextElementSibling).toHaveTextContent(
        '15 Dec 2026, 09:30 UTC',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('withdraws the sent revision only after a confirmation, with the reason typed', async () => {
    const quoted = makeOrder({
      status: 'quoted',
      version: 5,
      quote: sentQuote,
      revisions: [{ revision: 1, sentAt: sentQuote.sentAt, total: sentQuote.total, currency: 'INR' }],
    });
    api.mockResolvedValueOnce({ order: { ...quoted, status: 'withdrawn', version: 6 } });
    render(
      <MemoryRouter>
        <QuoteEditor order={quoted} onChange={vi.fn()} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Reason for withdrawing (optional)'), {
      target: { value: 'Rates moved' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw quotation' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this quotation?' });
    expect(within(dialog).getByText('Revision').nextElementSibling).toHaveTextContent('1');
    expect(within(dialog).getByText('Total').nextElementSibling).toHaveTextContent('INR 2,53,749.00');
    expect(api).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, withdraw it' }));
    expect(await screen.findByText('Quotation withdrawn.')).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(`/orders/${quoted._id}/withdraw`, {
      method: 'POST',
      json: { version: 5, note: 'Rates moved' },
    });
  });

  it('offers no quoting on a closed request', () => {
    render(
      <MemoryRouter>
        <QuoteEditor order={makeOrder({ status: 'accepted' })} onChange={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByText('This request is Accepted: it can no longer be quoted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
  });
});

describe('BuyerRequest', () => {
  it('shows the quoted prices and totals and accepts the latest revision', async () => {
    const quoted = makeOrder({
      status: 'quoted',
      version: 3,
      quote: sentQuote,
      revisions: [{ revision: 1, sentAt: sentQuote.sentAt, total: sentQuote.total, currency: 'INR' }],
    });
    serve({
      [quoted._id]: [{ order: quoted }],
      '/accept': [{ order: { ...quoted, status: 'accepted', version: 4 } }],
    });
    render(
      <MemoryRouter>
        <BuyerRequest id={quoted._id} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('INR 1,250.50')).toBeInTheDocument();
    expect(screen.getByText('INR 2,49,997.50')).toBeInTheDocument();
    expect(screen.getByText('INR 2,53,749.00')).toBeInTheDocument();
    expect(screen.getByText('Prices include packing.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    // Accepting asks first, showing what is accepted, and takes the buyer's PO number there.
    fireEvent.click(screen.getByRole('button', { name: 'Accept quotation' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this quotation?' });
    expect(within(dialog).getByText('Revision').nextElementSibling).toHaveTextContent('1');
    expect(within(dialog).getByText('Total').nextElementSibling).toHaveTextContent('INR 2,53,749.00');
    expect(within(dialog).getByText('Valid until').nextElementSibling).toHaveTextContent(
      '08 Dec 2026, 10:00 UTC',
    );
    expect(api).not.toHaveBeenCalledWith(`/orders/${quoted._id}/accept`, expect.anything());
    fireEvent.change(within(dialog).getByLabelText(/purchase order \(PO\) number/), {
      target: { value: ' PO-42 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, accept' }));
    await screen.findByText('Thank you: you accepted the quotation. We will contact you about the order.');
    expect(api).toHaveBeenCalledWith(`/orders/${quoted._id}/accept`, {
      method: 'POST',
      json: { version: 3, revision: 1, poNumber: 'PO-42' },
    });
    expect(screen.queryByRole('button', { name: 'Accept quotation' })).not.toBeInTheDocument();
  });

  it('downloads the sent quote as a PDF with the session, in the page language', async () => {
    const quoted = makeOrder({
      status: 'quoted',
      quote: sentQuote,
      revisions: [{ revision: 1, sentAt: sentQuote.sentAt, total: sentQuote.total, currency: 'INR' }],
    });
    serve({ [quoted._id]: [{ order: quoted }] });
    localStorage.setItem('token', 't0k');
    localStorage.setItem('userId', 'u1');
    const answering = globalThis.fetch;
    const files = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(new Blob(['%PDF-']), { status: 200 }),
    );
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('/quote.') ? files(url, init) : answering(url, init),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:quote'), revokeObjectURL: vi.fn() }),
    );
    render(
      <MemoryRouter>
        <BuyerRequest id={quoted._id} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download quote (PDF)' }));
    await waitFor(() =>
      expect(files).toHaveBeenCalledWith(`/api/orders/${quoted._id}/quote.pdf?lang=en`, {
        headers: { authorization: 'Bearer t0k' },
        credentials: 'same-origin',
      }),
    );
    expect(
      screen.queryByText('The quote could not be downloaded. Please try again.'),
    ).not.toBeInTheDocument();
    localStorage.clear();
  });

  it('offers the proforma invoice once the quote is accepted, and says why the server refused one', async () => {
    const accepted = makeOrder({
      status: 'accepted',
      quote: sentQuote,
      revisions: [{ revision: 1, sentAt: sentQuote.sentAt, total: sentQuote.total, currency: 'INR' }],
    });
    serve({ [accepted._id]: [{ order: accepted }] });
    localStorage.setItem('token', 't0k');
    localStorage.setItem('userId', 'u1');
    const answering = globalThis.fetch;
    const reason =
      "The business's GSTIN, IEC and bank details are not set yet, so no proforma invoice can be made; an administrator saves them under Business settings";
    const files = vi.fn(async (_url: string, _init?: RequestInit) =>
      files.mock.calls.length === 1
        ? new Response(JSON.stringify({ message: reason, code: 'CONFLICT' }), { status: 409 })
        : new Response(new Blob(['%PDF-']), { status: 200 }),
    );
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('/proforma.') ? files(url, init) : answering(url, init),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:proforma'), revokeObjectURL: vi.fn() }),
    );
    render(
      <MemoryRouter>
        <BuyerRequest id={accepted._id} />
      </MemoryRouter>,
    );
    const button = await screen.findByRole('button', { name: 'Download proforma invoice (PDF)' });
    fireEvent.click(button);
    expect(
      await screen.findByText('The proforma invoice could not be downloaded. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(files).toHaveBeenCalledWith(`/api/orders/${accepted._id}/proforma.pdf?lang=en`, {
      headers: { authorization: 'Bearer t0k' },
      credentials: 'same-origin',
    });
    fireEvent.click(button);
    await waitFor(() => expect(files).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(
        screen.queryByText('The proforma invoice could not be downloaded. Please try again.'),
      ).not.toBeInTheDocument(),
    );
    localStorage.clear();
  });

  it.each([
    ['accepted', true],
    ['quoted', false],
  ] as const)(
    "the admin's order page of a request %s offers the proforma invoice: %s",
    async (status, offered) => {
      const revisions = [
        { revision: 1, sentAt: sentQuote.sentAt, total: sentQuote.total, currency: 'INR' as const },
      ];
      api.mockImplementation(async (path?: string) =>
        path?.endsWith('/comments') ? { comments: [] } : undefined,
      );
      const order = makeOrder({ status, quote: sentQuote, revisions });
      renderLoaded(AdminRequest, async () => ({ data: { order }, error: null }));
      expect(await screen.findByRole('button', { name: 'Download quote (PDF)' })).toBeInTheDocument();
      expect(screen.queryAllByRole('button', { name: 'Download proforma invoice (PDF)' })).toHaveLength(
        offered ? 1 : 0,
      );
    },
  );

  it('offers no proforma invoice while the quote is only sent', async () => {
    const quoted = makeOrder({
      status: 'quoted',
      quote: sentQuote,
      revisions: [{ revision: 1, sentAt: sentQuote.sentAt, total: sentQuote.total, currency: 'INR' }],
    });
    serve({ [quoted._id]: [{ order: quoted }] });
    render(
      <MemoryRouter>
        <BuyerRequest id={quoted._id} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Download quote (PDF)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download proforma invoice (PDF)' })).not.toBeInTheDocument();
  });

  it('offers Cancel, after a confirmation, only while the request is new', async () => {
    const fresh = makeOrder();
    serve({
      [fresh._id]: [{ order: fresh }],
      '/cancel': [{ order: { ...fresh, status: 'cancelled', version: 2 } }],
    });
    render(
      <MemoryRouter>
        <BuyerRequest id={fresh._id} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No quotation yet. We will reply with prices soon.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept quotation' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    expect(screen.getByText('Cancel this price request? It cannot be undone.')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel request' })[0]!);
    expect(await screen.findByText('Request cancelled.')).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(`/orders/${fresh._id}/cancel`, {
      method: 'POST',
      json: { version: 1 },
    });
  });

  it('answers an unknown or foreign request as not found', async () => {
    api.mockImplementation(async (path?: string) => {
      if (path?.endsWith('/comments')) return { comments: [] };
      if (path === '/orders/nope') throw new ApiError(404, 'Order not found');
      return undefined;
    });
    render(
      <MemoryRouter>
        <BuyerRequest id="nope" />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('This request does not exist, or it belongs to another account.'),
    ).toBeInTheDocument();
  });
});

describe('QuoteFigures', () => {
  it('shows the figures as cards, charts and tables', async () => {
    api.mockResolvedValue({
      byStatus: { new: 2, quoted: 1, accepted: 1, declined: 0, expired: 1, cancelled: 1, withdrawn: 0 },
      funnel: [
        { week: '2026-11-09', requested: 2, quoted: 1, accepted: 0 },
        { week: '2026-11-16', requested: 3, quoted: 2, accepted: 1 },
      ],
      medianHoursToFirstQuote: 20,
      acceptanceRate: 1 / 3,
      valueByMonth: [{ month: '2026-11', currency: 'INR', quoted: 350_000, accepted: 250_000 }],
      topRequested: [{ productId: 'p1', name: 'Ruby Ring', count: 4 }],
      topAccepted: [],
      byCountry: [{ country: 'IN', count: 4 }],
      computedAt: '2026-11-24T09:30:00.000Z',
    });
    // As the dashboard's loader asks.
    renderLoaded(QuoteFigures, () => settle(getJson('/admin/dashboard/quotes?weeks=12', quoteFiguresSchema)));
    expect(await screen.findByText('20 hours')).toBeInTheDocument();
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(screen.getByText('5 requested, 3 quoted, 1 accepted in the last 2 weeks.')).toBeInTheDocument();
    expect(screen.getByText('INR 3,500.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Requests by country' })).toHaveTextContent('India');
    expect(screen.getByRole('img', { name: 'Requests by state' })).toHaveTextContent('Expired');
    expect(screen.getByText('Ruby Ring')).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith('/admin/dashboard/quotes?weeks=12', expect.anything());
  });
});
