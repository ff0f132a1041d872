import { useTranslation } from '~/lib/i18n';
import { PrefixedLink } from '~/components/ui/prefixed-link';

/** The one error screen every route falls back to. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation('common');
  const key = status === 404 ? '404' : '500';
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 font-serif text-3xl">{t(`error.${key}.title`)}</h1>
      <p className="mt-4 text-gray-700">{t(`error.${key}.body`)}</p>
      <PrefixedLink
        to="/"
        className="mt-8 inline-block rounded bg-brand-700 px-5 py-2 text-white hover:bg-brand-900"
      >
        {t('error.backHome')}
      </PrefixedLink>
    </section>
  );
}
