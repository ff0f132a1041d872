import { useTranslation } from '~/lib/i18n';
import { SITE } from '@catalogue/shared/domain/site';
import { PostalAddress } from '~/components/ui/postal-address';
import { buttonClasses } from '~/components/ui/button';
import { ClockIcon, MapPinIcon, PhoneIcon } from '~/components/ui/icons';

/**
 * 'Plan Your Visit': the showroom in Sitapura, hours, appointments and a phone button.
 * The contact page shows the same block as 'Visit Our Store', hence `heading`.
 */
export function PlanVisit({ className = '', heading }: { className?: string; heading?: string }) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  const showroom = SITE.addresses.showroom;
  return (
    <section aria-labelledby="plan-visit" className={`mx-auto max-w-7xl px-4 ${className}`}>
      <div className="grid gap-6 rounded-xl border border-brand-100 bg-brand-50 p-6 md:grid-cols-2 md:p-10">
        <div>
          <h2 id="plan-visit" className="font-serif text-3xl text-brand-900">
            {heading ?? t('visit.plan.heading')}
          </h2>
          <p className="mt-3 text-gray-800">{t('visit.plan.text')}</p>
          <a href={`tel:${SITE.phones.showroom.tel}`} className={buttonClasses('primary', 'md', 'mt-6')}>
            <PhoneIcon className="size-5" />
            {t('visit.plan.call', { phone: SITE.phones.showroom.display })}
          </a>
        </div>
        <dl className="space-y-4 text-gray-800">
          <div>
            <dt className="flex items-center gap-2 font-semibold text-ink">
              <MapPinIcon className="size-5 shrink-0 text-brand-700" />
              {t('visit.plan.addressLabel')}
            </dt>
            <dd className="mt-1 pl-7">
              <PostalAddress lines={showroom.lines} />
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 font-semibold text-ink">
              <ClockIcon className="size-5 shrink-0 text-brand-700" />
              {t('visit.plan.hoursLabel')}
            </dt>
            <dd className="mt-1 pl-7">
              {tc('hours.weekdays', { open: SITE.hours.openDisplay, close: SITE.hours.closeDisplay })}
            </dd>
            <dd className="pl-7">{tc('hours.byAppointment')}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
