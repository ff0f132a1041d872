import { describe, expect, it } from 'vitest';
import { firstChars, htmlToText, sanitizeBlogHtml } from './blog-html.ts';

/*
 * The sanitiser at the edges its main tests leave open (found by mutation testing): an image
 * address that merely contains "https://", the scheme of a quotation's cite, text on either side
 * of a pasted <html> element, and excerpts that fit.
 */
describe('image sources', () => {
  it('refuses a relative address that only contains https:// further on', () => {
    expect(sanitizeBlogHtml('<img src="/uploads/https://evil.example/a.png" alt="x"><p>t</p>')).toBe(
      '<p>t</p>',
    );
    expect(sanitizeBlogHtml('<img src="picture.png?u=https://evil.example/a.png"><p>t</p>')).toBe('<p>t</p>');
  });

  it('still takes an https address and one of our own pictures', () => {
    expect(sanitizeBlogHtml('<img src="https://cdn.example/a.png" alt="A">')).toBe(
      '<img src="https://cdn.example/a.png" alt="A" />',
    );
    expect(sanitizeBlogHtml('<img src="/media/abc_123?w=640" alt="">')).toBe(
      '<img src="/media/abc_123?w=640" alt="" />',
    );
  });
});

describe('the cite of a quotation', () => {
  it('keeps a web address and drops a script one', () => {
    expect(sanitizeBlogHtml('<q cite="javascript:alert(1)">x</q>')).toBe('<q>x</q>');
    expect(sanitizeBlogHtml('<q cite="data:text/html,boo">x</q>')).toBe('<q>x</q>');
    expect(sanitizeBlogHtml('<q cite="https://source.example/">x</q>')).toBe(
      '<q cite="https://source.example/">x</q>',
    );
  });
});

describe('a pasted whole document', () => {
  it('keeps the text before and after an <html> element, not only what is inside it', () => {
    expect(sanitizeBlogHtml('<p>before</p><html><body><p>inside</p></body></html><p>after</p>')).toBe(
      '<p>before</p><p>inside</p><p>after</p>',
    );
    expect(htmlToText('before<html>in</html>after')).toBe('beforeinafter');
  });
});

describe('excerpts', () => {
  it('gives back a text that fits exactly as it is, trailing spaces included', () => {
    expect(firstChars('abc  ', 10)).toBe('abc  ');
    expect(firstChars('ab ', 3)).toBe('ab ');
  });

  it('cuts a longer text at max characters and trims the cut end', () => {
    expect(firstChars('ab cd', 3)).toBe('ab');
    expect(firstChars('abcd', 3)).toBe('abc');
  });
});
