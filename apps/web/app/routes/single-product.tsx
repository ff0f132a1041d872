import { PagePlaceholder } from '~/components/page-placeholder';

export default function SingleProductPage() {
  return <PagePlaceholder title="Product" />;
}

export function meta() {
  return [{ title: 'Product' },];
}
