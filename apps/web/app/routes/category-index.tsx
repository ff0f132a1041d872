import { PagePlaceholder } from '~/components/page-placeholder';

export default function CategoryIndexPage() {
  return <PagePlaceholder title="Categories" />;
}

export function meta() {
  return [{ title: 'Categories' },];
}
