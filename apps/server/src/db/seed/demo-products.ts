import {
  CATEGORIES,
  SUBCATEGORIES,
  type Category,
  type Subcategory,
} from '@catalogue/shared/domain/categories';
import { createRandom, GEMS, METALS } from './images.ts';
import { MOTIFS } from './bulk-names.ts';

const STYLES: Record<Category, string[]> = {
  Rings: ['Solitaire', 'Cocktail', 'Stacking', 'Signet', 'Band', 'Halo', 'Twisted', 'Floral'],
  Bracelets: ['Bangle', 'Cuff', 'Tennis', 'Charm', 'Chain', 'Kada', 'Link', 'Beaded'],
  Earrings: ['Jhumka', 'Hoop', 'Stud', 'Chandbali', 'Drop', 'Huggie', 'Tassel', 'Ear Cuff'],
  Necklaces: ['Choker', 'Collar', 'Layered', 'Rani Haar', 'Lariat', 'Bib', 'Temple', 'Station'],
  Pendants: ['Teardrop', 'Locket', 'Medallion', 'Leaf', 'Moon', 'Coin', 'Evil Eye', 'Lotus'],
};

const SINGULAR: Record<Category, string> = {
  Rings: 'Ring',
  Bracelets: 'Bracelet',
  Earrings: 'Earrings',
  Necklaces: 'Necklace',
  Pendants: 'Pendant',
};

const CODE_PREFIX: Record<Category, string> = {
  Rings: 'RG',
  Bracelets: 'BR',
  Earrings: 'ER',
  Necklaces: 'NK',
  Pendants: 'PD',
};

export type DemoProduct = {
  name: string;
  description: string;
  category: Category;
  subcategory: Subcategory;
  code: string;
  price: number;
  look: { metal: (typeof METALS)[number]; gem: (typeof GEMS)[number] | null; hue: number };
};

/** The demo catalogue: `count` believable products spread over every category and subcategory. */
export function demoProducts(count: number, seed = 2005): DemoProduct[] {
  const random = createRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const out: DemoProduct[] = [];
  for (let i = 0; i < count; i++) {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const subcategory = SUBCATEGORIES[Math.floor(i / CATEGORIES.length) % 2]!;
    const metal = pick(METALS);
    const gem = subcategory === 'withgemstone' ? pick(GEMS) : null;
    const style = pick(STYLES[category]);
    const motif = pick(MOTIFS);
    const name = `${motif} ${style} ${SINGULAR[category]}${gem ? ` with ${gem.name}` : ''}`;
    const code = `${CODE_PREFIX[category]}-${subcategory === 'withgemstone' ? 'G' : 'P'}${String(1001 + i)}`;
    const description =
      `${style} ${SINGULAR[category].toLowerCase()} in ${metal.name.toLowerCase()}, handcrafted in our Jaipur workshop` +
      `${gem ? ` and set with ${gem.name.toLowerCase()}-coloured stones` : ' with a hand-polished finish'}. ` +
      `${motif} detailing; available in custom sizes, platings and quantities for wholesale orders. Nickel-free.`;
    out.push({
      name,
      description,
      category,
      subcategory,
      code,
      price: Math.round((4 + random() * 60) * 100) / 100,
      look: { metal, gem, hue: Math.floor(random() * 360) },
    });
  }
  return out;
}
