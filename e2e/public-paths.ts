import type { APIRequestContext } from '@playwright/test';

/** Public pages (ids and slugs are filled in from the seeded catalogue). */
export const STATIC_PATHS = [
  '/',
  '/aboutus',
  '/contactus',
  '/fairtrade',
  '/privacy',
  '/faq',
  '/visitjaipur',
  '/profile',
  '/blogs',
  '/shopall',
  '/category',
  '/category/alldesigns',
  '/category/Rings',
  '/category/Necklaces/withgemstone',
  '/category/Earrings/withoutgemstone',
  '/login',
  '/signup',
];

/** The pages of the seeded catalogue's content: its newest product and blog post. */
export const CONTENT_PAGES = {
  'the newest product': async (request: APIRequestContext) => {
    const products = (await (await request.get('/api/products?limit=1')).json()) as { _id: string }[];
    return `/singleproduct/${products[0]!._id}`;
  },
  'the newest blog post': async (request: APIRequestContext) => {
    const { blogs } = (await (await request.get('/api/blogs?limit=1')).json()) as {
      blogs: { slug: string }[];
    };
    return `/blogs/${blogs[0]!.slug}`;
  },
} as const;

/** Every public page, with the newest product and blog post of the seeded catalogue. */
export async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const content = await Promise.all(Object.values(CONTENT_PAGES).map((pathOf) => pathOf(request)));
  return [...STATIC_PATHS, ...content];
}
