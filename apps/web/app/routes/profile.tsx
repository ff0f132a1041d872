import { useState, type ReactNode } from 'react';
import type { PublicUser } from '@catalogue/shared/schemas/user';
import { useTranslation } from '~/lib/i18n';
import { useLoaderData, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/profile';
import { Button, ButtonLink } from '~/components/ui/button';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { ProfileCard } from '~/features/account/profile-card';
import {
  EmailVerificationStatus,
  PasswordChangeForm,
  ProfileDetailsForm,
  SignOutEverywhere,
} from '~/features/account/profile-editor';
import { useProfile } from '~/features/account/use-profile';
import { pageMeta } from '~/features/seo/seo';
import { useSession } from '~/lib/use-session';

/** The signed-in account from the users service, in-process (the session cookie names the viewer). */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) return { profile: null };
  try {
    return { profile: await context.services.users.getProfile(context.viewer.id) };
  } catch (error) {
    // The browser asks `/api/users/me` itself; the page still renders.
    context.log.error({ err: error }, 'profile read failed');
    return { profile: null };
  }
}

/**
 * Profile: a placeholder with sample data and an inert Edit Profile button for a
 * visitor; a logged-in one sees the account's real details and edits them (the sign-up's rules),
 * verifies a new address, changes the password and can sign out everywhere.
 */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const quotes = useTranslation('quotes').t;
  const { profile: rendered } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData('root') as { viewer?: { role: string } | null } | undefined;
  const { isLoggedIn } = useSession(root?.viewer ?? null);
  const { state, retry } = useProfile({ enabled: isLoggedIn && !rendered });
  const [saved, setSaved] = useState<PublicUser | null>(null);
  const [isEditing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const profile = saved ?? rendered ?? (state.status === 'ready' ? state.profile : null);

  let body: React.ReactNode;
  if (profile && isEditing) {
    body = (
      <div className="rounded-lg border border-brand-100 bg-white p-6 shadow-sm">
        <h2 className="mb-4 font-serif text-2xl text-brand-900">{t('edit.heading')}</h2>
        <ProfileDetailsForm
          profile={profile}
          onCancel={() => setEditing(false)}
          onSaved={(user) => {
            setNotice(t(user.email !== profile.email ? 'edit.savedVerify' : 'edit.saved'));
            setSaved(user);
            setEditing(false);
          }}
        />
      </div>
    );
  } else if (profile) {
    body = (
      <div className="space-y-8">
        {notice ? (
          <p
            role="status"
            className="rounded-md border border-green-700 bg-green-50 px-4 py-3 text-green-900"
          >
            {notice}
          </p>
        ) : null}
        {profile.status === 'pending' ? (
          <p
            role="status"
            className="rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-amber-950"
          >
            {t('profile.pendingApproval')}
          </p>
        ) : null}
        <ProfileCard
          profile={profile}
          onEdit={() => {
            setNotice(null);
            setEditing(true);
          }}
        />
        <ButtonLink to="/myrequests" variant="secondary">
          {quotes('mine.link')}
        </ButtonLink>
        <SettingsCard id="email-heading" heading={t('edit.emailHeading')}>
          <EmailVerificationStatus profile={profile} />
        </SettingsCard>
        <SettingsCard id="password-heading" heading={t('password.heading')}>
          <PasswordChangeForm />
        </SettingsCard>
        <SettingsCard id="everywhere-heading" heading={t('everywhere.heading')}>
          <p className="mb-4 text-gray-800">{t('everywhere.text')}</p>
          <SignOutEverywhere />
        </SettingsCard>
      </div>
    );
  } else if (isLoggedIn && state.status === 'error') {
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

/** One of the account's settings: a card named by its heading. */
function SettingsCard({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-brand-100 bg-white p-6 shadow-sm">
      <h2 id={id} className="mb-3 font-serif text-2xl text-brand-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}
