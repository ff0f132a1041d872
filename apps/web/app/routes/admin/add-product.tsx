import { PagePlaceholder } from '~/components/page-placeholder';

export default function AddProductPage() {
  return <PagePlaceholder title="Add Product" />;
}

export function meta() {
  return [{ title: 'Add Product' }, { name: 'robots', content: 'noindex' }];
}
