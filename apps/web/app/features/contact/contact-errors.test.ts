import { describe, expect, it } from 'vitest';
import { EMPTY_CONTACT, errorsFromIssues, findContactErrors, firstInvalidField } from './contact-errors';

const valid = {
  ...EMPTY_CONTACT,
  name: 'Lena Fischer',
  email: 'lena@example.de',
  contactNumber: '+49 30 1234567',
  country: 'DE',
  message: 'Do you make silver toe rings?',
};

describe('contact form checks', () => {
  it('accepts the required fields alone, and the optional ones when well formed', () => {
    expect(findContactErrors(valid)).toEqual({});
    expect(
      findContactErrors({ ...valid, companyName: 'Fischer', companyWebsite: 'fischer-schmuck.de/shop' }),
    ).toEqual({});
  });

  it('names every missing required field, in the form order', () => {
    const errors = findContactErrors({ ...EMPTY_CONTACT, companyName: 'x' });
    expect(errors).toEqual({
      name: 'errors.required.name',
      email: 'errors.required.email',
      contactNumber: 'errors.required.contactNumber',
      country: 'errors.required.country',
      message: 'errors.required.message',
    });
    expect(firstInvalidField(errors)).toBe('name');
  });

  it('treats blank as missing and reports malformed e-mail, website and unknown country', () => {
    expect(
      findContactErrors({
        ...valid,
        name: '   ',
        email: 'lena@',
        companyWebsite: 'javascript:alert(1)',
        country: 'XX',
      }),
    ).toEqual({
      name: 'errors.required.name',
      email: 'errors.invalid.email',
      country: 'errors.invalid.country',
      companyWebsite: 'errors.invalid.companyWebsite',
    });
  });

  it('reports an overlong message', () => {
    expect(findContactErrors({ ...valid, message: 'x'.repeat(5001) })).toEqual({
      message: 'errors.invalid.tooLong',
    });
  });

  it('maps the server issues (body.field) to the same wording and ignores unknown paths', () => {
    expect(
      errorsFromIssues(
        [
          { path: 'body.email', message: 'email must be a valid e-mail address' },
          { path: 'body.message', message: 'message is required' },
          { path: 'body', message: 'Invalid input' },
        ],
        { ...valid, message: '' },
      ),
    ).toEqual({ email: 'errors.invalid.email', message: 'errors.required.message' });
  });
});
