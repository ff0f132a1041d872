import { redirect } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { loginPath } from '~/lib/paths';
import { MyRequests } from '~/features/quotes/my-requests';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import type { Route } from './+types/my-requests';

/** A buyer's own page: without a session the visitor is sent to log in and back. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (!context.viewer) {
    const { pathname } = new URL(request.url);
    throw redirect(loginPath(pathname, pathname));
  }
  return null;
}

export default function MyRequestsPage() {
  const { t } = useTranslation('quotes');
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-12">
      <h1 className="mb-6 font-serif text-3xl text-brand-900">{t('mine.heading')}</h1>
      <MyRequests />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  const { texts } = seoContextOf(args.matches);
  const title = (texts.quotes as { mine?: { metaTitle?: string } } | undefined)?.mine?.metaTitle;
  return pageMeta(args, { title, noindex: true });
}
