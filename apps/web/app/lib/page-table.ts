/**
 * The explicit route table of every page, with the text namespaces each page renders beside the
 * shell's `common`. `routes.ts` mounts it; the root loader sends a page only its namespaces
 * (`text-scope.ts`), so the table is where a page declares what it needs. A test walks each route
 * module's imports and fails when a component uses a namespace its page does not declare.
 */
export type PageEntry = { path: string; file: string; texts: readonly string[] };

/** Listings and the product page share their texts (cards, gallery, filters, specification), so moving between them reloads none. */
const CATALOGUE = ['catalogue', 'gallery', 'filters'] as const;

export const PAGES: readonly PageEntry[] = [
  // The home page shows product carousels (catalogue texts) and its FAQ (home texts).
  { path: '', file: 'routes/home.tsx', texts: ['home', 'catalogue'] },
  { path: 'login', file: 'routes/login.tsx', texts: ['account'] },
  { path: 'signup', file: 'routes/signup.tsx', texts: ['account'] },
  { path: 'forgot-password', file: 'routes/forgot-password.tsx', texts: ['account'] },
  { path: 'reset-password', file: 'routes/reset-password.tsx', texts: ['account'] },
  { path: 'verify-email', file: 'routes/verify-email.tsx', texts: ['account'] },
  { path: 'cart', file: 'routes/cart.tsx', texts: ['cart', 'catalogue'] },
  { path: 'shopall', file: 'routes/shopall.tsx', texts: CATALOGUE },
  { path: 'aboutus', file: 'routes/aboutus.tsx', texts: ['pages', 'home'] },
  { path: 'contactus', file: 'routes/contactus.tsx', texts: ['contact', 'pages'] },
  { path: 'fairtrade', file: 'routes/fairtrade.tsx', texts: ['pages', 'home'] },
  { path: 'privacy', file: 'routes/privacy.tsx', texts: ['pages'] },
  { path: 'faq', file: 'routes/faq.tsx', texts: ['pages', 'home'] },
  { path: 'visitjaipur', file: 'routes/visitjaipur.tsx', texts: ['pages'] },
  { path: 'profile', file: 'routes/profile.tsx', texts: ['account', 'quotes'] },
  { path: 'myrequests', file: 'routes/my-requests.tsx', texts: ['quotes'] },
  { path: 'quick-order', file: 'routes/quick-order.tsx', texts: ['quick-order'] },
  { path: 'myrequests/:id', file: 'routes/my-request.tsx', texts: ['quotes', 'fulfilment', 'quote-pricing'] },
  { path: 'blogs', file: 'routes/blogs.tsx', texts: ['blog'] },
  { path: 'blogs/:slug', file: 'routes/blog-detail.tsx', texts: ['blog'] },
  { path: 'singleproduct/:id?', file: 'routes/single-product.tsx', texts: CATALOGUE },
  { path: 'category', file: 'routes/category-index.tsx', texts: ['pages'] },
  { path: 'category/alldesigns', file: 'routes/all-designs.tsx', texts: CATALOGUE },
  { path: 'category/:category', file: 'routes/category.tsx', texts: CATALOGUE },
  { path: 'category/:category/:subcategory', file: 'routes/category-subcategory.tsx', texts: CATALOGUE },
  { path: 'search', file: 'routes/search.tsx', texts: ['search', ...CATALOGUE] },
  // A selection sent to a buyer by link (never stored for everyone, never indexed).
  { path: 's/:token', file: 'routes/selection.tsx', texts: ['selections', 'gallery'] },
  { path: '*', file: 'routes/not-found.tsx', texts: [] },
];

/**
 * The administration screens. They share `routes/admin/layout.tsx`: the admin guard
 * (server and browser), the admin navigation and `noindex`. `excelfile` had no guard in the old
 * site; it is guarded like the rest. They receive every namespace (`ADMIN_TEXTS`): few visitors,
 * and their forms preview storefront parts.
 */
export const ADMIN_PAGES: readonly Omit<PageEntry, 'texts'>[] = [
  { path: 'dashboard', file: 'routes/admin/dashboard.tsx' },
  { path: 'addproduct', file: 'routes/admin/add-product.tsx' },
  { path: 'orderlist', file: 'routes/admin/order-list.tsx' },
  { path: 'orderlist/:id', file: 'routes/admin/order-request.tsx' },
  { path: 'production', file: 'routes/admin/production.tsx' },
  { path: 'product-list', file: 'routes/admin/product-list.tsx' },
  { path: 'userview', file: 'routes/admin/user-view.tsx' },
  { path: 'uploadblog', file: 'routes/admin/upload-blog.tsx' },
  { path: 'blog-list', file: 'routes/admin/blog-list.tsx' },
  { path: 'admin/edit-blog/:id', file: 'routes/admin/edit-blog.tsx' },
  { path: 'admin/edit-product/:id', file: 'routes/admin/edit-product.tsx' },
  { path: 'excelfile', file: 'routes/admin/excel-file.tsx' },
  { path: 'catalogue-import', file: 'routes/admin/catalogue-import.tsx' },
  { path: 'search-synonyms', file: 'routes/admin/search-synonyms.tsx' },
  { path: 'attribute-lists', file: 'routes/admin/attribute-lists.tsx' },
  { path: 'rates', file: 'routes/admin/rates.tsx' },
  { path: 'business-settings', file: 'routes/admin/business-settings.tsx' },
  { path: 'enter-order', file: 'routes/admin/enter-order.tsx' },
  { path: 'selections', file: 'routes/admin/selections.tsx' },
  { path: 'selections/:id', file: 'routes/admin/selection-edit.tsx' },
];
