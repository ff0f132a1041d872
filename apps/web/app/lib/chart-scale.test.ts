import { describe, expect, it } from 'vitest';
import { niceMax } from '~/lib/chart-scale';

describe('niceMax', () => {
  it('rounds the scale up to a plain number', () => {
    expect([0, 1, 3, 7, 12, 48, 101].map(niceMax)).toEqual([1, 1, 5, 10, 20, 50, 200]);
  });
});
