/*
 * A product's gallery rules without its validation schemas (`schemas/product-gallery.ts`, which
 * re-exports these): the storefront's pages import this module and build no schema when they load.
 */

/** How many pictures one product may have. */
export const GALLERY_MAX_IMAGES = 12;
/** Alt texts describe a picture in a sentence; longer text is not an alt text. */
export const GALLERY_ALT_MAX = 300;

/**
 * The text to put in a picture's `alt` for a page in `language`: the Hindi text on a Hindi page
 * when it is set, else the English text, else the product's name.
 */
export function altFor(image: { alt: string; altHi: string }, language: string, productName: string) {
  if (language === 'hi' && image.altHi.trim()) return image.altHi;
  return image.alt.trim() || productName;
}
