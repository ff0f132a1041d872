import { useTranslation } from '~/lib/i18n';
import { useLoaderData, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/profile';
import { Button, ButtonLink } from '~/components/ui/button';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { ProfileCard } from '~/features/account/profile-card';
import { useProfile } from '~/features/account/use-profile';
import { pageMeta } from '~/features/seo/seo';
import { useSession } from '~/features/shell/use-session';

/** The signed-in account from the users service, in-process (the session cookie names the viewer). */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) return { profile: null };
  try {
    return { profile: await context.services.users.getProfile(context.viewer.id) };
  } catch (error) {
    // The browser asks `/api/users/me` itself; the page still renders.
    console.error('profile read failed', error);
    return { profile: null };
  }
}

/**
 * Profile (spec §2.2): a placeholder with sample data and an Edit Profile button that does nothing;
 * a logged-in visitor sees the account's real name, e-mail, company and country instead.
 */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const quotes = useTranslation('quotes').t;
  const { profile: rendered } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData('root') as { viewer?: { role: string } | null } | undefined;
  const { isLoggedIn } = useSession(root?.viewer ?? null);
  const { state, retry } = useProfile({ enabled: isLoggedIn && !rendered });
  const profile = rendered ?? (state.status === 'ready' ? state.profile : null);

  let body: React.ReactNode;
  if (profile)
    body = (
      <>
        <ProfileCard profile={profile} />
        <ButtonLink to="/myrequests" variant="secondary" className="mt-6">
          {quotes('mine.link')}
        </ButtonLink>
      </>
    );
  else if (isLoggedIn && state.status === 'error') {
    body = (
      <div className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
        <p role="alert" className="text-red-700">
          {t('profile.failed')}
        </p>
        <Button className="mt-4" onClick={retry}>
          {t('profile.retry')}
        </Button>
      </div>
    );
  } else if (isLoggedIn) {
    body = (
      <div className="flex justify-center py-12">
        <Spinner size="lg" label={t('profile.loading')} />
      </div>
    );
  } else {
    body = (
      <>
        <p className="mb-4 text-gray-800">
          {t('profile.sampleNote')}{' '}
          <PrefixedLink to="/login" className="font-semibold text-brand-700 underline hover:text-brand-900">
            {t('profile.loginLink')}
          </PrefixedLink>
        </p>
        <ProfileCard profile={null} sample />
      </>
    );
  }

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="mb-8 font-serif text-3xl text-brand-900">{t('profile.heading')}</h1>
      {body}
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { noindex: true });
