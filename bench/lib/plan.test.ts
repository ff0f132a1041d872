import { describe, expect, it } from 'vitest';
import { benchPlan, benchPorts } from './plan.ts';

const PAGES = ['home', 'category', 'product', 'product (12 pictures)', 'blog post'];
const base = { lighthouseOnly: false, lighthouse: true };

describe('benchPlan', () => {
  it('measures everything by default', () => {
    const plan = benchPlan(base, PAGES);
    expect(plan).toMatchObject({ nginx: true, buyers: true, pages: PAGES, lighthouse: true });
    expect(plan.scenario('ssr-home')).toBe(true);
  });

  it('--only runs the named scenarios and no page check', () => {
    const plan = benchPlan({ ...base, only: ['search-typo', 'ssr-product-miss'] }, PAGES);
    expect(plan).toMatchObject({ nginx: false, buyers: false, pages: [], lighthouse: false });
    expect(plan.scenario('search-typo')).toBe(true);
    expect(plan.scenario('listing-real')).toBe(false);
  });

  it('--only with a scenario read as a ratio to nginx measures nginx too', () => {
    expect(benchPlan({ ...base, only: ['ssr-home'] }, PAGES).nginx).toBe(true);
    expect(benchPlan({ ...base, only: ['search-long', 'listing-real'] }, PAGES).nginx).toBe(true);
    expect(benchPlan({ ...base, only: ['listing-facets'] }, PAGES).nginx).toBe(false);
  });

  it('--only buyers runs the many-buyers runs and nothing else', () => {
    const plan = benchPlan({ ...base, only: ['buyers'] }, PAGES);
    expect(plan).toMatchObject({ nginx: false, buyers: true, pages: [], lighthouse: false });
    expect(plan.scenario('buyer-session')).toBe(false);
  });

  it('--lighthouse-only runs the page checks and no throughput scenario, on the pages asked for', () => {
    const plan = benchPlan({ ...base, lighthouseOnly: true, pages: ['product', 'home'] }, PAGES);
    expect(plan).toMatchObject({ nginx: false, buyers: false, pages: ['home', 'product'], lighthouse: true });
    expect(plan.scenario('ssr-home')).toBe(false);
    expect(benchPlan({ ...base, lighthouse: false }, PAGES)).toMatchObject({
      pages: PAGES,
      lighthouse: false,
    });
  });

  it('refuses switches that contradict each other or name no page', () => {
    expect(() => benchPlan({ ...base, lighthouseOnly: true, only: ['ssr-home'] }, PAGES)).toThrow(/--only/);
    expect(() => benchPlan({ lighthouseOnly: true, lighthouse: false }, PAGES)).toThrow(/nothing/);
    expect(() => benchPlan({ ...base, pages: ['product', 'checkout'] }, PAGES)).toThrow(/checkout/);
  });
});

describe('benchPorts', () => {
  it('defaults to 3900 and gives nginx the next port', () => {
    expect(benchPorts(undefined)).toEqual({ server: 3900, nginx: 3901 });
    expect(benchPorts('3150')).toEqual({ server: 3150, nginx: 3151 });
  });

  it('refuses a port that is not a usable number', () => {
    for (const bad of ['80', 'x', '3150.5', '70000']) expect(() => benchPorts(bad), bad).toThrow(/--port/);
  });
});
