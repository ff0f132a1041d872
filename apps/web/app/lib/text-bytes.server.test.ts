// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createTextCollector, PIECE_CHARS } from './text-bytes.server';

function collect(parts: readonly string[]): Buffer {
  const text = createTextCollector();
  for (const part of parts) text.write(part);
  return text.encode((bytes) => Buffer.from(bytes));
}

describe('createTextCollector', () => {
  it('gives the UTF-8 bytes of thousands of short strings, characters outside Latin-1 included', () => {
    const parts: string[] = [];
    for (let i = 0; i < 6000; i++)
      parts.push(i % 500 === 7 ? 'हार ₹ 💍' : i % 3 === 0 ? '<div class="card">' : `${i}`);
    const bytes = collect(parts);
    expect(bytes.toString('utf8')).toBe(parts.join(''));
    expect(bytes.length).toBe(Buffer.byteLength(parts.join('')));
    // A four-byte character: 💍 is F0 9F 92 8D.
    expect(bytes.includes(Buffer.from([0xf0, 0x9f, 0x92, 0x8d]))).toBe(true);
  });

  it('keeps a page longer than its buffer whole, and the next page after it', () => {
    const large = Array.from({ length: 400 }, (_, i) => `${'ह'.repeat(999)}${i}`);
    expect(collect(large).toString('utf8')).toBe(large.join(''));
    expect(collect(['<p>', 'next', '</p>']).toString('utf8')).toBe('<p>next</p>');
  });

  it('joins a piece when it reaches its length, cutting only between strings', () => {
    const parts = ['a'.repeat(PIECE_CHARS - 1), 'é💍', 'b'.repeat(PIECE_CHARS + 5), '', 'हा', 'र'];
    expect(collect(parts).toString('utf8')).toBe(parts.join(''));
  });

  it('gives an empty page as no bytes', () => {
    expect(collect([]).length).toBe(0);
    expect(collect(['']).length).toBe(0);
  });

  it('hands the bytes to the caller and returns what it returns', () => {
    const text = createTextCollector();
    text.write('<html>');
    expect(text.encode((bytes) => bytes.toString('latin1'))).toBe('<html>');
  });
});
