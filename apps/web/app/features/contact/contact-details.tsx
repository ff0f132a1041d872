import { useTranslation } from '~/lib/i18n';
import { SITE } from '@catalogue/shared/domain/site';
import { PostalAddress } from '~/components/ui/postal-address';
import { MailIcon, MapPinIcon, PhoneIcon } from '~/components/ui/icons';
/** Phone, e-mail and office address beside the contact form, from the site configuration. */
export function ContactDetails() {
  const { t } = useTranslation('contact');
  const { t: tc } = useTranslation('common');
  const office = SITE.addresses.office;
  return (
    <section aria-labelledby="contact-details" className="rounded-lg border border-brand-100 bg-brand-50 p-6">
      <h2 id="contact-details" className="font-serif text-2xl text-brand-900">
        {t('details.heading')}
      </h2>
      <p className="mt-2 text-gray-800">{t('details.text')}</p>
      <dl className="mt-5 space-y-4 text-gray-800">
        <div>
          <dt className="sr-only">{tc('contact.phone')}</dt>
          <dd className="flex gap-3">
            <PhoneIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <a href={`tel:${SITE.phones.main.tel}`} className="font-medium text-brand-900 underline">
              {SITE.phones.main.display}
            </a>
          </dd>
        </div>
        <div>
          <dt className="sr-only">{tc('contact.email')}</dt>
          <dd className="flex gap-3">
            <MailIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <a href={`mailto:${SITE.email}`} className="font-medium text-brand-900 underline">
              {SITE.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="sr-only">{tc('contact.address')}</dt>
          <dd className="flex gap-3">
            <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <PostalAddress lines={office.lines} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
