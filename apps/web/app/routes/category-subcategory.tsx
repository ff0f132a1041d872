import { PagePlaceholder } from '~/components/page-placeholder';

export default function CategorySubcategoryPage() {
  return <PagePlaceholder title="Collection" />;
}

export function meta() {
  return [{ title: 'Collection' },];
}
