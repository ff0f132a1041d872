import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { BLOG_ADMIN_PREVIEW_CHARS } from '@catalogue/shared/domain/limits';
import type { BlogList as BlogListAnswer, BlogListItem } from '@catalogue/shared/schemas/blog';
import { Button, ButtonLink } from '~/components/ui/button';
import { FallbackImage } from '~/components/ui/fallback-image';
import { apiRequest } from '~/lib/api-client';
import { sizedImage } from '~/lib/media';
import { ConfirmDeleteDialog } from '~/components/admin/confirm-delete-dialog';
import { formatDate } from '~/lib/format-date';
import { LoadError } from '~/components/ui/notice';
import { EmptyState, LoadingState } from '~/components/admin/states';
import { useRouteWrite } from '~/lib/route-action';
import { useLoadedQuery, type Loaded } from '~/lib/route-data';
import { AdminTable } from '~/components/admin/admin-table';

const BLOG_COLUMNS = ['image', 'title', 'content', 'date', 'edit', 'delete'] as const;

/** The first 50 characters of a post's text, whole characters, never half an emoji. */
export function contentStart(post: Pick<BlogListItem, 'contentPreview'>): string {
  return [...post.contentPreview].slice(0, BLOG_ADMIN_PREVIEW_CHARS).join('');
}

/** The blog list's one write, as its route's `clientAction` receives it. */
export type BlogListWrite = { intent: 'delete'; id: string };

/** Performs the blog list's write (the route's `clientAction`). */
export function sendBlogListWrite(write: BlogListWrite): Promise<unknown> {
  return apiRequest(`/blogs/${encodeURIComponent(write.id)}`, { method: 'DELETE' });
}

export const editBlogPath = (id: string) => `/admin/edit-blog/${encodeURIComponent(id)}`;

/**
 * Blog list: every post with its picture, title, start of text, date, edit and delete. `loaded` is
 * the route loader's answer, null while the page starts.
 */
export function BlogList({ loaded }: { loaded: Loaded<BlogListAnswer> | null }) {
  const { t, i18n } = useTranslation('admin-content');
  const { data, error, isLoading, reload } = useLoadedQuery(loaded);
  const [deleting, setDeleting] = useState<BlogListItem | null>(null);
  const [notice, setNotice] = useState('');
  const blogs = data?.blogs ?? [];

  const deletion = useRouteWrite<BlogListWrite>();

  const remove = async (post: BlogListItem) => {
    await deletion.write({ intent: 'delete', id: post._id });
    setDeleting(null);
    setNotice(t('blogs.deleted'));
  };

  return (
    <div className="space-y-4">
      <ButtonLink to="/uploadblog" variant="secondary" size="sm">
        {t('blogs.add')}
      </ButtonLink>
      <p role="status" className="sr-only">
        {notice}
      </p>
      {error ? (
        <LoadError message={t('blogs.error')} onRetry={reload} retryLabel={t('common.retry')} />
      ) : null}
      {isLoading ? <LoadingState text={t('blogs.loading')} /> : null}
      {data && !error && !isLoading && blogs.length === 0 ? <EmptyState text={t('blogs.empty')} /> : null}

      {blogs.length > 0 ? (
        <AdminTable
          caption={t('blogs.caption')}
          columns={BLOG_COLUMNS.map((column) => ({ key: column, label: t(`blogs.columns.${column}`) }))}
          minWidthClassName="min-w-[40rem]"
          isAlignedTop
        >
          {blogs.map((post) => {
            const image = sizedImage(post.image, 'thumb');
            return (
              <tr key={post._id}>
                <td className="px-3 py-2">
                  <FallbackImage
                    src={image.src}
                    srcSet={image.srcSet}
                    alt={t('blogs.imageAlt', { title: post.title })}
                    width={64}
                    height={64}
                    loading="lazy"
                    className="size-16 rounded object-cover"
                  />
                </td>
                <td className="px-3 py-2 font-medium">{post.title}</td>
                <td className="px-3 py-2 text-gray-700">{contentStart(post)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(post.createdAt, i18n.language)}</td>
                <td className="px-3 py-2">
                  <ButtonLink
                    to={editBlogPath(post._id)}
                    variant="secondary"
                    size="sm"
                    aria-label={t('blogs.editLabel', { title: post.title })}
                  >
                    {t('blogs.edit')}
                  </ButtonLink>
                </td>
                <td className="px-3 py-2">
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => setDeleting(post)}
                    aria-label={t('blogs.deleteLabel', { title: post.title })}
                  >
                    {t('blogs.delete')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      ) : null}

      <ConfirmDeleteDialog
        open={deleting !== null}
        question={t('blogs.confirmDelete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </div>
  );
}
