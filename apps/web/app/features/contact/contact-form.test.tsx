import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';

const fetchMock = vi.fn<typeof fetch>();

function renderContact() {
  const Stub = createRoutesStub([
    { path: '/contactus', Component: ContactForm },
    { path: '/', Component: () => <h1>Home page</h1> },
  ]);
  render(<Stub initialEntries={['/contactus']} />);
}

const field = (label: RegExp) => screen.getByLabelText(label);
const send = (user: Pick<UserEvent, 'click'> = userEvent) =>
  user.click(screen.getByRole('button', { name: 'Send Message' }));

type Typist = Pick<UserEvent, 'click' | 'paste' | 'selectOptions'>;

/** Types by pasting: one input event per field keeps the tests quick on a busy machine. */
async function enter(element: HTMLElement, text: string, user: Typist = userEvent) {
  await user.click(element);
  await user.paste(text);
}

async function fillRequired(user: Typist = userEvent) {
  await enter(field(/^Name/), 'Lena Fischer', user);
  await enter(field(/^Email/), 'lena@example.de', user);
  await enter(field(/^Contact number/), '+49 30 1234567', user);
  await user.selectOptions(field(/^Country/), 'DE');
  await enter(field(/^Message/), 'Do you make silver toe rings?', user);
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('ContactForm', { timeout: 20_000 }, () => {
  it('offers the 35 countries', () => {
    renderContact();
    expect(screen.getAllByRole('option').filter((o) => (o as HTMLOptionElement).value)).toHaveLength(35);
  });

  it('names every missing required field beside it, focuses the first, and sends nothing', async () => {
    renderContact();
    await send();
    expect(field(/^Name/)).toHaveAccessibleDescription('Please enter your name');
    expect(field(/^Email/)).toHaveAccessibleDescription('Please enter your email');
    expect(field(/^Contact number/)).toHaveAccessibleDescription('Please enter your contact number');
    expect(field(/^Country/)).toHaveAccessibleDescription('Please select your country');
    expect(field(/^Message/)).toHaveAccessibleDescription('Please write your message');
    expect(field(/^Company name/)).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(field(/^Name/)).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(field(/^Name/), 'L');
    expect(field(/^Name/)).not.toHaveAttribute('aria-invalid');
  });

  it('checks the e-mail and the optional website like the server', async () => {
    renderContact();
    await fillRequired();
    await userEvent.clear(field(/^Email/));
    await enter(field(/^Email/), 'lena@');
    await enter(field(/^Company website/), 'javascript:alert(1)');
    await send();
    expect(field(/^Email/)).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field(/^Company website/)).toHaveAccessibleDescription(
      'For example https://www.example.com Please enter a valid website address',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a control or text-direction character in a one-line field, keeps line breaks in the message', async () => {
    renderContact();
    await fillRequired();
    await enter(field(/^Name/), '\u202E');
    await enter(field(/^Company name/), 'Fischer\u0007Schmuck');
    await userEvent.clear(field(/^Message/));
    await enter(field(/^Message/), 'Line one\nLine two');
    await send();
    const message = 'Please keep this to one line, without line breaks or special control characters';
    expect(field(/^Name/)).toHaveAccessibleDescription(message);
    expect(field(/^Company name/)).toHaveAccessibleDescription(message);
    expect(field(/^Message/)).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('carries a hidden honeypot field a person never reaches, sent only when a bot fills it', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Message received"}', { status: 201 }));
    renderContact();
    const trap = document.querySelector<HTMLInputElement>('form input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
    await fillRequired();
    trap.value = 'http://spam.example';
    await send();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Lena Fischer',
      website: 'http://spam.example',
    });
  });

  it('sends, clears the form, thanks for 3 seconds and then goes home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    fetchMock.mockResolvedValue(new Response('{"message":"Message received"}', { status: 201 }));
    renderContact();
    await fillRequired(user);
    await send(user);
    expect(await screen.findByRole('dialog', { name: 'Thank you!' }, { timeout: 5000 })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/contact/send');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Lena Fischer',
      email: 'lena@example.de',
      contactNumber: '+49 30 1234567',
      country: 'DE',
      companyName: '',
      companyWebsite: '',
      message: 'Do you make silver toe rings?',
    });
    expect(field(/^Name/)).toHaveValue('');
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('shows the issues of a 400 beside their fields and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          message: 'email: email must be a valid e-mail address',
          issues: [{ path: 'body.email', message: 'email must be a valid e-mail address' }],
        }),
        { status: 400 },
      ),
    );
    renderContact();
    await fillRequired();
    await send();
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(field(/^Email/)).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field(/^Message/)).toHaveValue('Do you make silver toe rings?');
  });

  it.each([
    [
      429,
      '{"message":"Too many messages sent, please try again later"}',
      'Too many messages sent, please try again later',
    ],
    [500, '{"message":"Internal Server Error"}', 'Your message could not be sent. Please try again'],
  ])('shows a %i as a message and keeps the form', async (status, body, shown) => {
    fetchMock.mockResolvedValue(new Response(body, { status }));
    renderContact();
    await fillRequired();
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(field(/^Name/)).toHaveValue('Lena Fischer');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('asks to retry when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderContact();
    await fillRequired();
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the server.*try again/);
    expect(field(/^Country/)).toHaveValue('DE');
  });
});
