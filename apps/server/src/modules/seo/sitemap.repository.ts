import { max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { blogs } from '../../db/schema/content.ts';
import { products } from '../../db/schema/products.ts';
import type { SitemapData } from './sitemap.ts';

/** Only what a sitemap needs: addresses and change dates, newest first. */
export async function findSitemapData(db: Db): Promise<SitemapData> {
  const [productRows, blogRows, categoryStamps] = await Promise.all([
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .orderBy(...newestFirst(products.createdAt, products.id)),
    db
      .select({ slug: blogs.slug, updatedAt: blogs.updatedAt })
      .from(blogs)
      .orderBy(...newestFirst(blogs.createdAt, blogs.id)),
    db
      .select({
        category: products.category,
        subcategory: products.subcategory,
        updatedAt: max(products.updatedAt),
      })
      .from(products)
      .groupBy(products.category, products.subcategory),
  ]);
  return { products: productRows, blogs: blogRows, categoryStamps };
}
