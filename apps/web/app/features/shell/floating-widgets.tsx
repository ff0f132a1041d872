import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { CHAT_URL } from '@catalogue/shared/domain/site';
import { ArrowUpIcon, ChatIcon } from '~/components/ui/icons';
import { KEEP_CLEAR_SELECTOR } from '~/lib/keep-clear';

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.width > 0 && a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/**
 * Whether the element stays clear of every `KEEP_CLEAR` block on screen, checked once per frame
 * while the page scrolls, resizes or changes height, and after each navigation.
 */
function useStaysClear(element: React.RefObject<HTMLElement | null>): boolean {
  const { pathname, search } = useLocation();
  const [isClear, setIsClear] = useState(true);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const box = element.current?.getBoundingClientRect();
      if (!box) return;
      const blocks = document.querySelectorAll(KEEP_CLEAR_SELECTOR);
      setIsClear(![...blocks].some((block) => overlaps(block.getBoundingClientRect(), box)));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The page growing or shrinking under a still button (pictures, a list arriving) moves blocks too.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resized?.observe(document.body);
    return () => {
      resized?.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [element, pathname, search]);
  return isClear;
}

/**
 * The chat link to the business number and Back to Top. Both float, so nothing
 * shifts; each steps aside (fades out, out of the tab order and of the taps) while it would cover
 * a block marked `KEEP_CLEAR`, so a tap on a card's button always reaches the button. A white
 * ring keeps both visible on the dark footer as on the light page.
 */
export function FloatingWidgets() {
  const { t } = useTranslation('common');
  const [isScrolled, setIsScrolled] = useState(false);
  const chat = useRef<HTMLAnchorElement>(null);
  const top = useRef<HTMLButtonElement>(null);
  const isChatClear = useStaysClear(chat);
  const isTopClear = useStaysClear(top);
  const isTopShown = isScrolled && isTopClear;

  useEffect(() => {
    const update = () => setIsScrolled(window.scrollY > 400);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const backToTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'instant' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    // The column itself takes no taps (its gap and its width beside Back to Top lie over the page).
    <div className="pointer-events-none fixed bottom-4 right-4 z-40 flex flex-col items-end gap-3 print:hidden">
      <button
        ref={top}
        type="button"
        onClick={backToTop}
        aria-label={t('floating.backToTop')}
        title={t('floating.backToTop')}
        tabIndex={isTopShown ? 0 : -1}
        aria-hidden={!isTopShown}
        className={`flex size-11 items-center justify-center rounded-full border-2 border-white bg-brand-900 text-white shadow-lg transition-opacity hover:bg-brand-700 ${
          isTopShown ? 'pointer-events-auto opacity-100' : 'pointer-events-none opacity-0'
        }`}
      >
        <ArrowUpIcon className="size-5" />
      </button>
      <a
        ref={chat}
        href={CHAT_URL}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('floating.chat')}
        title={t('floating.chat')}
        className={`flex size-13 items-center justify-center rounded-full border-2 border-white bg-[#1f7a3f] text-white shadow-lg transition-[opacity,visibility] duration-200 hover:bg-[#17602f] ${
          isChatClear ? 'pointer-events-auto visible opacity-100' : 'pointer-events-none invisible opacity-0'
        }`}
      >
        <ChatIcon className="size-7" />
      </a>
    </div>
  );
}
