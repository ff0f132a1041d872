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

/** Every public page, with the newest product and blog post of the seeded catalogue. */
export async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const products = (await (await request.get('/api/products?limit=1')).json()) as { _id: string }[];
  const { blogs } = (await (await request.get('/api/blogs?limit=1')).json()) as { blogs: { slug: string }[] };
  return [...STATIC_PATHS, `/singleproduct/${products[0]!._id}`, `/blogs/${blogs[0]!.slug}`];
}
