import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignupForm, type SignupNext } from './signup-form';

const fetchMock = vi.fn<typeof fetch>();
const alertMock = vi.fn();

function renderSignup(path = '/signup', next?: SignupNext) {
  const Form = () => <SignupForm next={next} />;
  const Stub = createRoutesStub([
    { path: '/signup', Component: Form },
    { path: '/hi/signup', Component: Form },
    { path: '/login', Component: () => <h1>Login page</h1> },
    { path: '/hi/login', Component: () => <h1>Hindi login page</h1> },
  ]);
  render(<Stub initialEntries={[path]} />);
}

const field = (name: RegExp) => screen.getByLabelText(name);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

/** Types the fields given, in the form's order. */
async function fill(values: Partial<Record<string, string>>) {
  const labels: [string, RegExp][] = [
    ['name', /^Name/],
    ['email', /^Email/],
    ['password', /^Password/],
    ['confirmPassword', /^Confirm password/],
    ['contactNumber', /^Contact number/],
    ['companyName', /^Company name/],
    ['companyWebsite', /^Company website/],
  ];
  for (const [key, label] of labels) {
    // Pasting is one input event per field: quick on a busy machine, and React sees a change all the same.
    if (values[key] !== undefined) {
      await userEvent.click(field(label));
      await userEvent.paste(values[key]);
    }
  }
  if (values.country) await userEvent.selectOptions(field(/^Country/), values.country);
}

const complete = {
  name: 'Asha Verma',
  email: 'asha@example.in',
  password: 'silver-925',
  confirmPassword: 'silver-925',
  contactNumber: '+91 98290 00000',
  country: 'UK',
};

const alerts = () => screen.queryAllByRole('alert').map((el) => el.textContent);

/**
 * The form moves focus to the field with the error in the next animation frame. Typing elsewhere
 * before that frame (a test is faster than a person) would send the next keys to that field: a
 * pasted website once went to the country select on a busy machine, and the form was sent.
 */
const focusReaches = (label: RegExp) => waitFor(() => expect(field(label)).toHaveFocus());

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('alert', alertMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  alertMock.mockReset();
});

