import { useTranslation } from '~/lib/i18n';
import { SITE } from '@catalogue/shared/domain/site';
import type { Route } from './+types/privacy';
import { pageMeta } from '~/features/seo/seo';

const SECTIONS = [
  'collected',
  'usage',
  'security',
  'cookies',
  'thirdParty',
  'updates',
  'consent',
  'contact',
] as const;

/** Privacy: eight numbered sections and the date of the last update. */
export default function PrivacyPage() {
  const { t } = useTranslation('pages');
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-serif text-4xl text-brand-900">{t('privacy.heading')}</h1>
      <p className="mt-2 text-sm text-gray-700">{t('privacy.lastUpdated')}</p>
      <p className="mt-6 text-gray-800">{t('privacy.intro', { name: SITE.name })}</p>
      <ol className="mt-8 space-y-8">
        {SECTIONS.map((key, i) => (
          <li key={key}>
            <h2 className="font-serif text-2xl text-brand-900">
              {i + 1}. {t(`privacy.sections.${key}.title`)}
            </h2>
            <p className="mt-2 text-gray-800">
              {key === 'contact' ? (
                <ContactText text={t('privacy.sections.contact.text', { email: '\u0000' })} />
              ) : (
                t(`privacy.sections.${key}.text`)
              )}
            </p>
          </li>
        ))}
      </ol>
    </article>
  );
}

/** The contact sentence with the e-mail address as a link where the placeholder stood. */
function ContactText({ text }: { text: string }) {
  const [before = '', after = ''] = text.split('\u0000');
  return (
    <>
      {before}
      <a
        href={`mailto:${SITE.email}`}
        className="font-semibold text-brand-700 underline hover:text-brand-900"
      >
        {SITE.email}
      </a>
      {after}
    </>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);
