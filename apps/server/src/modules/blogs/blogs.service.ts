import type { z } from 'zod';
import {
  PAGE_SIZE,
  BLOG_EXCERPT_MAX,
  BLOG_IMAGE_MAX_BYTES,
  BLOG_META_TITLE_MAX,
  BLOG_RELATED_COUNT,
} from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import {
  BLOG_PREVIEW_CHARS,
  blogCreateSchema,
  blogUpdateSchema,
  type Blog,
  type BlogDetail,
  type BlogList,
  type BlogListItem,
} from '@catalogue/shared/schemas/blog';
import { isId } from '@catalogue/shared/schemas/common';
import { totalPagesOf } from '@catalogue/shared/schemas/pagination';
import type { Database } from '../../db/client.ts';
import { firstChars, htmlToText, sanitizeBlogHtml } from './blog-html.ts';
import { nextFreeSlug, slugFromTitle } from './blog-slug.ts';
import {
  countBlogs,
  deleteBlog,
  findBlogById,
  findBlogBySlug,
  findSlugsStartingWith,
  insertBlog,
  listBlogs,
  listBlogSummaries,
  listRecentBlogSummariesExcept,
  updateBlog,
  type BlogPatch,
  type BlogRow,
  type BlogSummaryRow,
} from './blogs.repository.ts';

export const BLOG_IMAGE_TOO_LARGE = 'Image must be less than 2MB';

/** What the blog needs from the media service (modules/media): store an upload, free it, link it. */
export type BlogMedia = {
  ingestImage(data: Buffer, options: { maxBytes: number; tooLargeMessage: string }): Promise<{ id: string }>;
  release(mediaId: string): Promise<void>;
  urlOf(mediaId: string): string;
};

export type BlogEvents = { emit(event: 'blogs:changed'): boolean };

/** An update leaves the picture alone, replaces it with an upload, or removes it. */
export type BlogImageChange = { kind: 'keep' } | { kind: 'replace'; data: Buffer } | { kind: 'remove' };

export type BlogListOptions = {
  page?: number | undefined;
  limit?: number | undefined;
  withContent?: boolean;
};

const SLUG_ATTEMPTS = 5;

function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message }));
  throw new AppError('BAD_REQUEST', issues[0]?.message ?? 'Invalid blog', issues);
}

/** Sanitised HTML that still says something: markup alone (or only stripped scripts) is not a post. */
function sanitiseContent(html: string): string {
  const content = sanitizeBlogHtml(html);
  if (!htmlToText(content) && !/<img\s/i.test(content)) {
    throw new AppError('BAD_REQUEST', 'content is required', [
      { path: 'content', message: 'content is required' },
    ]);
  }
  return content;
}