describe('SignupForm', { timeout: 20_000 }, () => {
  it('offers the 17 sign-up countries with UK for the United Kingdom', () => {
    renderSignup();
    const options = screen.getAllByRole('option').filter((o) => (o as HTMLOptionElement).value);
    expect(options).toHaveLength(17);
    expect(screen.getByRole('option', { name: /United Kingdom/ })).toHaveValue('UK');
  });

  it('checks the rules in their order and shows only the first failure, beside its field', async () => {
    renderSignup();
    // The password's hint stays beside it, read before its error.
    const HINT = 'At least 8 characters';
    const steps: [Partial<typeof complete>, string, RegExp, string?][] = [
      [{}, 'Name is required', /^Name/],
      [{ name: 'Asha' }, 'Email is required', /^Email/],
      [{ email: 'asha@' }, 'Please enter a valid email address', /^Email/],
      [{ email: 'example.in' }, 'Password is required', /^Password/, `${HINT} Password is required`],
      [
        { password: 'silver7' },
        'Password must be at least 8 characters',
        /^Password/,
        `${HINT} Password must be at least 8 characters`,
      ],
      [{ password: '5' }, 'Please confirm your password', /^Confirm password/],
      [{ confirmPassword: 'y' }, 'Passwords do not match!', /^Confirm password/],
    ];
    for (const [typed, message, label, description = message] of steps) {
      await fill(typed);
      await submit();
      expect(alerts()).toEqual([message]);
      expect(field(label)).toHaveAccessibleDescription(description);
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      await focusReaches(label);
    }
    await userEvent.clear(field(/^Confirm password/));
    await fill({ confirmPassword: 'silver75' });
    await submit();
    expect(alerts()).toEqual(['Contact number is required']);
    await focusReaches(/^Contact number/);
    await fill({ contactNumber: '12345' });
    await submit();
    expect(alerts()).toEqual(['Country is required']);
    await focusReaches(/^Country/);
    await fill({ country: 'IN', companyWebsite: 'not a site' });
    await submit();
    expect(alerts()).toEqual(['Please enter a valid website address']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears the error when its field is edited', async () => {
    renderSignup();
    await submit();
    expect(alerts()).toEqual(['Name is required']);
    await fill({ name: 'A' });
    expect(alerts()).toEqual([]);
  });

  it('registers without the confirmation, shows the loader, alerts success and goes to the login page', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderSignup();
    await fill({ ...complete, companyWebsite: 'www.verma-gems.in' });
    await submit();
    expect(screen.getByRole('status')).toHaveTextContent('Creating your account...');
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.in',
      password: 'silver-925',
      contactNumber: '+91 98290 00000',
      country: 'UK',
      companyName: '',
      companyWebsite: 'www.verma-gems.in',
    });
    answer(new Response(JSON.stringify({ message: 'User registered successfully' }), { status: 201 }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(alertMock).toHaveBeenCalledWith(
      'Registration successful! Please log in with your email and password.',
    );
  });

  it.each([
    [
      { needsVerification: true, needsApproval: false },
      'Registration successful! We have sent a link to asha@example.in: open it to confirm your address, then log in with your email and password.',
    ],
    [
      { needsVerification: true, needsApproval: true },
      'Registration successful! We have sent a link to asha@example.in: open it to confirm your address. Our team then reviews your trade account: you can browse and keep an enquiry list meanwhile, and send price requests once it is approved.',
    ],
    [
      { needsVerification: false, needsApproval: true },
      'Registration successful! Please log in with your email and password. Our team reviews every new trade account: you can browse and keep an enquiry list meanwhile, and send price requests once yours is approved.',
    ],
  ])('says what comes next after signing up (%o)', async (next, said) => {
    fetchMock.mockResolvedValue(new Response('{"message":"User registered successfully"}', { status: 201 }));
    renderSignup('/signup', next);
    await fill(complete);
    await submit();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(alertMock).toHaveBeenCalledWith(said);
  });

  it('keeps the locale prefix on the way to the login page', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"ok"}', { status: 201 }));
    renderSignup('/hi/signup');
    await fill(complete);
    await submit();
    expect(await screen.findByRole('heading', { name: 'Hindi login page' })).toBeInTheDocument();
  });

  it.each([
    [409, { message: 'User already exists', code: 'CONFLICT' }, 'An account with this email already exists.'],
    [
      429,
      { message: 'Too many sign-ups, please try again later' },
      'Too many sign-ups, please try again later',
    ],
    [500, { message: 'Internal Server Error' }, 'Registration failed. Please try again.'],
  ])('shows the failure of a %i and keeps what was typed', async (status, body, shown) => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status }));
    renderSignup();
    await fill(complete);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(field(/^Name/)).toHaveValue('Asha Verma');
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('puts a rule the server refused beside its field, in the site wording', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          message: 'Please enter a valid email address',
          issues: [{ path: 'email', message: 'invalid_email' }],
        }),
        { status: 400 },
      ),
    );
    renderSignup();
    await fill(complete);
    await submit();
    await waitFor(() =>
      expect(field(/^Email/)).toHaveAccessibleDescription('Please enter a valid email address'),
    );
  });

  it('says beside the password that it needs at least 8 characters', () => {
    renderSignup();
    expect(field(/^Password/)).toHaveAccessibleDescription('At least 8 characters');
  });

  it('refuses a text-direction override in the name or the company, beside the field, before sending', async () => {
    renderSignup();
    await fill({ ...complete, name: 'Asha\u202EVerma' });
    await submit();
    const message = 'Please keep this to one line, without line breaks or special control characters';
    expect(alerts()).toEqual([message]);
    expect(field(/^Name/)).toHaveAccessibleDescription(message);
    await focusReaches(/^Name/);
    await userEvent.clear(field(/^Name/));
    await fill({ name: 'Asha Verma', companyName: 'Verma\u2066Gems' });
    await submit();
    expect(field(/^Company name/)).toHaveAccessibleDescription(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSignup();
    await fill(complete);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the server/);
  });
});
