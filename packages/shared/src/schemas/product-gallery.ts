import { z } from 'zod';
import { GALLERY_ALT_MAX, GALLERY_MAX_IMAGES } from '../domain/gallery.ts';

export * from '../domain/gallery.ts';

/**
 * One picture of a product's gallery, first = the product's `imageUrl`. `url` is absolute (our
 * media or an external address); `alt` is the English description, `altHi` the Hindi one (either
 * may be empty); `width` and `height` are the stored original's pixels, null for an external picture.
 */
export const productImageSchema = z.object({
  _id: z.string(),
  url: z.string(),
  alt: z.string(),
  altHi: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const GALLERY_MESSAGES = {
  tooMany: `A product can have at most ${GALLERY_MAX_IMAGES} pictures`,
  imageNotFound: 'Picture not found',
  badOrder: "The order must list each of the product's pictures exactly once",
  added: 'Picture added',
  reordered: 'Pictures reordered',
  removed: 'Picture removed',
  altSaved: 'Alt text saved',
} as const;

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

const altText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .refine((s) => [...s].length <= GALLERY_ALT_MAX, `${field} must be at most ${GALLERY_ALT_MAX} characters`)
    .refine((s) => ![...s].some(isControl), `${field} must not contain control characters`);

/** The alt texts of one picture, as the editor and the API check them. */
export const galleryAltSchema = z.object({
  alt: altText('alt').default(''),
  altHi: altText('altHi').default(''),
});
export type GalleryAlt = z.infer<typeof galleryAltSchema>;

/** `PUT .../images/order`: every picture id of the product, in the new order. */
export const galleryOrderSchema = z.object({
  ids: z.array(z.string(), { error: 'ids must be a list of picture ids' }).max(GALLERY_MAX_IMAGES * 2),
});

/** The answer of every gallery write: the whole gallery afterwards, first picture first. */
export const gallerySavedSchema = z.object({
  message: z.string(),
  images: z.array(productImageSchema),
});
export type GallerySaved = z.infer<typeof gallerySavedSchema>;
