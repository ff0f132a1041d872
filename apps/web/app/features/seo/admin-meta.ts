import type { MetaDescriptor } from 'react-router';
import { pageMeta, seoContextOf, type MetaArgsLike } from '~/features/seo/seo';

/**
 * `meta` of an admin screen: its title from the admin texts and `noindex`. React Router keeps
 * only the deepest route's `meta`, so each admin page returns this rather than relying on the layout's.
 */
export function adminMeta(
  args: MetaArgsLike,
  titleKey: string,
  namespace:
    | 'admin'
    | 'admin-content'
    | 'quotes'
    | 'catalogue-import'
    | 'filters'
    | 'pricing-admin'
    | 'business-settings-admin'
    | 'fulfilment'
    | 'quick-order-admin'
    | 'selections-admin' = 'admin',
): MetaDescriptor[] {
  const admin = seoContextOf(args.matches).texts[namespace] as Record<string, unknown> | undefined;
  const title = titleKey
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      admin,
    );
  return pageMeta(args, { title: typeof title === 'string' ? title : undefined, noindex: true });
}
