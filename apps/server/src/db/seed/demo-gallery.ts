import { and, eq } from 'drizzle-orm';
import { loadSharp, type SharpModule } from '../../lib/sharp.ts';
import type { MediaStore } from '../../modules/media/index.ts';
import type { Db } from '../client.ts';
import { productImages } from '../schema/products.ts';
import type { DemoProduct } from './demo-products.ts';

/**
 * How many of the newest demo products get a gallery: the ones on the first pages. Each extra
 * view costs one image encode, so the seed stays quick.
 */
const GALLERY_PRODUCTS = 32;
/** Quick to encode: these are stand-ins for photographs. */
const WEBP = { quality: 80, effort: 0 } as const;
/** The extra views are smaller than the main picture (800 px): about half the pixels to encode. */
const VIEW_PX = 560;

type View = { render: (sharp: SharpModule) => Promise<Buffer>; alt: string; altHi: string };

/** The extra views of one product, cheap to make from its main picture (a close-up, a turn, a mirror, less light). */
function viewsOf(item: DemoProduct, main: Buffer, count: number): View[] {
  const all: View[] = [
    {
      render: (sharp) =>
        sharp(main).extract({ left: 150, top: 150, width: 500, height: 500 }).webp(WEBP).toBuffer(),
      alt: `Close-up of the ${item.name}`,
      altHi: `${item.name} का नज़दीकी दृश्य`,
    },
    {
      render: (sharp) => sharp(main).rotate(90).resize(VIEW_PX).webp(WEBP).toBuffer(),
      alt: `${item.name}, turned on its side`,
      altHi: `${item.name}, करवट पर रखा हुआ`,
    },
    {
      render: (sharp) => sharp(main).flop().resize(VIEW_PX).webp(WEBP).toBuffer(),
      alt: `${item.name}, seen from the other side`,
      altHi: `${item.name}, दूसरी ओर से`,
    },
    {
      render: (sharp) => sharp(main).modulate({ brightness: 0.7 }).resize(VIEW_PX).webp(WEBP).toBuffer(),
      alt: `${item.name} on a darker backdrop`,
      altHi: `${item.name}, गहरी पृष्ठभूमि पर`,
    },
  ];
  return all.slice(0, count);
}

/**
 * Gives the newest demo products galleries of 2 to 5 pictures (every fourth keeps one), with
 * English and Hindi alt texts. The first picture is already in place: adding a product with a
 * picture puts it first in its gallery.
 */
export async function seedDemoGalleries(
  db: Db,
  store: MediaStore,
  storeImage: (db: Db, store: MediaStore, data: Buffer) => Promise<string>,
  products: Array<{ id: string; item: DemoProduct; main: Buffer }>,
): Promise<number> {
  let pictures = 0;
  const sharp = await loadSharp();
  for (const [i, { id, item, main }] of products.slice(0, GALLERY_PRODUCTS).entries()) {
    await db
      .update(productImages)
      .set({ altEn: `${item.name}, front view`, altHi: `${item.name}, सामने से` })
      .where(and(eq(productImages.productId, id), eq(productImages.position, 0)));
    if (i % 4 === 3) continue;
    const extra = 1 + (i % 4) + (i % 3 === 0 ? 1 : 0);
    const rows = [];
    for (const [n, view] of viewsOf(item, main, extra).entries()) {
      const mediaId = await storeImage(db, store, await view.render(sharp));
      rows.push({ productId: id, position: n + 1, mediaId, altEn: view.alt, altHi: view.altHi });
    }
    await db.insert(productImages).values(rows);
    pictures += rows.length;
  }
  return pictures;
}
