import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTRY_OPTIONS } from '@catalogue/shared/domain/countries';
import { toEnquiryLine, type EnquiryLine } from '@catalogue/shared/domain/enquiry-list';
import { PriceRequestForm } from '~/features/cart/price-request-form';
import { renderWithProviders } from '~/lib/test-utils';

const lines = [toEnquiryLine({ _id: 'ring', name: 'Ring', code: 'R1', quantity: 3 })].filter(
  (l): l is EnquiryLine => l !== null,
);

type Sent = { body: Record<string, unknown>; key: string | null };

/** A fake `/api/orders/submit-order` whose answers the test chooses, one per call. */
function fakeServer(...answers: { status: number; body?: unknown }[]) {
  const sent: Sent[] = [];
  const release: (() => void)[] = [];
  const fetcher = vi.fn(async (_url: string, init: RequestInit) => {
    sent.push({
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
      key: new Headers(init.headers).get('idempotency-key'),
    });
    const { status, body } = answers[Math.min(sent.length - 1, answers.length - 1)] ?? { status: 201 };
    await new Promise<void>((resolve) => release.push(resolve));
    return new Response(JSON.stringify(body ?? {}), { status });
  });
  vi.stubGlobal('fetch', fetcher);
  return { sent, releaseAll: () => release.splice(0).forEach((r) => r()) };
}

function renderForm(formLines: readonly EnquiryLine[] = lines) {
  const onSent = vi.fn();
  const onLoginNeeded = vi.fn();
  renderWithProviders(<PriceRequestForm lines={formLines} onSent={onSent} onLoginNeeded={onLoginNeeded} />, {
    path: '/cart',
  });
  return { onSent, onLoginNeeded };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First name/), 'Asha');
  await user.type(screen.getByLabelText(/E-mail/), 'asha@example.com');
  await user.type(screen.getByLabelText(/Contact number/), '+91 98765 43210');
  await user.selectOptions(screen.getByLabelText(/Country/), 'IN');
}

const submitButton = () => screen.getByRole('button', { name: /Submit Price Request|Submitting/ });

