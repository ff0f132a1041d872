import { createContext, useContext } from 'react';
import { NEW_BADGE_DAYS_DEFAULT, newSince } from '@catalogue/shared/domain/new-badge';

/**
 * The moment from which products count as new (NEW_BADGE_DAYS before the page was built), given
 * by the root so the server render and the browser draw the same badges.
 */
export const NewSinceContext = createContext<string | null>(null);

/** The root's moment, else 30 days back (a card rendered on its own, in a test). */
export function useNewSince(): string {
  return useContext(NewSinceContext) ?? newSince(new Date(), NEW_BADGE_DAYS_DEFAULT);
}
