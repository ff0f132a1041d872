import { PagePlaceholder } from '~/components/page-placeholder';

export default function ProductListPage() {
  return <PagePlaceholder title="All Products" />;
}

export function meta() {
  return [{ title: 'All Products' }, { name: 'robots', content: 'noindex' }];
}
