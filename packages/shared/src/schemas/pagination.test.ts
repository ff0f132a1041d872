import { describe, expect, it } from 'vitest';
import { pageQuery, totalPagesOf } from './pagination.ts';

describe('paging query', () => {
  const schema = pageQuery(16);
  it('falls back to the defaults for missing or garbage values', () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 16 });
    expect(schema.parse({ page: 'abc', limit: '-3' })).toEqual({ page: 1, limit: 16 });
    expect(schema.parse({ page: '0', limit: '1.5' })).toEqual({ page: 1, limit: 16 });
    expect(schema.parse({ page: ['2'], limit: '' })).toEqual({ page: 1, limit: 16 });
  });
  it('keeps positive integers and caps the limit at 100', () => {
    expect(schema.parse({ page: '3', limit: '8' })).toEqual({ page: 3, limit: 8 });
    expect(schema.parse({ page: '2', limit: '5000' })).toEqual({ page: 2, limit: 100 });
  });
  it('has at least one page', () => {
    expect(totalPagesOf(0, 16)).toBe(1);
    expect(totalPagesOf(16, 16)).toBe(1);
    expect(totalPagesOf(17, 16)).toBe(2);
  });
});
