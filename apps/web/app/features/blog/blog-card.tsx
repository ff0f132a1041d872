import { useTranslation } from '~/lib/i18n';
import { FallbackImage } from '~/components/ui/fallback-image';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { BLOG_FALLBACK_IMAGE, blogPath } from '~/features/blog/blog-text';
import { formatLongDate } from '~/lib/format-date';
import { sizedImage } from '~/lib/media';

export type BlogCardData = {
  id: string;
  slug: string;
  title: string;
  text: string;
  image: string | null;
  createdAt: string;
};

/** A post in a list: picture (or the fallback), title, text and Read More. */
export function BlogCard({
  post,
  headingLevel: Heading = 'h2',
}: {
  post: BlogCardData;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation('blog');
  const image = sizedImage(post.image, 'listing');
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-brand-100 bg-white shadow-sm">
      <FallbackImage
        src={image.src}
        srcSet={image.srcSet}
        fallbackSrc={BLOG_FALLBACK_IMAGE}
        alt=""
        width={600}
        height={375}
        loading="lazy"
        decoding="async"
        className="aspect-[8/5] w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col p-4">
        <time dateTime={post.createdAt} className="text-xs uppercase tracking-wide text-gray-700">
          {formatLongDate(post.createdAt, i18n.language)}
        </time>
        <Heading className="mt-1 font-serif text-lg leading-snug text-brand-900">{post.title}</Heading>
        <p className="mt-2 flex-1 text-sm text-gray-800">{post.text}</p>
        <PrefixedLink
          to={blogPath(post.slug)}
          aria-label={t('list.readMoreAbout', { title: post.title })}
          className="mt-4 inline-flex w-fit items-center rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50"
        >
          {t('list.readMore')}
        </PrefixedLink>
      </div>
    </article>
  );
}
