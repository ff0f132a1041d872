import { useTranslation } from '~/lib/i18n';
import { useRouteLoaderData } from 'react-router';
import { dashboardSchema } from '@catalogue/shared/schemas/dashboard';
import { quoteFiguresSchema } from '@catalogue/shared/schemas/quotation';
import { fulfilmentFiguresSchema } from '@catalogue/shared/schemas/fulfilment';
import { followUpSchema } from '@catalogue/shared/schemas/selection';
import { FollowUpList } from '~/features/selections-admin/follow-ups';
import { DispatchFigures } from '~/features/fulfilment/production-board';
import { LoadError } from '~/components/ui/notice';
import { Spinner } from '~/components/ui/spinner';
import { adminMeta } from '~/features/seo/admin-meta';
import { DashboardView } from '~/features/admin/dashboard-view';
import { FlashMessage } from '~/components/admin/flash-message';
import { QuoteFigures } from '~/features/quotes/quote-figures';
import { RatesFreshness } from '~/features/pricing-admin/rates-screen';
import { getJson } from '~/lib/api-client';
import { settle } from '~/lib/route-data';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/dashboard';

/** The overview and the quotation figures, asked for together; each shows its own failure. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { signal } = request;
  const [dashboard, figures, dispatch, followUps] = await Promise.all([
    settle(getJson('/admin/dashboard', dashboardSchema, { signal })),
    settle(getJson('/admin/dashboard/quotes?weeks=12', quoteFiguresSchema, { signal })),
    settle(getJson('/admin/fulfilment/figures', fulfilmentFiguresSchema, { signal })),
    settle(getJson('/selections/follow-ups', followUpSchema, { signal })),
  ]);
  return { dashboard, figures, dispatch, followUps };
}

function Welcome({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('admin');
  const viewer = useRouteLoaderData<typeof rootLoader>('root')?.viewer;
  return (
    <section>
      <FlashMessage />
      <h1 className="font-serif text-3xl text-brand-900">{t('dashboard.welcome')}</h1>
      {viewer?.name ? (
        <p className="mt-1 text-gray-700">{t('dashboard.signedInAs', { name: viewer.name })}</p>
      ) : null}
      {children}
    </section>
  );
}

export function HydrateFallback() {
  const { t } = useTranslation('admin');
  const { t: tQuotes } = useTranslation('quotes');
  return (
    <Welcome>
      <div className="mt-6">
        <Spinner size="lg" label={t('dashboard.loading')} className="w-full py-16" />
      </div>
      <div className="mt-10">
        <Spinner size="lg" label={tQuotes('figures.loading')} className="w-full py-12" />
      </div>
    </Welcome>
  );
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return (
    <Welcome>
      <div className="mt-6">
        <DashboardView loaded={loaderData.dashboard} />
        <RatesFreshness linkTo="/rates" />
      </div>
      <div className="mt-10">
        <FollowUpList loaded={loaderData.followUps} />
      </div>
      <div className="mt-10">
        <QuoteFigures loaded={loaderData.figures} />
      </div>
      <div className="mt-10">
        <Dispatch loaded={loaderData.dispatch} />
      </div>
    </Welcome>
  );
}

function Dispatch({ loaded }: { loaded: Route.ComponentProps['loaderData']['dispatch'] }) {
  const { t } = useTranslation('fulfilment');
  if (loaded.data) return <DispatchFigures figures={loaded.data} />;
  return (
    <LoadError message={t('figures.failed')} detail={loaded.error?.message} retryLabel={t('board.retry')} />
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'dashboard.title');
}
