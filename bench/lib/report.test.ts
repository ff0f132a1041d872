import { describe, expect, it } from 'vitest';
import { withWarmup } from './report.ts';

describe('withWarmup', () => {
  it("names a scenario's own warm-up and its rate, and leaves the others as they are", () => {
    expect(
      withWarmup({ name: 'SSR product page rendered for the first time', warmupRps: 118, warmupSeconds: 10 }),
    ).toBe('SSR product page rendered for the first time; 118/s in its first 10 s');
    expect(withWarmup({ name: 'SSR home page' })).toBe('SSR home page');
  });
});
