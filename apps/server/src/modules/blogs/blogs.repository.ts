import { count, eq, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { blogs } from '../../db/schema/content.ts';

export type BlogRow = typeof blogs.$inferSelect;

/**
 * A list row: no full content, only its head, which is enough for a plain-text preview without
 * reading every post in full.
 */
export type BlogSummaryRow = Omit<BlogRow, 'content'> & { contentHead: string };

const CONTENT_HEAD_CHARS = 4000;

const summaryColumns = {
  id: blogs.id,
  title: blogs.title,
  slug: blogs.slug,
  excerpt: blogs.excerpt,
  metaTitle: blogs.metaTitle,
  metaDescription: blogs.metaDescription,
  mediaId: blogs.mediaId,
  createdAt: blogs.createdAt,
  updatedAt: blogs.updatedAt,
  contentHead: sql<string>`left(${blogs.content}, ${CONTENT_HEAD_CHARS})`,
};

const NEWEST_FIRST = newestFirst(blogs.createdAt, blogs.id);

export type Window = { offset: number; limit: number };

export async function listBlogSummaries(db: Db, window: Window | null): Promise<BlogSummaryRow[]> {
  const query = db
    .select(summaryColumns)
    .from(blogs)
    .orderBy(...NEWEST_FIRST);
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

export async function listBlogs(db: Db, window: Window | null): Promise<BlogRow[]> {
  const query = db
    .select()
    .from(blogs)
    .orderBy(...NEWEST_FIRST);
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

export async function countBlogs(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogs);
  return row?.n ?? 0;
}

export async function findBlogBySlug(db: Db, slug: string): Promise<BlogRow | null> {
  const [row] = await db.select().from(blogs).where(eq(blogs.slug, slug)).limit(1);
  return row ?? null;
}

export async function findBlogById(db: Db, id: string): Promise<BlogRow | null> {
  const [row] = await db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
  return row ?? null;
}

export async function listRecentBlogSummariesExcept(
  db: Db,
  id: string,
  limit: number,
): Promise<BlogSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(blogs)
    .where(ne(blogs.id, id))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

/** Slugs that are `base` or `base-…`: the candidates a new slug must not collide with. */
export async function findSlugsStartingWith(db: Db, base: string): Promise<string[]> {
  // Slugs are [a-z0-9-] only, so `base` holds no LIKE wildcards.
  const rows = await db
    .select({ slug: blogs.slug })
    .from(blogs)
    .where(or(eq(blogs.slug, base), like(blogs.slug, `${base}-%`)));
  return rows.map((r) => r.slug);
}

export type NewBlog = Pick<
  BlogRow,
  'title' | 'slug' | 'content' | 'excerpt' | 'metaTitle' | 'metaDescription' | 'mediaId'
>;

/** Null when the slug was taken in the meantime (the caller picks another). */
export async function insertBlog(db: Db, values: NewBlog): Promise<BlogRow | null> {
  const [row] = await db.insert(blogs).values(values).onConflictDoNothing({ target: blogs.slug }).returning();
  return row ?? null;
}

export type BlogPatch = Partial<Omit<NewBlog, 'slug'>>;

export async function updateBlog(db: Db, id: string, patch: BlogPatch): Promise<BlogRow | null> {
  const [row] = await db
    .update(blogs)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(blogs.id, id))
    .returning();
  return row ?? null;
}

/** The removed row (its media may now be unused), or null when there was none. */
export async function deleteBlog(db: Db, id: string): Promise<Pick<BlogRow, 'id' | 'mediaId'> | null> {
  const [row] = await db
    .delete(blogs)
    .where(eq(blogs.id, id))
    .returning({ id: blogs.id, mediaId: blogs.mediaId });
  return row ?? null;
}
