import { useSearchParams } from 'react-router';
import type { Route } from './+types/reset-password';
import { ResetPasswordForm } from '~/features/account/token-forms';
import { pageMeta } from '~/features/seo/seo';
import { useTranslation } from '~/lib/i18n';

/** The page of a reset link, `/reset-password?token=…`: a new password, twice. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [search] = useSearchParams();
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl text-brand-900">{t('reset.heading')}</h1>
      <div className="mt-8 rounded-lg border border-brand-100 bg-white p-6 shadow-sm">
        <ResetPasswordForm token={search.get('token') ?? ''} />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { noindex: true });
