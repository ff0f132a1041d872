import { useTranslation } from '~/lib/i18n';
import type { Route } from './+types/signup';
import { redirectSignedIn, useLeaveWhenSignedIn } from '~/features/account/signed-in-redirect';
import { SignupForm } from '~/features/account/signup-form';
import { pageMeta } from '~/features/seo/seo';

/** What comes after signing up here: the verification mail, and approval when trade accounts need it. */
export function loader({ request, context }: Route.LoaderArgs) {
  redirectSignedIn(request, Boolean(context.viewer));
  return {
    next: {
      needsVerification: context.publicEnv.isEmailVerificationRequired,
      needsApproval: context.publicEnv.isTradeApprovalOn,
    },
  };
}

/** Buyer registration. */
export default function SignupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  useLeaveWhenSignedIn();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="text-center font-serif text-3xl text-brand-900">{t('signup.heading')}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-center text-gray-800">{t('signup.intro')}</p>
      <div className="mt-8 rounded-lg border border-brand-100 bg-white p-6 shadow-sm md:p-8">
        <SignupForm next={loaderData.next} />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);
