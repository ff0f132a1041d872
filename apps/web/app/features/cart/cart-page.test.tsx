import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { CartPage } from '~/features/cart/cart-page';
import { renderRoutes } from '~/lib/test-utils';
import { ENQUIRY_STORAGE_KEY, enquiryStore } from '~/lib/enquiry/enquiry-store';
import { serverCallsSettled } from '~/lib/enquiry/enquiry-sync';

function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} at {location.pathname}
      {location.search}
    </p>
  );
}

function renderCart(path = '/cart') {
  return renderRoutes(
    [
      { path: '/cart', Component: CartPage },
      { path: '/en-in/cart', Component: CartPage },
      { path: '/login', Component: () => <Where name="Login" /> },
      { path: '/en-in/login', Component: () => <Where name="Login" /> },
      { path: '/', Component: () => <Where name="Home" /> },
      { path: '/shopall', Component: () => <Where name="Shop" /> },
    ],
    { path },
  );
}

const ring = {
  _id: 'ring',
  name: 'Lotus Ring',
  code: 'LR-1',
  price: 0,
  imageUrl: '/media/m1',
  cloudinaryId: 'm1',
};
const pendant = { _id: 'pendant', name: 'Moon Pendant', code: '', price: 0, imageUrl: null };

/** The required fields of the price request form, once the cart has rendered it. */
async function fillRequiredFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/First name/), 'Asha');
  await user.type(screen.getByLabelText(/E-mail/), 'asha@example.com');
  await user.type(screen.getByLabelText(/Contact number/), '12345');
  await user.selectOptions(screen.getByLabelText(/Country/), 'GB');
}

const stored = () =>
  JSON.parse(localStorage.getItem(ENQUIRY_STORAGE_KEY) ?? 'null') as { _id: string; quantity: number }[];

