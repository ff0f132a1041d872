import crypto from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/password.ts';
import { loadSharp } from '../../lib/sharp.ts';
import type { MediaStore } from '../../modules/media/index.ts';
import type { Db } from '../client.ts';
import { analyzeCatalogue } from '../statistics.ts';
import { blogs } from '../schema/content.ts';
import { media } from '../schema/media.ts';
import { products } from '../schema/products.ts';
import { users } from '../schema/users.ts';
import { KINDS, MOTIFS, STYLES, sqlTextArray } from './bulk-names.ts';
import { DEMO_BLOGS } from './demo-blogs.ts';
import { seedDemoGalleries } from './demo-gallery.ts';
import { demoProducts } from './demo-products.ts';
import { demoAttributes, linkBulkAttributes, linkDemoAttributes } from './demo-attributes.ts';
import { seedDemoPricing } from './demo-pricing.ts';
import { renderBanner, renderProductImage } from './images.ts';

export const DEMO_PRODUCT_COUNT = 96;
const HOUR = 3_600_000;

/** Stores an image as an original in the media store and returns its media row id. */
export async function storeSeedImage(db: Db, store: MediaStore, data: Buffer): Promise<string> {
  const meta = await (await loadSharp())(data).metadata();
  const id = crypto.randomUUID();
  const storageKey = `originals/${id}.webp`;
  await store.put(storageKey, data);
  await db.insert(media).values({
    id,
    storageKey,
    mimeType: 'image/webp',
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    bytes: data.length,
    sha256: crypto.createHash('sha256').update(data).digest('hex'),
  });
  return id;
}

