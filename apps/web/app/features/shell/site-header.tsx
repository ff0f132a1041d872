import { useEffect, useId, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation } from 'react-router';
import { CloseIcon, ListIcon, MenuIcon, SearchIcon } from '~/components/ui/icons';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { DesignMenu } from '~/features/shell/design-menu';
import { Logo } from '~/features/shell/logo';
import { MobileDrawer } from '~/features/shell/mobile-drawer';
import { MAIN_NAV } from '~/features/shell/nav-links';
import { SearchBox } from '~/features/shell/search-box';
import { withPrefix } from '~/lib/prefix';
import { SocialLinks } from '~/features/shell/social-links';
import { TranslateWidget } from '~/features/shell/translate-widget';
import { logout, useSession } from '~/lib/use-session';

type SiteHeaderProps = {
  /** Lines in the visitor's enquiry list, for the badge. */
  listCount: number;
  /** The signed-in visitor as the server saw them (session cookie); null when anonymous. */
  viewer: { role: string } | null;
};

const ICON_BUTTON =
  'relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50';

/**
 * The site header. Desktop: logo, search, enquiry list with its badge, translation,
 * Login or Logout, and the navigation bar with the design dropdown and either the Dashboard button
 * (admins) or the social links. Mobile: menu drawer, logo, search popup and the list badge.
 */
export function SiteHeader({ listCount, viewer }: SiteHeaderProps) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { isLoggedIn, isAdmin } = useSession(viewer);
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const searchId = useId();

  // A new page closes the popups.
  useEffect(() => {
    setIsSearchOpen(false);
    setIsDrawerOpen(false);
  }, [pathname]);

  const listLabel =
    listCount > 0 ? t('header.enquiryListCount', { count: listCount }) : t('header.enquiryList');

  return (
    <header className="relative z-50 border-b border-brand-100 bg-white print:hidden">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <button
          type="button"
          className={`${ICON_BUTTON} -ml-2 lg:hidden`}
          aria-label={t('header.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={isDrawerOpen}
          onClick={() => setIsDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <PrefixedLink to="/" className="mr-auto rounded">
          <Logo />
        </PrefixedLink>
        <button
          type="button"
          className={`${ICON_BUTTON} noscript:hidden`}
          aria-label={isSearchOpen ? t('header.closeSearch') : t('header.openSearch')}
          aria-expanded={isSearchOpen}
          aria-controls={searchId}
          onClick={() => setIsSearchOpen((open) => !open)}
        >
          {isSearchOpen ? <CloseIcon /> : <SearchIcon />}
        </button>
        {/* Without JavaScript the button is hidden and this link opens the results page and its box. */}
        <a
          href={withPrefix(pathname, '/search')}
          className={`${ICON_BUTTON} hidden! noscript:inline-flex!`}
          aria-label={t('header.openSearch')}
        >
          <SearchIcon />
        </a>
        <PrefixedLink to="/cart" className={ICON_BUTTON} aria-label={listLabel}>
          <ListIcon />
          {listCount > 0 ? (
            <span
              aria-hidden="true"
              className="absolute right-0.5 top-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold leading-5 text-white"
            >
              {listCount > 99 ? '99+' : listCount}
            </span>
          ) : null}
        </PrefixedLink>
        <TranslateWidget className="hidden lg:block" />
        {isLoggedIn ? (
          <>
            <PrefixedLink
              to="/quick-order"
              aria-current={pathname.endsWith('/quick-order') ? 'page' : undefined}
              className="hidden min-h-10 items-center justify-center rounded-md px-3 text-sm font-semibold text-brand-900 hover:bg-brand-50 lg:inline-flex"
            >
              {t('nav.quickOrder')}
            </PrefixedLink>
            <PrefixedLink
              to="/profile"
              aria-current={pathname.endsWith('/profile') ? 'page' : undefined}
              className="hidden min-h-10 items-center justify-center rounded-md px-3 text-sm font-semibold text-brand-900 hover:bg-brand-50 lg:inline-flex"
            >
              {t('nav.account')}
            </PrefixedLink>
            <button
              type="button"
              onClick={() => void logout()}
              className="hidden min-h-10 min-w-20 items-center justify-center rounded-md border border-brand-700 px-4 text-sm font-semibold text-brand-900 hover:bg-brand-50 lg:inline-flex"
            >
              {t('nav.logout')}
            </button>
          </>
        ) : (
          <PrefixedLink
            to="/login"
            className="hidden min-h-10 min-w-20 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-900 lg:inline-flex"
          >
            {t('nav.login')}
          </PrefixedLink>
        )}
      </div>

      <div
        id={searchId}
        hidden={!isSearchOpen}
        className="absolute inset-x-0 top-16 z-50 border-b border-brand-100 bg-white shadow-lg"
      >
        {isSearchOpen ? (
          <SearchBox className="mx-auto max-w-2xl px-4 py-3" onNavigate={() => setIsSearchOpen(false)} />
        ) : null}
      </div>

      <nav aria-label={t('header.mainNav')} className="hidden border-t border-brand-100 lg:block">
        <div className="mx-auto flex h-12 max-w-7xl items-center justify-between px-4">
          <ul className="flex items-center">
            {MAIN_NAV.map((item) =>
              item.to === 'design-menu' ? (
                <li key={item.to}>
                  <DesignMenu />
                </li>
              ) : (
                <li key={item.to}>
                  <PrefixedLink
                    to={item.to}
                    className="block px-3 py-3 text-sm font-medium text-ink hover:text-brand-700"
                  >
                    {t(item.key)}
                  </PrefixedLink>
                </li>
              ),
            )}
          </ul>
          {isAdmin ? (
            <PrefixedLink
              to="/dashboard"
              className="inline-flex min-h-9 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-900"
            >
              {t('nav.dashboard')}
            </PrefixedLink>
          ) : (
            <SocialLinks linkClassName="text-brand-900 hover:bg-brand-50" />
          )}
        </div>
      </nav>

      <MobileDrawer
        open={isDrawerOpen}
        onClose={() => setIsDrawerOpen(false)}
        isLoggedIn={isLoggedIn}
        isAdmin={isAdmin}
        onLogout={() => void logout()}
      />
    </header>
  );
}
