import { Suspense, type ReactNode } from 'react';

/**
 * A part of the page below its first screen (the footer, the related designs) that React hydrates
 * after the rest. The server's HTML shows it at once as usual; in the browser, React leaves a
 * Suspense boundary's server HTML in place during the page's first hydration and hydrates it in a
 * pass of its own once that is done, so the header, the page's main block and their controls come
 * alive first, and the work arrives as two shorter stretches instead of one long one on a phone.
 * A tap or key inside it before then makes React hydrate it at once and deliver the event. Nothing
 * inside ever suspends, so the fallback is never shown.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