export function createBlogService(deps: { database: Database; events: BlogEvents; media: BlogMedia }) {
  const { db } = deps.database;
  const imageOf = (mediaId: string | null) => (mediaId ? deps.media.urlOf(mediaId) : null);

  const toBlog = (row: BlogRow): Blog => ({
    _id: row.id,
    title: row.title,
    slug: row.slug,
    // Sanitised on write; again on read so a row written by any other path (seed, SQL) is safe too.
    content: sanitizeBlogHtml(row.content),
    excerpt: row.excerpt,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    image: imageOf(row.mediaId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const toListItem = (row: BlogSummaryRow | BlogRow): BlogListItem => {
    const isFull = 'content' in row;
    const html = isFull ? row.content : row.contentHead;
    return {
      _id: row.id,
      title: row.title,
      slug: row.slug,
      excerpt: row.excerpt,
      metaTitle: row.metaTitle,
      metaDescription: row.metaDescription,
      image: imageOf(row.mediaId),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      contentPreview: firstChars(htmlToText(html), BLOG_PREVIEW_CHARS),
      ...(isFull ? { content: sanitizeBlogHtml(row.content) } : {}),
    };
  };

  async function insertWithFreeSlug(
    values: Omit<Parameters<typeof insertBlog>[1], 'slug'>,
  ): Promise<BlogRow> {
    const base = await slugFromTitle(values.title);
    // A concurrent create can take the slug between the look-up and the insert: look again.
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const slug = nextFreeSlug(base, await findSlugsStartingWith(db, base));
      const row = await insertBlog(db, { ...values, slug });
      if (row) return row;
    }
    throw new AppError('CONFLICT', 'Could not find a free slug for this title, please retry');
  }

  async function ingest(data: Buffer): Promise<string> {
    const { id } = await deps.media.ingestImage(data, {
      maxBytes: BLOG_IMAGE_MAX_BYTES,
      tooLargeMessage: BLOG_IMAGE_TOO_LARGE,
    });
    return id;
  }

  /** Freeing an image is housekeeping: the post is already saved, so a failure must not undo that. */
  async function releaseQuietly(mediaId: string | null) {
    if (mediaId) await deps.media.release(mediaId).catch(() => {});
  }

  const changed = () => deps.events.emit('blogs:changed');

  return {
    /** Newest first; paged when `page` or `limit` is given; full HTML only with `withContent`. */
    async list(options: BlogListOptions = {}): Promise<BlogList> {
      const isPaged = options.page !== undefined || options.limit !== undefined;
      const page = options.page ?? 1;
      const limit = options.limit ?? PAGE_SIZE.blogsInitial;
      const window = isPaged ? { offset: (page - 1) * limit, limit } : null;
      const rows = options.withContent ? await listBlogs(db, window) : await listBlogSummaries(db, window);
      const blogs = rows.map(toListItem);
      if (!isPaged) return { blogs };
      const totalItems = await countBlogs(db);
      return { blogs, currentPage: page, totalPages: totalPagesOf(totalItems, limit), totalItems };
    },

    /** The post and up to three others, the most recent first; null when no post has the slug. */
    async getBySlug(slug: string): Promise<BlogDetail | null> {
      const key = slug.trim().toLowerCase();
      if (!key || key.length > 200) return null;
      const row = await findBlogBySlug(db, key);
      if (!row) return null;
      const related = await listRecentBlogSummariesExcept(db, row.id, BLOG_RELATED_COUNT);
      return { blog: toBlog(row), relatedBlogs: related.map(toListItem) };
    },

    async getById(id: string): Promise<Blog | null> {
      if (!isId(id)) return null;
      const row = await findBlogById(db, id);
      return row ? toBlog(row) : null;
    },

    /**
     * Validates, sanitises, fills the defaults (excerpt from the text, metaTitle from the title)
     * and stores the post under a slug made from its title.
     */
    async create(input: Record<string, unknown>, image: Buffer | null = null): Promise<Blog> {
      const fields = parseOrThrow(blogCreateSchema, input);
      const content = sanitiseContent(fields.content);
      const mediaId = image ? await ingest(image) : null;
      try {
        const row = await insertWithFreeSlug({
          title: fields.title,
          content,
          excerpt: fields.excerpt || firstChars(htmlToText(content), BLOG_EXCERPT_MAX),
          metaTitle: fields.metaTitle || firstChars(fields.title, BLOG_META_TITLE_MAX),
          metaDescription: fields.metaDescription ?? '',
          mediaId,
        });
        changed();
        return toBlog(row);
      } catch (error) {
        await releaseQuietly(mediaId);
        throw error;
      }
    },

    /**
     * Changes the fields that are present (an empty one is cleared); the slug never changes.
     * Null when there is no such post.
     */
    async update(
      id: string,
      input: Record<string, unknown>,
      image: BlogImageChange = { kind: 'keep' },
    ): Promise<Blog | null> {
      if (!isId(id)) return null;
      const fields = parseOrThrow(blogUpdateSchema, input);
      const existing = await findBlogById(db, id);
      if (!existing) return null;

      const patch: BlogPatch = {};
      if (fields.title !== undefined) patch.title = fields.title;
      if (fields.content !== undefined) patch.content = sanitiseContent(fields.content);
      if (fields.excerpt !== undefined) patch.excerpt = fields.excerpt;
      if (fields.metaTitle !== undefined) patch.metaTitle = fields.metaTitle;
      if (fields.metaDescription !== undefined) patch.metaDescription = fields.metaDescription;
      if (image.kind === 'remove') patch.mediaId = null;
      if (image.kind === 'replace') patch.mediaId = await ingest(image.data);

      const row = await updateBlog(db, id, patch).catch(async (error: unknown) => {
        if (image.kind === 'replace') await releaseQuietly(patch.mediaId ?? null);
        throw error;
      });
      if (!row) {
        if (image.kind === 'replace') await releaseQuietly(patch.mediaId ?? null);
        return null;
      }
      if (image.kind !== 'keep' && existing.mediaId !== row.mediaId) await releaseQuietly(existing.mediaId);
      changed();
      return toBlog(row);
    },

    /** False when there was no such post. Its image is freed when nothing else uses it. */
    async remove(id: string): Promise<boolean> {
      if (!isId(id)) return false;
      const removed = await deleteBlog(db, id);
      if (!removed) return false;
      await releaseQuietly(removed.mediaId);
      changed();
      return true;
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
