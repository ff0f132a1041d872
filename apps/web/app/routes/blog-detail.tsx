import { PagePlaceholder } from '~/components/page-placeholder';

export default function BlogDetailPage() {
  return <PagePlaceholder title="Blog" />;
}

export function meta() {
  return [{ title: 'Blog' },];
}
