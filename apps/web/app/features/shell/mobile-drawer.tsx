import { useModalDialog } from '~/components/ui/use-modal-dialog';
import { useTranslation } from '~/lib/i18n';
import { CloseIcon } from '~/components/ui/icons';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { TranslateWidget } from '~/features/shell/translate-widget';

type MobileDrawerProps = {
  open: boolean;
  onClose: () => void;
  isLoggedIn: boolean;
  isAdmin: boolean;
  onLogout: () => void;
};

/** Drawer links, in order. */
const LINKS = [
  { to: '/', key: 'nav.home' },
  { to: '/shopall', key: 'nav.jewelleryDesign' },
  { to: '/contactus', key: 'nav.contactUs' },
  { to: '/aboutus', key: 'nav.aboutUs' },
  { to: '/faq', key: 'nav.faq' },
  { to: '/privacy', key: 'nav.privacy' },
] as const;

const ITEM = 'block rounded-md px-3 py-3 text-base text-ink hover:bg-brand-50';

/**
 * The mobile side drawer, on a native modal `<dialog>`: focus stays inside while it is open,
 * Escape and the backdrop close it, and focus returns to the menu button.
 */
export function MobileDrawer({ open, onClose, isLoggedIn, isAdmin, onLogout }: MobileDrawerProps) {
  const { t } = useTranslation('common');
  const ref = useModalDialog(open);

  return (
    <dialog
      ref={ref}
      aria-label={t('header.menu')}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {open ? (
        <div className="flex h-full flex-col p-4">
          <div className="mb-4 flex items-center justify-between">
            <p className="font-serif text-xl text-brand-900">{t('header.menu')}</p>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('header.closeMenu')}
              className="rounded-md p-2 hover:bg-gray-100"
            >
              <CloseIcon className="size-6" />
            </button>
          </div>
          <nav aria-label={t('header.mobileNav')}>
            <ul className="space-y-1">
              <li>
                {isLoggedIn ? (
                  <button
                    type="button"
                    onClick={onLogout}
                    className={`${ITEM} w-full text-left font-semibold text-brand-900`}
                  >
                    {t('nav.logout')}
                  </button>
                ) : (
                  <PrefixedLink
                    to="/login"
                    onClick={onClose}
                    className={`${ITEM} font-semibold text-brand-900`}
                  >
                    {t('nav.login')}
                  </PrefixedLink>
                )}
              </li>
              {isLoggedIn ? (
                <>
                  <li>
                    <PrefixedLink to="/profile" onClick={onClose} className={ITEM}>
                      {t('nav.account')}
                    </PrefixedLink>
                  </li>
                  <li>
                    <PrefixedLink to="/quick-order" onClick={onClose} className={ITEM}>
                      {t('nav.quickOrder')}
                    </PrefixedLink>
                  </li>
                </>
              ) : null}
              {LINKS.map((link) => (
                <li key={link.to}>
                  <PrefixedLink to={link.to} onClick={onClose} className={ITEM}>
                    {t(link.key)}
                  </PrefixedLink>
                </li>
              ))}
              {isAdmin ? (
                <li>
                  <PrefixedLink
                    to="/dashboard"
                    onClick={onClose}
                    className="mt-2 block rounded-md bg-brand-700 px-3 py-3 text-center font-semibold text-white"
                  >
                    {t('nav.dashboard')}
                  </PrefixedLink>
                </li>
              ) : null}
            </ul>
          </nav>
          <TranslateWidget className="mt-6" />
        </div>
      ) : null}
    </dialog>
  );
}
