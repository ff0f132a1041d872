import { useEffect, useId, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { NavLink, useLocation } from 'react-router';
import { withPrefix } from '~/lib/prefix';

/** Administration links, in menu order; the phone menu has them all (the price requests too). */
export const ADMIN_LINKS = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/addproduct', key: 'nav.addProduct' },
  { to: '/orderlist', key: 'nav.viewOrder' },
  { to: '/production', key: 'fulfilment:board.nav' },
  { to: '/userview', key: 'nav.viewUser' },
  { to: '/excelfile', key: 'nav.excelUpload' },
  { to: '/uploadblog', key: 'nav.uploadBlog' },
  { to: '/blog-list', key: 'nav.blogList' },
  { to: '/product-list', key: 'nav.productList' },
  { to: '/search-synonyms', key: 'nav.searchSynonyms' },
  { to: '/attribute-lists', key: 'nav.attributeLists' },
  { to: '/catalogue-import', key: 'catalogue-import:nav' },
  { to: '/rates', key: 'pricing-admin:nav' },
  { to: '/business-settings', key: 'business-settings-admin:nav' },
  { to: '/enter-order', key: 'quick-order-admin:nav' },
  { to: '/selections', key: 'selections-admin:nav' },
] as const;

const LINK =
  'block rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white';

function AdminLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  return (
    <ul className="space-y-1">
      {ADMIN_LINKS.map((link) => (
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
 * same list and closes again after a link is followed or on Escape. The old site's phone menu left
 * out View Order; an administrator answering price requests from a phone needs it most.
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
        <AdminLinks />
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
          <AdminLinks onNavigate={() => setIsOpen(false)} />
        </div>
      </nav>
    </>
  );
}
