import { CATEGORIES, type Category, type Subcategory } from '@catalogue/shared/domain/categories';

/** Main navigation, as route paths and `common` text keys. */
export const MAIN_NAV = [
  { to: '/', key: 'nav.home' },
  { to: '/aboutus', key: 'nav.aboutUs' },
  { to: 'design-menu', key: 'nav.jewelleryDesign' },
  { to: '/fairtrade', key: 'nav.fairTrade' },
  { to: '/contactus', key: 'nav.contactUs' },
] as const;

/** The order the header's design menu lists the categories in. */
export const MENU_CATEGORIES: readonly Category[] = [
  'Necklaces',
  'Earrings',
  'Bracelets',
  'Rings',
  'Pendants',
];

export const SUBCATEGORY_LINKS: readonly { subcategory: Subcategory; key: string }[] = [
  { subcategory: 'withgemstone', key: 'nav.withGemstone' },
  { subcategory: 'withoutgemstone', key: 'nav.withoutGemstone' },
];

export const categoryPath = (category: Category) => `/category/${category}`;
export const subcategoryPath = (category: Category, subcategory: Subcategory) =>
  `/category/${category}/${subcategory}`;

/** Text key of a category's display name. */
export const categoryKey = (category: Category) => `categories.${category}`;

export { CATEGORIES };
