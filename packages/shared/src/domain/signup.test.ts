import { describe, expect, it } from 'vitest';
import {
  findSignupError,
  isEmail,
  isWebsite,
  PASSWORD_MIN_LENGTH,
  SIGNUP_MESSAGE_KEYS,
  SIGNUP_MESSAGES,
} from './signup.ts';

const valid = {
  name: 'Asha',
  email: 'asha@example.com',
  password: 'secret-925',
  confirmPassword: 'secret-925',
  contactNumber: '+91 98765 43210',
  country: 'IN',
  companyName: '',
  companyWebsite: '',
};

describe('sign-up rules', () => {
  it('accepts a complete form', () => {
    expect(findSignupError(valid)).toBeNull();
    expect(
      findSignupError({ ...valid, country: 'UK', companyWebsite: 'www.example.co.uk/about' }),
    ).toBeNull();
  });

  it('checks the rules in their order and reports only the first failure', () => {
    const cases: [Partial<typeof valid>, string, string][] = [
      [{ name: ' ' }, 'name', 'name_required'],
      [{ email: '' }, 'email', 'email_required'],
      [{ email: 'asha@example' }, 'email', 'invalid_email'],
      [{ password: '' }, 'password', 'password_required'],
      [{ password: 'short77', confirmPassword: 'short77' }, 'password', 'password_too_short'],
      [{ confirmPassword: '' }, 'confirmPassword', 'confirm_password_required'],
      [{ confirmPassword: 'Secret-925' }, 'confirmPassword', 'password_mismatch'],
      [{ contactNumber: '' }, 'contactNumber', 'contact_required'],
      [{ country: '' }, 'country', 'country_required'],
      [{ country: 'ZZ' }, 'country', 'invalid_country'],
      [{ companyWebsite: 'http://' }, 'companyWebsite', 'invalid_website'],
    ];
    for (const [over, field, key] of cases) {
      expect(findSignupError({ ...valid, ...over })).toEqual({
        field,
        key,
        message: SIGNUP_MESSAGES[key as keyof typeof SIGNUP_MESSAGES],
      });
    }
    // Everything wrong at once: the name comes first, then the e-mail.
    expect(findSignupError({})?.key).toBe('name_required');
    expect(findSignupError({ name: 'A', password: '', email: 'x' })?.key).toBe('invalid_email');
  });

  it('has the message "Passwords do not match!" and a text for every key', () => {
    expect(SIGNUP_MESSAGES.password_mismatch).toBe('Passwords do not match!');
    for (const key of SIGNUP_MESSAGE_KEYS) expect(SIGNUP_MESSAGES[key]).toBeTruthy();
  });

  it('on the server, skips the confirmation the browser never sends', () => {
    const { confirmPassword: _c, ...sent } = valid;
    expect(findSignupError(sent)).toEqual(expect.objectContaining({ key: 'confirm_password_required' }));
    expect(findSignupError(sent, { checkConfirmation: false })).toBeNull();
  });

  it('wants a password of at least 8 characters, counted as typed', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    const withPassword = (password: string) =>
      findSignupError({ ...valid, password, confirmPassword: password });
    expect(withPassword('1234567')?.key).toBe('password_too_short');
    expect(withPassword('12345678')).toBeNull();
    // Spaces count: a password is taken as typed.
    expect(withPassword('        ')).toBeNull();
    // Four emoji are four characters (eight UTF-16 units).
    expect(withPassword('💎💎💎💎')?.key).toBe('password_too_short');
    expect(SIGNUP_MESSAGES.password_too_short).toBe('Password must be at least 8 characters');
    // The profile changes no password: no rule about it there.
    expect(findSignupError({ ...valid, password: '' }, { checkPassword: false })).toBeNull();
  });

  it.each([
    ['name', 'Asha\nVerma'],
    ['name', 'Asha\u202E'],
    ['email', 'asha\u2066@example.com'],
    ['contactNumber', '+91\t98765'],
    ['companyName', 'Verma\u2029Jewels'],
    ['companyWebsite', 'example.com/\u202A'],
  ])('refuses a line break, control or text-direction character in %s, naming the field', (field, value) => {
    expect(findSignupError({ ...valid, [field]: value })).toEqual({
      field,
      key: 'not_one_line',
      message: `${field} must be one line of text, without line breaks, control characters or text-direction characters`,
    });
  });
});

describe('e-mail and website patterns', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org', ' spaced@example.com '])('%s is an e-mail', (v) =>
    expect(isEmail(v)).toBe(true),
  );
  it.each(['', 'a@b', 'a b@c.de', '@example.com', 'a@.', `${'a'.repeat(250)}@b.cd`])('%s is not', (v) =>
    expect(isEmail(v)).toBe(false),
  );

  it.each([
    'example.com',
    'www.example.com',
    'https://example.com',
    'http://www.example.co.uk/path/to?x=1#top',
    'HTTPS://Shop.Example.IN/',
    'my-shop.jewellery',
    'example.com:8080/x',
  ])('%s is a website', (v) => expect(isWebsite(v)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    'ftp://example.com',
    'example',
    'example.c',
    'http://',
    'exa mple.com',
    '-bad.com',
    'example.com/<script>',
  ])('%s is not', (v) => expect(isWebsite(v)).toBe(false));

  it('answers quickly on long hostile input', () => {
    const start = performance.now();
    isWebsite(`${'a.'.repeat(240)}!`);
    isWebsite(`${'a-'.repeat(240)}`);
    expect(performance.now() - start).toBeLessThan(50);
  });
});
