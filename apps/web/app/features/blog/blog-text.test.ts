import { describe, expect, it } from 'vitest';
import { cardText, plainText } from './blog-text';

describe('blog texts', () => {
  it('uses the excerpt when there is one', () => {
    expect(cardText({ excerpt: ' Short and sweet. ', content: '<p>Long</p>' })).toBe('Short and sweet.');
  });

  it('falls back to the first 80 characters of the content without HTML, plus an ellipsis', () => {
    const content = `<h2>Title</h2><p>${'word '.repeat(40)}</p>`;
    const text = cardText({ excerpt: '', content });
    expect(text).not.toMatch(/</);
    expect(text.endsWith('...')).toBe(true);
    expect(text.length).toBe(83);
    expect(text.startsWith('Title word word')).toBe(true);
  });

  it('keeps a short content whole and counts an emoji as one character', () => {
    expect(cardText({ excerpt: null, contentPreview: 'Just a line &amp; more' })).toBe('Just a line & more');
    expect(cardText({ content: '💎'.repeat(81) })).toBe(`${'💎'.repeat(80)}...`);
  });

  it('strips scripts and styles with their content', () => {
    expect(plainText('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe('a b');
  });
});
