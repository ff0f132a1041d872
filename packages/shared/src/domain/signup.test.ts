import { describe, expect, it } from 'vitest';
import { findSignupError, isEmail, isWebsite, SIGNUP_MESSAGE_KEYS, SIGNUP_MESSAGES } from './signup.ts';

const valid = {
  name: 'Asha',
  email: 'asha@example.com',
  password: 'secret',
  confirmPassword: 'secret',
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
      [{ confirmPassword: '' }, 'confirmPassword', 'confirm_password_required'],
      [{ confirmPassword: 'Secret' }, 'confirmPassword', 'password_mismatch'],
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

  it('has no password length rule', () => {
    expect(findSignupError({ ...valid, password: 'x', confirmPassword: 'x' })).toBeNull();
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
