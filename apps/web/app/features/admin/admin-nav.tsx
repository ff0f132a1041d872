import { useEffect, useId, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { NavLink, useLocation } from 'react-router';
import { withPrefix } from '~/lib/prefix';

/** Administration links, in menu order; the mobile menu leaves out View Order. */
export const ADMIN_LINKS = [
  { to: '/dashboard', key: 'nav.dashboard', isOnMobile: true },
  { to: '/addproduct', key: 'nav.addProduct', isOnMobile: true },
  { to: '/orderlist', key: 'nav.viewOrder', isOnMobile: false },
  { to: '/production', key: 'fulfilment:board.nav', isOnMobile: true },
  { to: '/userview', key: 'nav.viewUser', isOnMobile: true },
  { to: '/excelfile', key: 'nav.excelUpload', isOnMobile: true },
  { to: '/uploadblog', key: 'nav.uploadBlog', isOnMobile: true },
  { to: '/blog-list', key: 'nav.blogList', isOnMobile: true },
  { to: '/product-list', key: 'nav.productList', isOnMobile: true },
  { to: '/search-synonyms', key: 'nav.searchSynonyms', isOnMobile: true },
  { to: '/attribute-lists', key: 'nav.attributeLists', isOnMobile: true },
  { to: '/catalogue-import', key: 'catalogue-import:nav', isOnMobile: true },
  { to: '/rates', key: 'pricing-admin:nav', isOnMobile: true },
  { to: '/enter-order', key: 'quick-order-admin:nav', isOnMobile: true },
  { to: '/selections', key: 'selections-admin:nav', isOnMobile: true },
] as const;

const LINK =
  'block rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white';

function AdminLinks({ isMobile, onNavigate }: { isMobile: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const links = isMobile ? ADMIN_LINKS.filter((l) => l.isOnMobile) : ADMIN_LINKS;
  return (
    <ul className="space-y-1">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={withPrefix(pathname, link.to)} className={LINK} onClick={onNavigate} end>
            {t(link.key)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The admin navigation: a side list on wide screens, and on phones a menu button that opens the
 * same list (less View Order) and closes again after a link is followed or on Escape.
 */
export function AdminNav() {
  const { t } = useTranslation('admin');
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  useEffect(() => setIsOpen(false), [pathname]);

  return (
    <>
      <nav aria-label={t('nav.label')} className="hidden md:block">
        <p className="mb-2 px-3 font-serif text-lg text-brand-900">{t('nav.label')}</p>
        <AdminLinks isMobile={false} />
      </nav>
      <nav
        aria-label={t('nav.mobileLabel')}
        className="md:hidden"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && isOpen) setIsOpen(false);
        }}
      >
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={menuId}
          onClick={() => setIsOpen((open) => !open)}
          className="flex min-h-11 w-full items-center justify-between rounded-md border border-brand-700 bg-white px-4 text-sm font-semibold text-brand-900"
        >
          {t('nav.menu')}
          <span aria-hidden="true">{isOpen ? '▴' : '▾'}</span>
        </button>
        <div id={menuId} hidden={!isOpen} className="mt-2 rounded-md border border-gray-200 bg-white p-2">
          <AdminLinks isMobile onNavigate={() => setIsOpen(false)} />
        </div>
      </nav>
    </>
  );
}