const slugify = (title: string) =>
  title
    .toLowerCase()
    .replace(/[\u2019']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Fills an empty database with the demo catalogue and blog. Does nothing when products exist. */
export async function seedDemo(
  db: Db,
  store: MediaStore,
  now = Date.now(),
): Promise<{ products: number; blogs: number }> {
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return { products: 0, blogs: 0 };

  const items = demoProducts(DEMO_PRODUCT_COUNT);
  const rows = [];
  const mains: Buffer[] = [];
  for (const [i, item] of items.entries()) {
    const main = await renderProductImage({ category: item.category, ...item.look });
    mains.push(main);
    const mediaId = await storeSeedImage(db, store, main);
    // Half a day apart, so the demo shows the New badge (NEW_BADGE_DAYS) on the newer products only.
    const at = new Date(now - i * 12 * HOUR);
    const { look: _look, ...fields } = item;
    const { metal: _m, finish: _f, stone: _s, colour: _c, ...extras } = demoAttributes(item, i);
    rows.push({ ...fields, ...extras, mediaId, createdAt: at, updatedAt: at });
  }
  const inserted = await db.insert(products).values(rows).returning({ id: products.id, code: products.code });
  const idByCode = new Map(inserted.map((r) => [r.code, r.id]));
  await seedDemoGalleries(
    db,
    store,
    storeSeedImage,
    items.map((item, i) => ({ id: idByCode.get(item.code)!, item, main: mains[i]! })),
  );
  await linkDemoAttributes(
    db,
    items.map((item, i) => ({ productId: idByCode.get(item.code)!, attributes: demoAttributes(item, i) })),
  );
  await seedDemoPricing(
    db,
    items.map((item, i) => ({
      productId: idByCode.get(item.code)!,
      metal: demoAttributes(item, i).metal[0] ?? '',
      index: i,
    })),
    now,
  );

  const [blogCount] = await db.select({ n: count() }).from(blogs);
  let blogRows = 0;
  if ((blogCount?.n ?? 0) === 0) {
    for (const [i, post] of DEMO_BLOGS.entries()) {
      const mediaId = await storeSeedImage(db, store, await renderBanner((i * 47) % 360));
      const at = new Date(now - i * 5 * 24 * HOUR);
      await db.insert(blogs).values({
        title: post.title,
        slug: slugify(post.title),
        content: post.paragraphs.map((p) => `<p>${p}</p>`).join('\n'),
        excerpt: post.excerpt,
        metaTitle: post.title.slice(0, 60),
        metaDescription: post.excerpt.slice(0, 160),
        mediaId,
        createdAt: at,
        updatedAt: at,
      });
      blogRows++;
    }
  }
  return { products: rows.length, blogs: blogRows };
}

/**
 * Adds `n` generated products in set-based SQL (100,000 in seconds on PostgreSQL) for benchmarks.
 * A few dozen rendered images are shared between them.
 */
export async function seedBulkProducts(
  db: Db,
  store: MediaStore,
  n: number,
  now = Date.now(),
): Promise<number> {
  const imageIds: string[] = [];
  for (const item of demoProducts(40, 77)) {
    imageIds.push(
      await storeSeedImage(db, store, await renderProductImage({ category: item.category, ...item.look })),
    );
  }
  const [existing] = await db.select({ n: count() }).from(products);
  const offset = existing?.n ?? 0;
  const chunk = 50_000;
  for (let start = 1; start <= n; start += chunk) {
    const end = Math.min(n, start + chunk - 1);
    await db.execute(sql`
      INSERT INTO products (name, description, category, subcategory, code, price, media_id, created_at, updated_at,
        weight_grams, min_order_quantity, tags)
      SELECT
        (${sql.raw(sqlTextArray(MOTIFS))})[1 + (g % ${MOTIFS.length})]
          || ' ' || (${sql.raw(sqlTextArray(STYLES))})[1 + ((g / 10) % ${STYLES.length})]
          || ' ' || (${sql.raw(sqlTextArray(KINDS))})[1 + (g % ${KINDS.length})] || ' ' || g,
        'Handcrafted in Jaipur. Design number ' || g || ', available in custom platings and quantities.',
        (ARRAY['Rings','Bracelets','Earrings','Necklaces','Pendants'])[1 + (g % 5)],
        (ARRAY['withgemstone','withoutgemstone'])[1 + ((g / 5) % 2)],
        'BX-' || lpad((g + ${offset})::text, 7, '0'),
        round((5 + (g % 500) / 10.0)::numeric, 2)::float8,
        (${sql.raw(`ARRAY[${imageIds.map((id) => `'${id}'`).join(',')}]::uuid[]`)})[1 + (g % ${imageIds.length})],
        to_timestamp(${Math.floor(now / 1000)}) - make_interval(mins => g),
        to_timestamp(${Math.floor(now / 1000)}) - make_interval(mins => g),
        round((2 + (g % 800) / 10.0)::numeric, 2),
        (ARRAY[6, 12, 24, 50])[1 + (g % 4)],
        ARRAY[lower((${sql.raw(sqlTextArray(STYLES))})[1 + ((g / 10) % ${STYLES.length})]), 'handmade']
      FROM generate_series(${start}::int, ${end}::int) AS g
    `);
    await linkBulkAttributes(db, { from: start + offset, to: end + offset });
  }
  await analyzeCatalogue(db);
  return n;
}

/**
 * Makes sure an administrator exists. With no ADMIN_PASSWORD a strong one is generated and
 * returned, so the caller can print it once.
 */
export async function ensureAdmin(
  db: Db,
  options: { email: string; password?: string | undefined },
): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return { created: false, email: options.email };
  const email = options.email.trim().toLowerCase();
  const [sameEmail] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (sameEmail) {
    await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, sameEmail.id));
    return { created: false, email };
  }
  const generatedPassword = options.password ? undefined : crypto.randomBytes(12).toString('base64url');
  const inserted = await db
    .insert(users)
    .values({
      name: 'Administrator',
      email,
      passwordHash: await hashPassword(options.password ?? generatedPassword!),
      contactNumber: '',
      country: 'IN',
      role: 'admin',
    })
    // Instances started together on a new database: the first one's administrator stands.
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) return { created: false, email };
  return { created: true, email, ...(generatedPassword ? { generatedPassword } : {}) };
}
