import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { ButtonLink } from '~/components/ui/button';
import { Tabs } from '~/components/ui/tabs';

/** The seven tabs, in order, with their pictures (apps/web/public/pictures). */
export const WHY_US_TABS = [
  'intro',
  'welcome',
  'custom',
  'materials',
  'global',
  'exhibition',
  'conclusion',
] as const;

/** 'Why us': a tab per reason, each with a title, text and picture; the last one invites to contact. */
export function WhyUs({ className = '' }: { className?: string }) {
  const { t } = useTranslation('home');
  const [selected, setSelected] = useState<string>(WHY_US_TABS[0]);
  return (
    <section aria-labelledby="why-us-heading" className={`mx-auto max-w-7xl px-4 ${className}`}>
      <h2 id="why-us-heading" className="text-center font-serif text-3xl text-brand-900">
        {t('whyUs.heading')}
      </h2>
      <Tabs
        label={t('whyUs.tabsLabel')}
        selectedId={selected}
        onSelect={setSelected}
        className="mt-6"
        listClassName="justify-start lg:justify-center"
        items={WHY_US_TABS.map((id) => ({
          id,
          label: t(`whyUs.tabs.${id}.label`),
          panel: (
            <div className="grid items-center gap-6 md:grid-cols-2">
              <img
                src={`/pictures/why-${id}.webp`}
                alt={t(`whyUs.tabs.${id}.alt`)}
                width={800}
                height={600}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full rounded-lg object-cover"
              />
              <div>
                <h3 className="font-serif text-2xl text-brand-900">{t(`whyUs.tabs.${id}.title`)}</h3>
                <p className="mt-3 text-gray-800">{t(`whyUs.tabs.${id}.text`)}</p>
                {id === 'conclusion' ? (
                  <ButtonLink to="/contactus" className="mt-5">
                    {t('whyUs.cta')}
                  </ButtonLink>
                ) : null}
              </div>
            </div>
          ),
        }))}
      />
    </section>
  );
}
