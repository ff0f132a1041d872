/**
 * The business's own details in one place: name, contact lines, addresses, hours, social links and
 * media. Pages, e-mails, structured data and the footer read them from here, so the business edits
 * one file. The demo values are placeholders: +91 98765 43210 is India's customary dummy number and
 * example.com is reserved for examples.
 */
export const SITE = {
  name: 'Jaipur Jewellery House',
  /** Year the workshop opened. */
  foundedYear: 2005,
  email: 'sales@example.com',
  phones: {
    /** Shown and dialled as is. */
    main: { display: '+91 98765 43210', tel: '+919876543210' },
    showroom: { display: '+91 98765 43211', tel: '+919876543211' },
  },
  /** The chat link's number, digits only with the country code (used as https://wa.me/{number}). */
  chatNumber: '919876543210',
  addresses: {
    /** The office and postal address (footer, contact page). */
    office: {
      lines: ['Plot 12, Sector 8', 'Pratap Nagar', 'Jaipur, Rajasthan 302033', 'India'],
      locality: 'Jaipur',
      region: 'Rajasthan',
      postalCode: '302033',
      country: 'IN',
      street: 'Plot 12, Sector 8, Pratap Nagar',
    },
    /** The showroom, visited by appointment (Visit Jaipur, About). */
    showroom: {
      lines: ['E-45, RIICO Industrial Area', 'Sitapura', 'Jaipur, Rajasthan 302022', 'India'],
      locality: 'Jaipur',
      region: 'Rajasthan',
      postalCode: '302022',
      country: 'IN',
      street: 'E-45, RIICO Industrial Area, Sitapura',
    },
  },
  /** Store hours: Monday to Saturday (the day names are in the site texts). */
  hours: { opens: '10:00', closes: '20:00', openDisplay: '10:00 AM', closeDisplay: '8:00 PM' },
  showroomByAppointment: true,
  social: [
    { id: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/jaipurjewelleryhouse' },
    { id: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/jaipurjewelleryhouse' },
    { id: 'pinterest', label: 'Pinterest', url: 'https://www.pinterest.com/jaipurjewelleryhouse' },
    { id: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/jaipurjewelleryhouse' },
    { id: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@jaipurjewelleryhouse' },
  ],
  /**
   * The two home-page videos. `file` plays our own file; `youtube` embeds a hosted video by id
   * (privacy-enhanced domain, allowed by the page policy). Either loads only when a visitor
   * presses play; until then only the poster is shown.
   */
  videos: {
    company: { kind: 'file', src: '/videos/company.mp4', poster: '/videos/company-poster.webp' },
    testimonial: { kind: 'file', src: '/videos/testimonial.mp4', poster: '/videos/testimonial-poster.webp' },
  },
  /** Picture for link previews (og:image), 1200×630. */
  socialImage: '/images/og-default.jpg',
  logo: '/images/logo-512.png',
} as const satisfies SiteConfig;

export type VideoSource =
  { kind: 'file'; src: string; poster: string } | { kind: 'youtube'; id: string; poster: string };

type Address = {
  lines: readonly string[];
  locality: string;
  region: string;
  postalCode: string;
  country: string;
  street: string;
};

export type SiteConfig = {
  name: string;
  foundedYear: number;
  email: string;
  phones: Record<'main' | 'showroom', { display: string; tel: string }>;
  chatNumber: string;
  addresses: Record<'office' | 'showroom', Address>;
  hours: { opens: string; closes: string; openDisplay: string; closeDisplay: string };
  showroomByAppointment: boolean;
  social: readonly { id: string; label: string; url: string }[];
  videos: Record<'company' | 'testimonial', VideoSource>;
  socialImage: string;
  logo: string;
};

export const CHAT_URL = `https://wa.me/${SITE.chatNumber}`;

/** The address as one line, for text and structured data. */
export function addressLine(address: { lines: readonly string[] }): string {
  return address.lines.join(', ');
}

const SITE_NAME_PLACEHOLDER = /\{\{\s*siteName\s*\}\}/g;

/**
 * Texts with the business's one name written in: a text file writes `{{siteName}}` where the
 * name goes (the page titles of the `seo` texts), so the name is set here and nowhere else.
 * Strings, lists and objects of texts are read through; anything else is returned as it is.
 */
export function withSiteName<T>(texts: T): T {
  if (typeof texts === 'string') return texts.replace(SITE_NAME_PLACEHOLDER, SITE.name) as T;
  if (Array.isArray(texts)) return texts.map((item: unknown) => withSiteName(item)) as T;
  if (texts && typeof texts === 'object')
    return Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, withSiteName(value)])) as T;
  return texts;
}