// Typing whole forms with user-event takes several seconds on a busy two-core machine.
describe('PriceRequestForm', { timeout: 20_000 }, () => {
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 't0k');
    localStorage.setItem('userId', 'u1');
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has the price request fields with the right input types, and 35 countries', () => {
    renderForm();
    expect(screen.getByLabelText(/First name/)).toBeRequired();
    expect(screen.getByLabelText(/E-mail/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Contact number/)).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText(/Company website/)).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText(/Company name/)).not.toBeRequired();
    expect(screen.getByLabelText(/Message/).tagName).toBe('TEXTAREA');
    const country = screen.getByLabelText(/Country/);
    expect(country).toBeRequired();
    // The placeholder plus the 35 countries.
    expect(within(country).getAllByRole('option')).toHaveLength(36);
    expect(COUNTRY_OPTIONS).toHaveLength(35);
  });

  it('carries a hidden honeypot field a person never reaches, sent only when a bot fills it', async () => {
    const user = userEvent.setup();
    const { sent, releaseAll } = fakeServer({ status: 201, body: { success: true, orderId: 1 } });
    renderForm();
    const trap = document.querySelector<HTMLInputElement>('form input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).not.toHaveProperty('website');
    releaseAll();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await fillRequired(user);
    trap.value = 'http://spam.example';
    await user.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ firstName: 'Asha', website: 'http://spam.example' });
    releaseAll();
  });

  it("starts filled from the buyer's account (UK read as GB), the message left to the buyer", () => {
    renderWithProviders(
      <PriceRequestForm
        lines={lines}
        onSent={vi.fn()}
        onLoginNeeded={vi.fn()}
        account={{
          name: 'Asha Verma',
          email: 'asha@shop.example',
          contactNumber: '+44 20 7946 0000',
          country: 'UK',
          companyName: 'Verma Gems',
          companyWebsite: 'https://verma.example',
        }}
      />,
    );
    expect(screen.getByLabelText(/First name/)).toHaveValue('Asha Verma');
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('asha@shop.example');
    expect(screen.getByLabelText(/Contact number/)).toHaveValue('+44 20 7946 0000');
    expect(screen.getByLabelText(/Country/)).toHaveValue('GB');
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Verma Gems');
    expect(screen.getByLabelText(/Company website/)).toHaveValue('https://verma.example');
    expect(screen.getByLabelText(/Message/)).toHaveValue('');
  });

  it('shows each missing required field beside it, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = fakeServer({ status: 201 });
    renderForm();
    await user.click(submitButton());
    expect(screen.getByText('Please enter your first name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your contact number.')).toBeInTheDocument();
    expect(screen.getByText('Please select your country.')).toBeInTheDocument();
    expect(screen.getByText('Please correct the fields marked in red.')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/First name/)).toHaveFocus();
    expect(screen.getByLabelText(/Company name/)).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(0);
  });

  it("clears a field's error as soon as that field is edited, and only that one", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(submitButton());
    await user.type(screen.getByLabelText(/E-mail/), 'a');
    expect(screen.queryByText('Please enter your e-mail address.')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter your first name.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Country/), 'FR');
    expect(screen.queryByText('Please select your country.')).not.toBeInTheDocument();
  });

  it('refuses a malformed e-mail and website with their own messages', async () => {
    const user = userEvent.setup();
    const { sent } = fakeServer({ status: 201 });
    renderForm();
    await fillRequired(user);
    await user.clear(screen.getByLabelText(/E-mail/));
    await user.type(screen.getByLabelText(/E-mail/), 'asha@');
    await user.type(screen.getByLabelText(/Company website/), 'not a site');
    await user.click(submitButton());
    expect(
      screen.getByText('Please enter a valid e-mail address, such as name@example.com.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please enter a website address such as https://www.example.com.'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('refuses a text-direction override in the first name or the company beside the field', async () => {
    const user = userEvent.setup();
    const { sent } = fakeServer({ status: 201 });
    renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText(/First name/), '\u202E');
    await user.type(screen.getByLabelText(/Company name/), 'Verma\u2066Gems');
    await user.click(submitButton());
    const message = 'Please keep this to one line, without line breaks or special control characters.';
    expect(screen.getByLabelText(/First name/)).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText(/Company name/)).toHaveAccessibleDescription(message);
    // The message keeps its line breaks.
    expect(screen.getByLabelText(/^Message/)).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(0);
  });

  it("reads the server's one-line issue (body.firstName) beside the field", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      status: 400,
      body: {
        message:
          'firstName: firstName must be one line of text, without line breaks, control characters or text-direction characters',
        issues: [
          {
            path: 'body.firstName',
            message:
              'firstName must be one line of text, without line breaks, control characters or text-direction characters',
          },
        ],
      },
    });
    renderForm();
    await fillRequired(user);
    await user.click(submitButton());
    server.releaseAll();
    expect(
      await screen.findByText(
        'Please keep this to one line, without line breaks or special control characters.',
      ),
    ).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it('is disabled while the list is empty', () => {
    renderForm([]);
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText('Add at least one design to your list to request a price.')).toBeInTheDocument();
  });

  it("sends one request on a double click, shows 'Submitting...' meanwhile, then reports success", async () => {
    const user = userEvent.setup();
    const server = fakeServer({ status: 201, body: { success: true, orderId: 7 } });
    const { onSent } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText(/Company website/), 'www.asha.in');
    await user.dblClick(submitButton());
    expect(submitButton()).toHaveTextContent('Submitting...');
    expect(submitButton()).toBeDisabled();
    server.releaseAll();
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]?.key).toMatch(/^[\x21-\x7e]{16,}$/);
    expect(server.sent[0]?.body).toMatchObject({
      firstName: 'Asha',
      email: 'asha@example.com',
      contactNumber: '+91 98765 43210',
      country: 'IN',
      companyWebsite: 'www.asha.in',
      orderDetails: [{ productId: 'ring', quantity: 3, name: 'Ring', sku: 'R1' }],
    });
    expect(submitButton()).toHaveTextContent('Submit Price Request');
    expect(screen.getByLabelText(/First name/)).toHaveValue('');
  });

  it('a 401 alerts "Please login to place your order." and asks the page for a login', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ status: 401, body: { message: 'Unauthorized' } });
    const { onLoginNeeded, onSent } = renderForm();
    await fillRequired(user);
    await user.click(submitButton());
    server.releaseAll();
    await waitFor(() => expect(onLoginNeeded).toHaveBeenCalledTimes(1));
    expect(alert).toHaveBeenCalledWith('Please login to place your order.');
    expect(onSent).not.toHaveBeenCalled();
  });

  it('any other failure alerts and shows the failure; a retry of the same form reuses its key', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ status: 500, body: { message: 'boom' } }, { status: 201 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onSent } = renderForm();
    await fillRequired(user);
    await user.click(submitButton());
    server.releaseAll();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to submit order. Please try again.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to submit order. Please try again.');
    expect(submitButton()).toBeEnabled();

    await user.click(submitButton());
    server.releaseAll();
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]?.key).toBe(server.sent[0]?.key);
  });

  it('changed content after a failure is a new request with a new key', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ status: 503 }, { status: 201 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderForm();
    await fillRequired(user);
    await user.click(submitButton());
    server.releaseAll();
    await waitFor(() => expect(alert).toHaveBeenCalled());
    await user.type(screen.getByLabelText(/Message/), 'Gold plated please');
    await user.click(submitButton());
    server.releaseAll();
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]?.key).not.toBe(server.sent[0]?.key);
  });

  it("shows the server's field issues beside the fields", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      status: 400,
      body: {
        message: 'Invalid request',
        issues: [{ path: 'email', message: 'email must be a valid e-mail address' }],
      },
    });
    renderForm();
    await fillRequired(user);
    await user.click(submitButton());
    server.releaseAll();
    expect(
      await screen.findByText('Please enter a valid e-mail address, such as name@example.com.'),
    ).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });
});