// Typing whole forms with user-event takes several seconds on a busy two-core machine.
describe('CartPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await serverCallsSettled();
    localStorage.clear();
    enquiryStore.reload();
    vi.stubGlobal('alert', vi.fn());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const logIn = () => {
    localStorage.setItem('token', 't0k');
    localStorage.setItem('userId', 'u1');
    localStorage.setItem('role', 'user');
  };

  it('sends a visitor without a token to log in, with the cart as origin', async () => {
    renderCart();
    expect(await screen.findByText('Login at /login?from=%2Fcart')).toBeInTheDocument();
  });

  it('keeps the locale prefix on the way to the login page', async () => {
    renderCart('/en-in/cart');
    expect(await screen.findByText('Login at /en-in/login?from=%2Fen-in%2Fcart')).toBeInTheDocument();
  });

  it('shows the empty state with Browse Products, and a disabled submit', async () => {
    logIn();
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Your enquiry list is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/shopall');
    expect(screen.getByRole('button', { name: 'Submit Price Request' })).toBeDisabled();
  });

  it('lists each design with its 400×400 picture, name, code, quantity and Remove', async () => {
    logIn();
    enquiryStore.add(ring, 2);
    enquiryStore.add(pendant);
    renderCart();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(within(first).getByRole('link', { name: 'Lotus Ring' })).toHaveAttribute(
      'href',
      '/singleproduct/ring',
    );
    expect(within(first).getByText('Code: LR-1')).toBeInTheDocument();
    const picture = first.querySelector('img')!;
    expect(picture).toHaveAttribute('width', '400');
    expect(picture).toHaveAttribute('height', '400');
    expect(picture.getAttribute('src')).toContain('w=400');
    expect(within(first).getByRole('spinbutton', { name: 'Quantity of Lotus Ring' })).toHaveValue(2);
    expect(within(items[1]!).getByText('Code: N/A')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Moon Pendant from the enquiry list' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(stored().map((l) => l._id)).toEqual(['ring']);
  });

  it("typing below 1 sets 1 and says 'Minimum quantity is 1'; non-numeric falls back to 1", async () => {
    const user = userEvent.setup();
    logIn();
    enquiryStore.add(ring, 4);
    renderCart();
    const box = await screen.findByRole('spinbutton', { name: 'Quantity of Lotus Ring' });

    fireEvent.change(box, { target: { value: '0' } });
    expect(stored()[0]?.quantity).toBe(1);
    expect(screen.getByText('Minimum quantity is 1')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Lotus Ring' }));
    expect(stored()[0]?.quantity).toBe(2);
    expect(screen.queryByText('Minimum quantity is 1')).not.toBeInTheDocument();

    fireEvent.change(box, { target: { value: '9' } });
    expect(stored()[0]?.quantity).toBe(9);

    // An empty box (what a number input holds for text) is left alone while typing, then 1.
    fireEvent.change(box, { target: { value: '' } });
    expect(stored()[0]?.quantity).toBe(9);
    fireEvent.blur(box);
    expect(stored()[0]?.quantity).toBe(1);
    expect(box).toHaveValue(1);
    expect(screen.queryByText('Minimum quantity is 1')).not.toBeInTheDocument();

    // A fraction below 1 is only settled when the box is left, with the same message.
    fireEvent.change(box, { target: { value: '5' } });
    fireEvent.change(box, { target: { value: '0.5' } });
    fireEvent.blur(box);
    expect(stored()[0]?.quantity).toBe(1);
    expect(screen.getByText('Minimum quantity is 1')).toBeInTheDocument();
  });

  it("typing above 10,000 sets 10,000 and says 'Maximum quantity is 10,000', also when the box is left", async () => {
    logIn();
    enquiryStore.add(ring, 4);
    renderCart();
    const box = await screen.findByRole('spinbutton', { name: 'Quantity of Lotus Ring' });

    fireEvent.change(box, { target: { value: '20000' } });
    expect(stored()[0]?.quantity).toBe(10000);
    expect(screen.getByText('Maximum quantity is 10,000')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(box, { target: { value: '7' } });
    expect(screen.queryByText('Maximum quantity is 10,000')).not.toBeInTheDocument();

    // A fraction above the maximum is settled when the box is left, with the same message.
    fireEvent.change(box, { target: { value: '12000.5' } });
    fireEvent.blur(box);
    expect(stored()[0]?.quantity).toBe(10000);
    expect(screen.getByText('Maximum quantity is 10,000')).toBeInTheDocument();
  });

  it('after a sent request: the dialog with both texts, the list cleared, home after 3 seconds', async () => {
    const user = userEvent.setup();
    logIn();
    enquiryStore.add(ring);
    renderCart();
    await fillRequiredFields(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Submit Price Request' }));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Your price request form has been submitted successfully.!'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "We'll update you soon with shipping details. Thank you for shopping with us!.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue Shopping' })).toBeInTheDocument();
    expect(localStorage.getItem(ENQUIRY_STORAGE_KEY)).toBe('[]');
    expect(screen.queryByText(/Home at/)).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    await waitFor(() => expect(screen.getByText('Home at /')).toBeInTheDocument());
  });

  it('Continue Shopping goes home at once', async () => {
    const user = userEvent.setup();
    logIn();
    enquiryStore.add(ring);
    renderCart();
    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'Submit Price Request' }));
    await user.click(await screen.findByRole('button', { name: 'Continue Shopping' }));
    expect(await screen.findByText('Home at /')).toBeInTheDocument();
  });

  it('a line below its design’s minimum order says so beside it, and the form names it and waits', async () => {
    const user = userEvent.setup();
    logIn();
    enquiryStore.add({ ...ring, minOrderQuantity: 6 }, 2);
    enquiryStore.add(pendant, 1);
    renderCart();
    const lines = await screen.findByRole('region', { name: /Designs in your list/ });
    const [ringLine, pendantLine] = within(within(lines).getByRole('list')).getAllByRole('listitem');
    expect(within(ringLine!).getByText('Minimum order is 6')).toBeInTheDocument();
    expect(within(pendantLine!).queryByText(/Minimum order/)).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Request a price' });
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'A design in your list is below its minimum order. Raise its quantity to send the request:Lotus Ring (LR-1): minimum order is 6',
    );
    await fillRequiredFields(user);
    const submit = screen.getByRole('button', { name: 'Submit Price Request' });
    expect(submit).toBeDisabled();
    fireEvent.submit(form);
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('submit-order'), expect.anything());

    fireEvent.change(within(ringLine!).getByRole('spinbutton', { name: 'Quantity of Lotus Ring' }), {
      target: { value: '6' },
    });
    expect(stored()[0]?.quantity).toBe(6);
    expect(screen.queryByText(/Minimum order is 6/)).not.toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it("shows the server's reason when it refuses a line below its design's minimum order", async () => {
    const user = userEvent.setup();
    logIn();
    // A list kept before lines carried their minimum: the server still holds the rule.
    enquiryStore.add(ring, 2);
    const reason = 'Lotus Ring (LR-1): the minimum order is 6; please raise its quantity and try again';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: reason,
              issues: [{ path: 'orderDetails.0.quantity', message: 'Minimum order is 6' }],
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    renderCart();
    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'Submit Price Request' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
    expect(stored()).toEqual([expect.objectContaining({ _id: 'ring', quantity: 2 })]);
  });

  it('a 401 on submit: alert, logged out, list kept, login with the cart as origin', async () => {
    const user = userEvent.setup();
    logIn();
    enquiryStore.add(ring, 3);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Unauthorized"}', { status: 401 })),
    );
    renderCart();
    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'Submit Price Request' }));
    expect(await screen.findByText('Login at /login?from=%2Fcart')).toBeInTheDocument();
    expect(window.alert).toHaveBeenCalledWith('Please login to place your order.');
    expect(localStorage.getItem('token')).toBeNull();
    expect(stored()).toEqual([expect.objectContaining({ _id: 'ring', quantity: 3 })]);
  });
  describe('a link for a colleague', () => {
    /** Answers the two calls that make the link; every other call (the list's sync) gets {}. */
    function serverMakingLinks(selectionAnswer: Response | null = null) {
      const calls: { url: string; body: unknown }[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init?: RequestInit) => {
          const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
          if (url === '/api/selections') {
            calls.push({ url, body });
            return (
              selectionAnswer ??
              new Response(JSON.stringify({ selection: { _id: 'sel-1' } }), { status: 201 })
            );
          }
          if (url === '/api/selections/sel-1/links') {
            calls.push({ url, body });
            return new Response(
              JSON.stringify({
                link: { _id: 'l1', url: 'https://shop.example/s/TOKEN-1', token: 'TOKEN-1' },
              }),
              { status: 201 },
            );
          }
          return new Response('{}', { status: 200 });
        }),
      );
      return calls;
    }

    it('is not offered for an empty list', async () => {
      logIn();
      renderCart();
      await screen.findByRole('heading', { name: 'Your enquiry list is empty' });
      expect(screen.queryByRole('button', { name: 'Make a link' })).not.toBeInTheDocument();
    });

    it("asks for the colleague's name, makes a selection of the list and its link, shows it with Copy and WhatsApp", async () => {
      const user = userEvent.setup();
      const writeText = vi.fn(async () => {});
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      logIn();
      enquiryStore.add(ring, 2);
      enquiryStore.add(pendant);
      const calls = serverMakingLinks();
      renderCart();
      await user.click(await screen.findByRole('button', { name: 'Make a link' }));
      expect(await screen.findByText("Please enter your colleague's name.")).toBeInTheDocument();
      expect(calls).toEqual([]);

      await user.type(screen.getByLabelText(/Colleague's name/), 'Meera');
      await user.click(screen.getByRole('button', { name: 'Make a link' }));
      const link = await screen.findByLabelText('Link for Meera');
      expect(link).toHaveValue('https://shop.example/s/TOKEN-1');
      expect(calls).toEqual([
        {
          url: '/api/selections',
          body: { title: 'Designs from my enquiry list', productIds: ['ring', 'pendant'] },
        },
        { url: '/api/selections/sel-1/links', body: { recipient: { name: 'Meera' } } },
      ]);
      expect(screen.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
        'href',
        `https://wa.me/?text=${encodeURIComponent('Have a look at these designs: https://shop.example/s/TOKEN-1')}`,
      );
      await user.click(screen.getByRole('button', { name: 'Copy link' }));
      expect(writeText).toHaveBeenCalledWith('https://shop.example/s/TOKEN-1');
      expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    });

    it("shows the server's reason when the selection is refused", async () => {
      const user = userEvent.setup();
      logIn();
      enquiryStore.add(ring, 1);
      serverMakingLinks(
        new Response(
          JSON.stringify({ message: 'Only designs on your enquiry list can go into your selection' }),
          { status: 400 },
        ),
      );
      renderCart();
      await user.type(await screen.findByLabelText(/Colleague's name/), 'Meera');
      await user.click(screen.getByRole('button', { name: 'Make a link' }));
      expect(
        await screen.findByText('Only designs on your enquiry list can go into your selection'),
      ).toBeInTheDocument();
      expect(screen.queryByLabelText('Link for Meera')).not.toBeInTheDocument();
    });
  });
});
