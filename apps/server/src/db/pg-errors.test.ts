import { describe, expect, it } from 'vitest';
import { isUniqueViolation, sqlStateOf } from './pg-errors.ts';

describe('sqlStateOf', () => {
  it('finds the code on the error or on a cause a few levels down', () => {
    expect(sqlStateOf({ code: '23505' })).toBe('23505');
    expect(sqlStateOf(new Error('query failed', { cause: { cause: { code: '23503' } } }))).toBe('23503');
  });

  it('ignores codes that are not SQLSTATEs and gives up after five levels', () => {
    expect(sqlStateOf({ code: 'ECONNREFUSED' })).toBeNull();
    expect(sqlStateOf(null)).toBeNull();
    let deep: object = { code: '23505' };
    for (let i = 0; i < 5; i++) deep = { cause: deep };
    expect(sqlStateOf(deep)).toBeNull();
  });

  it('tells a unique violation from other errors', () => {
    expect(isUniqueViolation(new Error('x', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
  });
});
