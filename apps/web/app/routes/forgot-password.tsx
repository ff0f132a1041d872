import type { Route } from './+types/forgot-password';
import { ForgotPasswordForm } from '~/features/account/token-forms';
import { pageMeta } from '~/features/seo/seo';
import { useTranslation } from '~/lib/i18n';

/** "Forgot password?": asks for a reset link by e-mail. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl text-brand-900">{t('forgot.heading')}</h1>
      <p className="mt-3 text-center text-gray-800">{t('forgot.intro')}</p>
      <div className="mt-8 rounded-lg border border-brand-100 bg-white p-6 shadow-sm">
        <ForgotPasswordForm />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { noindex: true });
