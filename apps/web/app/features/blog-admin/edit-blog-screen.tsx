import { useTranslation } from '~/lib/i18n';
import type { Blog } from '@catalogue/shared/schemas/blog';
import { ButtonLink } from '~/components/ui/button';
import { BlogForm } from './blog-form';
import { LoadError } from '~/components/ui/notice';
import { LoadingState } from '~/components/admin/states';
import { useLoadedQuery, type Loaded } from '~/lib/route-data';

/**
 * Offers the post the route loader found by id (GET /api/blogs/id/{id}, admin) for editing;
 * `loaded` is null while the page starts.
 */
export function EditBlogScreen({ loaded }: { loaded: Loaded<{ blog: Blog }> | null }) {
  const { t } = useTranslation('admin-content');
  const { data, error, isLoading, reload } = useLoadedQuery(loaded);

  if (isLoading) return <LoadingState text={t('form.loading')} />;
  if (error?.status === 404)
    return (
      <div className="space-y-4">
        <LoadError message={t('form.notFound')} retryLabel={t('common.retry')} />
        <ButtonLink to="/blog-list" variant="secondary">
          {t('form.backToList')}
        </ButtonLink>
      </div>
    );
  if (error || !data)
    return <LoadError message={t('form.loadError')} onRetry={reload} retryLabel={t('common.retry')} />;
  // Keyed by post, so opening another post starts from its own values.
  return <BlogForm key={data.blog._id} mode="edit" blog={data.blog} />;
}
