import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHAT_URL, SITE, addressLine, withSiteName } from './site.ts';

describe('site configuration', () => {
  it('has a valid e-mail, dialable phone numbers and a chat link', () => {
    expect(z.email().safeParse(SITE.email).success).toBe(true);
    for (const phone of Object.values(SITE.phones)) expect(phone.tel).toMatch(/^\+\d{8,15}$/);
    expect(CHAT_URL).toMatch(/^https:\/\/wa\.me\/\d{8,15}$/);
  });

  it('keeps the office in Pratap Nagar and the showroom in Sitapura, both in Jaipur', () => {
    expect(addressLine(SITE.addresses.office)).toMatch(/Pratap Nagar.*Jaipur/);
    expect(addressLine(SITE.addresses.showroom)).toMatch(/Sitapura.*Jaipur/);
  });

  it('opens Monday to Saturday from 10:00 AM to 8:00 PM', () => {
    expect(SITE.hours).toMatchObject({
      opens: '10:00',
      closes: '20:00',
      openDisplay: '10:00 AM',
      closeDisplay: '8:00 PM',
    });
  });

  it('links to a professional network among its social profiles, all over https', () => {
    expect(SITE.social.map((s) => s.id)).toContain('linkedin');
    for (const s of SITE.social) expect(s.url).toMatch(/^https:\/\//);
  });
});

describe('withSiteName', () => {
  it('writes the one name into every text that leaves its place, through lists and objects', () => {
    expect(
      withSiteName({ title: '{{siteName}} | Wholesale', list: ['About {{ siteName }}', 3], other: null }),
    ).toEqual({
      title: 'Jaipur Jewellery House | Wholesale',
      list: ['About Jaipur Jewellery House', 3],
      other: null,
    });
    expect(withSiteName('Dear {{name}}')).toBe('Dear {{name}}');
  });
});
