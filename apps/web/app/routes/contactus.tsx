import { useTranslation } from '~/lib/i18n';
import type { Route } from './+types/contactus';
import { ContactDetails } from '~/features/contact/contact-details';
import { ContactForm } from '~/features/contact/contact-form';
import { PlanVisit } from '~/features/home/plan-visit';
import { pageMeta } from '~/features/seo/seo';

/** Contact page: the form, the contact details, a picture and the Visit Our Store block. */
export default function ContactusPage() {
  const { t } = useTranslation('contact');
  return (
    <>
      <section className="mx-auto max-w-7xl px-4 py-12">
        <h1 className="text-center font-serif text-4xl text-brand-900">{t('heading')}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-center text-gray-800">{t('intro')}</p>
        <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
          <section
            aria-labelledby="contact-form"
            className="rounded-lg border border-brand-100 bg-white p-6 shadow-sm md:p-8"
          >
            <h2 id="contact-form" className="mb-4 font-serif text-2xl text-brand-900">
              {t('form.heading')}
            </h2>
            <ContactForm />
          </section>
          <div className="space-y-6">
            <img
              src="/pictures/contact.webp"
              alt=""
              width={800}
              height={600}
              decoding="async"
              className="aspect-[4/3] w-full rounded-lg object-cover"
            />
            <ContactDetails />
          </div>
        </div>
      </section>
      <PlanVisit className="mb-12" heading={t('visitHeading')} />
    </>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { image: '/pictures/contact.webp' });
