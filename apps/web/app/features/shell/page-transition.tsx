import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { Spinner } from '~/components/ui/spinner';

/**
 * Client-side route changes show a spinner for 0.4 s and start at the top of the page.
 * The server-rendered first paint never shows it, and it floats above the page (fixed), so nothing
 * moves underneath. Back and forward keep the scroll position the router restores.
 */
export function PageTransition() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  const [isVisible, setIsVisible] = useState(false);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    setIsVisible(true);
    const timer = setTimeout(() => setIsVisible(false), TIMINGS_MS.pageTransitionSpinner);
    return () => clearTimeout(timer);
  }, [pathname, navigationType]);

  if (!isVisible) return null;
  return (
    <div
      data-testid="page-transition"
      className="pointer-events-none fixed inset-0 z-[60] flex items-center justify-center bg-white/70"
    >
      <Spinner size="lg" />
    </div>
  );
}
