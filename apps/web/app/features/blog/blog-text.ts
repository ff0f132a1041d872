import { BLOG_CARD_FALLBACK_CHARS } from '@catalogue/shared/domain/limits';

/** Plain text of some HTML: tags dropped, entities for spaces and ampersands undone, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text on a blog card: the excerpt, or else the first 80 characters of the content
 * without its HTML, followed by an ellipsis.
 */
export function cardText(post: {
  excerpt?: string | null;
  content?: string | null;
  contentPreview?: string | null;
}) {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  const text = plainText(post.content ?? post.contentPreview ?? '');
  const chars = [...text];
  return chars.length > BLOG_CARD_FALLBACK_CHARS
    ? `${chars.slice(0, BLOG_CARD_FALLBACK_CHARS).join('')}...`
    : text;
}

export const BLOG_FALLBACK_IMAGE = '/images/blog-fallback.webp';

export const blogPath = (slug: string) => `/blogs/${encodeURIComponent(slug)}`;
