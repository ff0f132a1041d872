import { useTranslation } from '~/lib/i18n';
import type { Category } from '@catalogue/shared/domain/categories';
import { SITE } from '@catalogue/shared/domain/site';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '~/components/ui/icons';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { categoryKey, categoryPath } from '~/features/shell/nav-links';
import { SocialLinks } from '~/features/shell/social-links';
import { logout, useSession } from '~/lib/use-session';

const SERVICES = [
  { to: '/shopall', key: 'footer.links.designs' },
  { to: '/contactus', key: 'footer.links.custom' },
  { to: '/fairtrade', key: 'footer.links.fairTrade' },
  { to: '/visitjaipur', key: 'footer.links.visitJaipur' },
  { to: '/blogs', key: 'footer.links.blogs' },
  { to: '/faq', key: 'footer.links.faq' },
] as const;

const SIGNED_OUT = [
  { to: '/login', key: 'footer.links.login' },
  { to: '/signup', key: 'footer.links.signup' },
] as const;

const ACCOUNT = [
  { to: '/cart', key: 'footer.links.enquiryList' },
  { to: '/cart', key: 'footer.links.checkout' },
  { to: '/privacy', key: 'footer.links.privacy' },
] as const;

/** The footer's category column (Rings, Necklaces, Bracelet and Pendant). */
const FOOTER_CATEGORIES: readonly Category[] = ['Rings', 'Necklaces', 'Bracelets', 'Pendants'];

const LINK = 'inline-block py-1 text-sm text-brand-50 hover:text-white hover:underline';

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="font-serif text-lg text-white">{title}</h2>
      <ul className="mt-3 space-y-1">{children}</ul>
    </div>
  );
}

/**
 * The site footer: contact block, social links, and Services, My Account and Categories.
 * My Account offers Login and Sign Up to a visitor, the account page and Logout to a buyer.
 */
export function SiteFooter({ viewer }: { viewer: { role: string } | null }) {
  const { t } = useTranslation('common');
  const { isLoggedIn } = useSession(viewer);
  const office = SITE.addresses.office;
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-serif text-xl text-white">{SITE.name}</p>
          <p className="mt-2 text-sm">{t('footer.tagline', { year: SITE.foundedYear })}</p>
          <address className="mt-4 space-y-2 text-sm not-italic">
            <p className="flex gap-2">
              <MapPinIcon className="mt-0.5 size-4 shrink-0" />
              <span>{office.lines.join(', ')}</span>
            </p>
            <p className="flex gap-2">
              <PhoneIcon className="mt-0.5 size-4 shrink-0" />
              <a href={`tel:${SITE.phones.main.tel}`} className="hover:underline">
                <span className="sr-only">{t('contact.phone')}: </span>
                {SITE.phones.main.display}
              </a>
            </p>
            <p className="flex gap-2">
              <MailIcon className="mt-0.5 size-4 shrink-0" />
              <a href={`mailto:${SITE.email}`} className="hover:underline">
                <span className="sr-only">{t('contact.email')}: </span>
                {SITE.email}
              </a>
            </p>
            <p className="flex gap-2">
              <ClockIcon className="mt-0.5 size-4 shrink-0" />
              <span>
                {t('hours.weekdays', { open: SITE.hours.openDisplay, close: SITE.hours.closeDisplay })}
              </span>
            </p>
          </address>
          <SocialLinks className="-ml-2 mt-4" linkClassName="text-brand-50 hover:bg-brand-700" />
        </div>
        <Column title={t('footer.services')}>
          {SERVICES.map((link) => (
            <li key={link.key}>
              <PrefixedLink to={link.to} className={LINK}>
                {t(link.key)}
              </PrefixedLink>
            </li>
          ))}
        </Column>
        <Column title={t('footer.myAccount')}>
          {isLoggedIn ? (
            <>
              <li>
                <PrefixedLink to="/profile" className={LINK}>
                  {t('footer.links.account')}
                </PrefixedLink>
              </li>
              <li>
                <button type="button" onClick={() => void logout()} className={LINK}>
                  {t('footer.links.logout')}
                </button>
              </li>
            </>
          ) : (
            SIGNED_OUT.map((link) => (
              <li key={link.key}>
                <PrefixedLink to={link.to} className={LINK}>
                  {t(link.key)}
                </PrefixedLink>
              </li>
            ))
          )}
          {ACCOUNT.map((link) => (
            <li key={link.key}>
              <PrefixedLink to={link.to} className={LINK}>
                {t(link.key)}
              </PrefixedLink>
            </li>
          ))}
        </Column>
        <Column title={t('footer.categories')}>
          <li>
            <PrefixedLink to="/category/alldesigns" className={LINK}>
              {t('nav.allDesigns')}
            </PrefixedLink>
          </li>
          {FOOTER_CATEGORIES.map((category) => (
            <li key={category}>
              <PrefixedLink to={categoryPath(category)} className={LINK}>
                {t(categoryKey(category))}
              </PrefixedLink>
            </li>
          ))}
        </Column>
      </div>
      <div className="border-t border-brand-700">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-4 pr-20 text-xs">
          <p>{t('footer.rights', { name: SITE.name })}</p>
          <p>
            <PrefixedLink to="/privacy" className="hover:underline">
              {t('nav.privacy')}
            </PrefixedLink>
            {' · '}
            <PrefixedLink to="/aboutus" className="hover:underline">
              {t('nav.aboutUs')}
            </PrefixedLink>
          </p>
        </div>
      </div>
    </footer>
  );
}
