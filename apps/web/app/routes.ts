import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/**
 * The explicit route table of spec §2.2. Every page is mounted twice: bare (`/shopall`) and under
 * a locale or language prefix (`/en-in/shopall`, `/hi/shopall`); `routes/prefix.tsx` validates the
 * prefix. Route ids carry the mount so one module can serve both.
 */
const PAGES: [path: string, file: string][] = [
  ['', 'routes/home.tsx'],
  ['login', 'routes/login.tsx'],
  ['signup', 'routes/signup.tsx'],
  ['cart', 'routes/cart.tsx'],
  ['shopall', 'routes/shopall.tsx'],
  ['aboutus', 'routes/aboutus.tsx'],
  ['contactus', 'routes/contactus.tsx'],
  ['fairtrade', 'routes/fairtrade.tsx'],
  ['privacy', 'routes/privacy.tsx'],
  ['faq', 'routes/faq.tsx'],
  ['visitjaipur', 'routes/visitjaipur.tsx'],
  ['profile', 'routes/profile.tsx'],
  ['blogs', 'routes/blogs.tsx'],
  ['blogs/:slug', 'routes/blog-detail.tsx'],
  ['singleproduct/:id?', 'routes/single-product.tsx'],
  ['category', 'routes/category-index.tsx'],
  ['category/alldesigns', 'routes/all-designs.tsx'],
  ['category/:category', 'routes/category.tsx'],
  ['category/:category/:subcategory', 'routes/category-subcategory.tsx'],
  ['*', 'routes/not-found.tsx'],
];

/**
 * The administration screens (spec §2.15). They share `routes/admin/layout.tsx`: the admin guard
 * (server and browser), the admin navigation and `noindex`. `excelfile` had no guard in the old
 * site; it is guarded like the rest.
 */
const ADMIN_PAGES: [path: string, file: string][] = [
  ['dashboard', 'routes/admin/dashboard.tsx'],
  ['addproduct', 'routes/admin/add-product.tsx'],
  ['orderlist', 'routes/admin/order-list.tsx'],
  ['product-list', 'routes/admin/product-list.tsx'],
  ['userview', 'routes/admin/user-view.tsx'],
  ['uploadblog', 'routes/admin/upload-blog.tsx'],
  ['blog-list', 'routes/admin/blog-list.tsx'],
  ['admin/edit-blog/:id', 'routes/admin/edit-blog.tsx'],
  ['admin/edit-product/:id', 'routes/admin/edit-product.tsx'],
  ['excelfile', 'routes/admin/excel-file.tsx'],
];

const mount = (idPrefix: string) => [
  ...PAGES.map(([path, file]) =>
    path === '' ? index(file, { id: `${idPrefix}home` }) : route(path, file, { id: `${idPrefix}${path}` }),
  ),
  layout(
    'routes/admin/layout.tsx',
    { id: `${idPrefix}admin` },
    ADMIN_PAGES.map(([path, file]) => route(path, file, { id: `${idPrefix}${path}` })),
  ),
];

export default [
  ...mount(''),
  route(':prefix', 'routes/prefix.tsx', { id: 'prefix' }, mount('prefixed:')),
] satisfies RouteConfig;
