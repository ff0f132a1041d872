import { z } from 'zod';
import {
  BLOG_EXCERPT_MAX,
  BLOG_META_DESCRIPTION_MAX,
  BLOG_META_TITLE_MAX,
  BLOG_TITLE_MAX,
} from '../domain/limits.ts';

/** Blog JSON as the API answers it (the previous site's field names). `image` is `/media/{id}` or null. */
export const blogSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;

/**
 * A list item: the full HTML unless the lighter list is asked for (`withContent=0`), and always a
 * short plain-text `contentPreview`, which is what a card shows when the excerpt is empty.
 */
export const blogListItemSchema = blogSchema.omit({ content: true }).extend({
  content: z.string().optional(),
  contentPreview: z.string(),
});
export type BlogListItem = z.infer<typeof blogListItemSchema>;

/** Characters of plain text in `contentPreview`: enough for the card (80) and admin list (50) fallbacks. */
export const BLOG_PREVIEW_CHARS = 200;

/** `GET /api/blogs`: newest first; the paging fields are present when `page` or `limit` was given. */
export const blogListSchema = z.object({
  blogs: z.array(blogListItemSchema),
  currentPage: z.number().int().optional(),
  totalPages: z.number().int().optional(),
  totalItems: z.number().int().optional(),
});
export type BlogList = z.infer<typeof blogListSchema>;

export const blogDetailSchema = z.object({ blog: blogSchema, relatedBlogs: z.array(blogListItemSchema) });
export type BlogDetail = z.infer<typeof blogDetailSchema>;

const isFalsy = (v: unknown) => typeof v === 'string' && /^(0|false|no)$/i.test(v.trim());

/**
 * Query of `GET /api/blogs`: lenient like every listing. Every post carries its full HTML (older
 * admin screens read it); `withContent=0` (or `false`, `no`) asks for the lighter list without it.
 */
export const blogListQuerySchema = z.object({
  page: z.string().optional(),
  limit: z.string().optional(),
  withContent: z
    .unknown()
    .optional()
    .transform((v) => !isFalsy(v))
    .describe('Every post carries its full HTML `content`; 0, false or no gives the lighter list without it'),
});

/** Counts characters as a reader does (an emoji is one), not UTF-16 units. */
const charCount = (s: string) => [...s].length;
const text = (field: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`),
  });
const maxChars = (field: string, max: number) =>
  text(field)
    .trim()
    .refine((s) => charCount(s) <= max, `${field} must be at most ${max} characters`);

/**
 * The editable text fields of a post, as a form or the API receives them. A field that is absent
 * is left alone on update; a field sent empty is cleared (title and content cannot be cleared).
 */
export const blogFieldsSchema = z.object({
  title: maxChars('title', BLOG_TITLE_MAX).refine((s) => s.length > 0, 'title is required'),
  content: text('content').refine((s) => s.trim().length > 0, 'content is required'),
  excerpt: maxChars('excerpt', BLOG_EXCERPT_MAX),
  metaTitle: maxChars('metaTitle', BLOG_META_TITLE_MAX),
  metaDescription: maxChars('metaDescription', BLOG_META_DESCRIPTION_MAX),
});
export type BlogFields = z.infer<typeof blogFieldsSchema>;

export const blogCreateSchema = blogFieldsSchema.partial({
  excerpt: true,
  metaTitle: true,
  metaDescription: true,
});
export type BlogCreateInput = z.infer<typeof blogCreateSchema>;

export const blogUpdateSchema = blogFieldsSchema.partial();
export type BlogUpdateInput = z.infer<typeof blogUpdateSchema>;

export const blogCreatedSchema = z.object({ message: z.string(), blog: blogSchema, slug: z.string() });
export const blogUpdatedSchema = z.object({ message: z.string(), blog: blogSchema });
export const blogByIdSchema = z.object({ blog: blogSchema });

/**
 * `POST /api/blogs/preview`: the editor's HTML as it would be stored. The JSON body limit bounds
 * its size; an empty text is a valid (empty) preview.
 */
export const blogPreviewBodySchema = z.object({ content: text('content') });
export type BlogPreviewBody = z.infer<typeof blogPreviewBodySchema>;
export const blogPreviewSchema = z.object({ html: z.string() });
export type BlogPreview = z.infer<typeof blogPreviewSchema>;
