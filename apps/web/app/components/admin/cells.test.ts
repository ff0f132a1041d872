import { describe, expect, it } from 'vitest';
import { websiteHref } from '~/components/admin/cells';

describe('websiteHref', () => {
  it('links websites over http(s) only', () => {
    expect(websiteHref('www.gems.in')).toBe('https://www.gems.in/');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('')).toBeNull();
  });
});
