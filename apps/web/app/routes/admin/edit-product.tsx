import { PagePlaceholder } from '~/components/page-placeholder';

export default function EditProductPage() {
  return <PagePlaceholder title="Edit Product" />;
}

export function meta() {
  return [{ title: 'Edit Product' }, { name: 'robots', content: 'noindex' }];
}
