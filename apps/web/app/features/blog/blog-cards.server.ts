import type { BlogListItem } from '@catalogue/shared/schemas/blog';
import type { BlogCardData } from '~/features/blog/blog-card';
import { cardText } from '~/features/blog/blog-text';

/** What a card needs, and no more: the browser never receives the posts' full HTML for the list. */
export function toBlogCard(post: BlogListItem): BlogCardData {
  return {
    id: post._id,
    slug: post.slug,
    title: post.title,
    text: cardText(post),
    image: post.image,
    createdAt: post.createdAt,
  };
}
