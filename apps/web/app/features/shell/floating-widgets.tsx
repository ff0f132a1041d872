import { useEffect, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { CHAT_URL } from '@catalogue/shared/domain/site';
import { ArrowUpIcon, ChatIcon } from '~/components/ui/icons';

/** The chat link to the business number and Back to Top (spec §2.14). Both float, so nothing shifts. */
export function FloatingWidgets() {
  const { t } = useTranslation('common');
  const [isScrolled, setIsScrolled] = useState(false);

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
        href={CHAT_URL}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('floating.chat')}
        title={t('floating.chat')}
        className="flex size-13 items-center justify-center rounded-full bg-[#1f7a3f] text-white shadow-lg hover:bg-[#17602f]"
      >
        <ChatIcon className="size-7" />
      </a>
    </div>
  );
}
