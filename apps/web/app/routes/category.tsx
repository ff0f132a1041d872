import { PagePlaceholder } from '~/components/page-placeholder';

export default function CategoryPage() {
  return <PagePlaceholder title="Collection" />;
}

export function meta() {
  return [{ title: 'Collection' },];
}
