/** A stored picture: our media id, or an address kept as it was given (external or legacy path). */
export type StoredImage = { mediaId: string | null; imageUrl: string | null };

/** The absolute address a client on any origin can load a stored picture from, or null. */
export type PublicImageUrl = (image: StoredImage) => string | null;

/**
 * Builds picture addresses from the configured public base (MEDIA_BASE_URL, else SITE_URL), never
 * from a request: the answers that carry them are cached and shared by every visitor. Our media
 * becomes `{base}/media/{id}`, a stored path (`/uploads/...`) `{base}{path}`; an external http(s)
 * address stays as it is.
 */
export function createPublicImageUrl(base: string): PublicImageUrl {
  const root = base.replace(/\/+$/, '');
  return ({ mediaId, imageUrl }) => {
    if (mediaId) return `${root}/media/${mediaId}`;
    if (!imageUrl) return null;
    return imageUrl.startsWith('/') && !imageUrl.startsWith('//') ? `${root}${imageUrl}` : imageUrl;
  };
}
