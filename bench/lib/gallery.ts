import sharp from 'sharp';
import { loginToken } from './quote-scenarios.ts';
import { BENCH_ADMIN } from './server.ts';

/** The most pictures a product's gallery holds: the page the gallery's Lighthouse check loads. */
export const GALLERY_MAX = 12;

type Detail = { name: string; images: { url: string }[] };

/**
 * Fills `productId`'s gallery up to 12 pictures through the admin API, as an administrator would
 * upload them: photographs' worth of bytes (1,200 px JPEGs at quality 86, each a turned and
 * re-coloured view of the product's first picture, with noise so they do not compress to nothing)
 * with English and Hindi alt text. Returns the product page's path.
 */
export async function fillGallery(baseUrl: string, productId: string): Promise<string> {
  const detail = (await (await fetch(`${baseUrl}/api/products/single/${productId}`)).json()) as Detail;
  const first = detail.images[0];
  if (!first) throw new Error(`product ${productId} has no picture to make a gallery from`);
  const main = Buffer.from(await (await fetch(new URL(new URL(first.url).pathname, baseUrl))).arrayBuffer());
  const authorization = `Bearer ${await loginToken(baseUrl, BENCH_ADMIN)}`;
  for (let i = detail.images.length; i < GALLERY_MAX; i++) {
    const noise = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 24 },
      },
    })
      .png()
      .toBuffer();
    const photo = await sharp(main)
      .resize(1200, 1200, { fit: 'cover' })
      .rotate((i * 37) % 360, { background: '#f4efe6' })
      .resize(1200, 1200, { fit: 'cover' })
      .modulate({ hue: i * 25, brightness: 0.85 + (i % 4) * 0.05 })
      .composite([{ input: noise, blend: 'soft-light' }])
      .jpeg({ quality: 86 })
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([photo], { type: 'image/jpeg' }), `view-${i + 1}.jpg`);
    form.append('alt', `${detail.name}, view ${i + 1}`);
    form.append('altHi', `${detail.name}, दृश्य ${i + 1}`);
    const added = await fetch(`${baseUrl}/api/products/admin/${productId}/images`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    if (added.status !== 201)
      throw new Error(`adding picture ${i + 1} answered ${added.status}: ${await added.text()}`);
  }
  return `/singleproduct/${productId}`;
}
