import { useTranslation } from '~/lib/i18n';
import type { Blog } from '@catalogue/shared/schemas/blog';
import { ButtonLink } from '~/components/ui/button';
import { BlogForm } from './blog-form';
import { LoadError } from '~/components/ui/notice';
import { LoadingState } from '~/components/admin/states';
import { useApiQuery } from '~/lib/use-api-query';

/** Finds the post by id (GET /api/blogs/id/{id}, admin) and offers it for editing. */
export function EditBlogScreen({ id }: { id: string }) {
  const { t } = useTranslation('admin-content');
  const { data, error, isLoading, reload } = useApiQuery<{ blog: Blog }>(
    `/blogs/id/${encodeURIComponent(id)}`,
  );

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
