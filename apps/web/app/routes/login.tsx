import { useTranslation } from '~/lib/i18n';
import { useLocation, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { LoginForm } from '~/features/account/login-form';
import { readReturnPath } from '~/features/account/return-path';
import { redirectSignedIn, useLeaveWhenSignedIn } from '~/features/account/signed-in-redirect';
import { pageMeta } from '~/features/seo/seo';
import { withPrefix } from '~/lib/prefix';

export function loader({ request, context }: Route.LoaderArgs) {
  redirectSignedIn(request, Boolean(context.viewer));
  return null;
}

/** Login. The page a login gate refused arrives as state or `?from=`; home otherwise. */
export default function LoginPage() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const [search] = useSearchParams();
  const destination = readReturnPath(location.state, search) ?? withPrefix(location.pathname, '/');
  useLeaveWhenSignedIn();
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl text-brand-900">{t('login.heading')}</h1>
      <p className="mt-3 text-center text-gray-800">{t('login.intro')}</p>
      <div className="mt-8 rounded-lg border border-brand-100 bg-white p-6 shadow-sm">
        <LoginForm destination={destination} />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { noindex: true });
