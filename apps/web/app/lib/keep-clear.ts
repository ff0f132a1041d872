/**
 * Marks a block the floating chat button must never cover (a card's actions, a product's
 * buttons): spread on the element, `<div {...KEEP_CLEAR}>`. The button steps aside while it would.
 */
export const KEEP_CLEAR = { 'data-keep-clear': '' } as const;
export const KEEP_CLEAR_SELECTOR = '[data-keep-clear]';
