import { useTranslation } from 'react-i18next';
import type { Route } from './+types/edit-blog';
import { EditBlogScreen } from '~/features/admin-content/edit-blog-screen';

export default function EditBlogPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content');
  return (
    <section className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <h1 className="font-serif text-3xl text-brand-900">{t('form.editHeading')}</h1>
      <EditBlogScreen id={params.id} />
    </section>
  );
}

export function meta() {
  return [{ title: 'Edit Blog' }, { name: 'robots', content: 'noindex' }];
}
