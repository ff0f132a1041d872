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
 * while the page scrolls or resizes and after each navigation.
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
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [element, pathname, search]);
  return isClear;
}

/**
 * The chat link to the business number and Back to Top. Both float, so nothing
 * shifts; the chat button steps aside (fades out, out of the tab order) while it would cover a
 * block marked `KEEP_CLEAR`.
 */
export function FloatingWidgets() {
  const { t } = useTranslation('common');
  const [isScrolled, setIsScrolled] = useState(false);
  const chat = useRef<HTMLAnchorElement>(null);
  const isChatClear = useStaysClear(chat);

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
    <div className="fixed bottom-4 right-4 z-40 flex flex-col items-end gap-3 print:hidden">
      <button
        type="button"
        onClick={backToTop}
        aria-label={t('floating.backToTop')}
        title={t('floating.backToTop')}
        tabIndex={isScrolled ? 0 : -1}
        aria-hidden={!isScrolled}
        className={`flex size-11 items-center justify-center rounded-full bg-brand-900 text-white shadow-lg transition-opacity hover:bg-brand-700 ${
          isScrolled ? 'opacity-100' : 'pointer-events-none opacity-0'
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
        className={`flex size-13 items-center justify-center rounded-full bg-[#1f7a3f] text-white shadow-lg transition-[opacity,visibility] duration-200 hover:bg-[#17602f] ${
          isChatClear ? 'visible opacity-100' : 'invisible opacity-0'
        }`}
      >
        <ChatIcon className="size-7" />
      </a>
    </div>
  );
}
