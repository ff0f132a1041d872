import { useTranslation } from '~/lib/i18n';
import { useRouteLoaderData } from 'react-router';
import { adminMeta } from '~/features/seo/admin-meta';
import { DashboardView } from '~/features/admin/dashboard-view';
import { FlashMessage } from '~/components/admin/flash-message';
import { QuoteFigures } from '~/features/quotes/quote-figures';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/dashboard';

export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const viewer = useRouteLoaderData<typeof rootLoader>('root')?.viewer;
  return (
    <section>
      <FlashMessage />
      <h1 className="font-serif text-3xl text-brand-900">{t('dashboard.welcome')}</h1>
      {viewer?.name ? (
        <p className="mt-1 text-gray-700">{t('dashboard.signedInAs', { name: viewer.name })}</p>
      ) : null}
      <div className="mt-6">
        <DashboardView />
      </div>
      <div className="mt-10">
        <QuoteFigures />
      </div>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'dashboard.title');
}
