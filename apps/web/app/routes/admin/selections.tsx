import type { Route } from './+types/selections';
import { adminMeta } from '~/features/seo/admin-meta';
import { SelectionList } from '~/features/selections-admin/selection-list';
import { useTranslation } from '~/lib/i18n';

/** The selections sent to buyers (`/selections`): designs, links, last open, follow-ups. */
export default function SelectionsPage() {
  const { t } = useTranslation('selections-admin');
  return (
    <section className="space-y-4">
      <h1 className="font-serif text-3xl text-brand-900">{t('list.title')}</h1>
      <SelectionList />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'list.title', 'selections-admin');
}
