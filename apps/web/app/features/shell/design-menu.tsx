import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import { ChevronDownIcon, ChevronRightIcon } from '~/components/ui/icons';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import {
  MENU_CATEGORIES,
  SUBCATEGORY_LINKS,
  categoryKey,
  categoryPath,
  subcategoryPath,
} from '~/features/shell/nav-links';

const LINK = 'block whitespace-nowrap px-4 py-2 text-sm text-ink hover:bg-brand-50 focus-visible:bg-brand-50';

/**
 * The 'Jewellery Design' dropdown: All Designs and the five categories, each with a
 * With Gemstone and a Without Gemstone submenu. It opens on hover and closes when the pointer
 * leaves; by keyboard, Enter or Arrow Down opens it, Tab walks into each submenu, Escape closes.
 */
export function DesignMenu() {
  const { t } = useTranslation('common');
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);
  const id = useId();

  const close = (returnFocus = false) => {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' && event.target === buttonRef.current) {
      event.preventDefault();
      setIsOpen(true);
      requestAnimationFrame(() => panelRef.current?.querySelector('a')?.focus());
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOpen(false);
  };

  return (
    <div
      className="relative"
      onMouseEnter={() => setIsOpen(true)}
      onMouseLeave={() => setIsOpen(false)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={`${id}-menu`}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex items-center gap-1 px-3 py-3 text-sm font-medium text-ink hover:text-brand-700"
      >
        {t('nav.jewelleryDesign')}
        <ChevronDownIcon className={`size-4 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
      </button>
      <ul
        ref={panelRef}
        id={`${id}-menu`}
        hidden={!isOpen}
        className="absolute left-0 top-full z-50 min-w-56 rounded-b-md border border-gray-200 bg-white py-1 shadow-lg"
      >
        <li>
          <PrefixedLink to="/category/alldesigns" className={LINK} onClick={() => close()}>
            {t('nav.allDesigns')}
          </PrefixedLink>
        </li>
        {MENU_CATEGORIES.map((category) => (
          <li key={category} className="group/sub relative">
            <PrefixedLink
              to={categoryPath(category)}
              className={`${LINK} flex items-center justify-between gap-4`}
              onClick={() => close()}
            >
              {t(categoryKey(category))}
              <ChevronRightIcon className="size-4 text-gray-600" />
            </PrefixedLink>
            <ul
              aria-label={t(categoryKey(category))}
              className="absolute left-full top-0 hidden min-w-52 rounded-md border border-gray-200 bg-white py-1 shadow-lg group-focus-within/sub:block group-hover/sub:block"
            >
              {SUBCATEGORY_LINKS.map(({ subcategory, key }) => (
                <li key={subcategory}>
                  <PrefixedLink
                    to={subcategoryPath(category, subcategory)}
                    className={LINK}
                    onClick={() => close()}
                  >
                    {t(key)}
                  </PrefixedLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
