/**
 * Marks a block the floating buttons (chat, Back to Top) must never cover (a card's actions, a
 * product's buttons, a cart line's, the price request's, a quote's decision, the pages of a list):
 * spread on the element, `<div {...KEEP_CLEAR}>`. Each button steps aside while it would.
 */
export const KEEP_CLEAR = { 'data-keep-clear': '' } as const;
export const KEEP_CLEAR_SELECTOR = '[data-keep-clear]';
